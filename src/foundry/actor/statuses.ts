/**
 * Conditions as Foundry status effects. The conditions a hit causes (dying,
 * dead, broken, slowed, incapacitated, any damage trigger's condition) are
 * kept in the module's flags (`state.conditions`); with the world setting
 * `applyStatusEffects` on, each one also turns on the matching status effect
 * of `CONFIG.statusEffects` on the actor (`Actor#toggleStatusEffect`), so
 * tokens show it. The match is, first, the system's special status for
 * conditions that have one ({@link SPECIAL_STATUS}: dead → the id in
 * `CONFIG.specialStatusEffects.DEFEATED`, dnd5e's and core's `dead`), then the
 * status with the condition's own id (dnd5e's `stunned`, `prone`…), else the
 * first id of {@link STATUS_ALIASES} that exists; a condition without a
 * match stays in the flags only. `CONFIG.statusEffects` is an array of
 * `{ id }` in Foundry v13 and a record keyed by id in v14; both are read. Undo turns off exactly the statuses the hit
 * turned on, never one the actor already had.
 */
import { setting } from "../settings/settings.ts";
import type { HitPlan } from "./hit-plan.ts";

/** Conditions that map to a `CONFIG.specialStatusEffects` key (dead/defeated: `DEFEATED`). */
export const SPECIAL_STATUS: Readonly<Record<string, string>> = { dead: "DEFEATED", defeated: "DEFEATED", blinded: "BLIND", invisible: "INVISIBLE" };

/**
 * Status ids to try, in order, when `CONFIG.statusEffects` has no status with
 * the condition's own id. Core Foundry v13 has `unconscious`, `stun`,
 * `restrain`, `paralysis`, `blind`, `deaf`, `fear`, `poison`, `sleep`; dnd5e
 * 5.x replaces the list with its own ids (module/config.mjs `statusEffects`,
 * `conditionTypes`): `incapacitated`, conditions spelled as adjectives
 * (`stunned`...), which the same-id match finds first, and `sleeping`.
 * - `dying` (003, and 000/001 at 0 HP) → `unconscious`;
 * - `incapacitated` (003 Incapacitation) → dnd5e's `incapacitated` (same id), else `unconscious`;
 * - adjectives of common trigger conditions → core's nouns.
 */
export const STATUS_ALIASES: Readonly<Record<string, readonly string[]>> = {
  dying: ["unconscious"],
  incapacitated: ["unconscious"],
  stunned: ["stun"],
  restrained: ["restrain"],
  paralyzed: ["paralysis"],
  blinded: ["blind"],
  deafened: ["deaf"],
  frightened: ["fear"],
  poisoned: ["poison"],
  asleep: ["sleeping", "sleep"],
  sleeping: ["sleep"],
};

/** The ids of this world's status effects: v13 an array of `{ id }`, v14 a record keyed by id. */
export function statusIds(effects: unknown = CONFIG.statusEffects): Set<string> {
  if (Array.isArray(effects)) return new Set(effects.map((s: { id?: unknown }) => s?.id).filter((id): id is string => typeof id === "string"));
  return typeof effects === "object" && effects !== null ? new Set(Object.keys(effects)) : new Set();
}

/** The status effect id for `condition` in this world's `CONFIG.statusEffects`, or undefined when there is none. */
export function statusFor(condition: string): string | undefined {
  const ids = statusIds();
  const specialKey = SPECIAL_STATUS[condition];
  const special = specialKey === undefined ? undefined : (CONFIG.specialStatusEffects as unknown as Record<string, string | undefined> | undefined)?.[specialKey];
  return [special, condition, ...(STATUS_ALIASES[condition] ?? [])].find((id): id is string => id !== undefined && ids.has(id));
}

function warnFailed(actor: Actor.Implementation, status: string, err: unknown): void {
  ui.notifications?.warn(game.i18n!.format("DAMAGECHAIN.Notify.StatusFailed", { actor: actor.name ?? actor.uuid, status, error: err instanceof Error ? err.message : String(err) }));
}

/** Status effects one hit should turn on: the actor and the ids it does not have yet. */
export interface StatusChange {
  actor: Actor.Implementation;
  ids: string[];
}

/**
 * The status effects the conditions of each hit call for (setting
 * `applyStatusEffects` on): per actor, the matching ids it does not have yet,
 * each once. Actors with none are left out; empty when the setting is off.
 */
export function statusChanges(plans: readonly HitPlan[]): StatusChange[] {
  if (!setting("applyStatusEffects")) return [];
  const out: StatusChange[] = [];
  for (const { actor, result } of plans) {
    const ids: string[] = [];
    for (const condition of result?.conditionsGained ?? []) {
      const id = statusFor(condition);
      if (id !== undefined && !ids.includes(id) && !actor.statuses.has(id)) ids.push(id);
    }
    if (ids.length > 0) out.push({ actor, ids });
  }
  return out;
}

/**
 * Turn on the statuses of `changes` (`Actor#toggleStatusEffect`). Returns,
 * per actor uuid, the ids turned on. A status that cannot be set is reported
 * to the user (lang key `DAMAGECHAIN.Notify.StatusFailed`) and left out;
 * never throws.
 */
export async function addStatuses(changes: readonly StatusChange[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { actor, ids } of changes) {
    const added: string[] = [];
    for (const id of ids) {
      try {
        await actor.toggleStatusEffect(id, { active: true });
        added.push(id);
      } catch (err) {
        warnFailed(actor, id, err);
      }
    }
    if (added.length > 0) out[actor.uuid] = added;
  }
  return out;
}

/** Turn off the statuses `ids` a hit turned on, where the actor still has them (undo). Never throws. */
export async function removeStatuses(actor: Actor.Implementation, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    if (!actor.statuses.has(id)) continue;
    try {
      await actor.toggleStatusEffect(id, { active: false });
    } catch (err) {
      warnFailed(actor, id, err);
    }
  }
}
