/**
 * dnd5e 5.x support (issue 3 §3): turning dnd5e damage descriptions into a
 * damage event that keeps their types and properties. dnd5e's physical
 * properties become event traits: `mgc` → `magical`, `sil` → `silvered`
 * (the 001 Silvered condition), `ada` → `adamantine`.
 */
import type { DamageEventInput } from "../../core/model/event.ts";
import { DND5E_HP } from "../../core/resource-map.ts";
import type { Dnd5eDamage, Dnd5eDamageOptions } from "../hooks/types.ts";
import type { HitPlan } from "./plan.ts";
import { mappingFor } from "../actor/resources.ts";
import type { Profile } from "../../core/model/profile.ts";

/** dnd5e property ids → event traits. */
export const PROPERTY_TRAITS: Readonly<Record<string, string>> = { mgc: "magical", sil: "silvered", ada: "adamantine" };

/** dnd5e types that are not damage (CONFIG.DND5E.healingTypes, and max-HP changes). */
const NOT_DAMAGE = new Set(["healing", "temphp", "maximum"]);

/** True when every description is damage (no healing, temp HP or max-HP change) and some damage is above 0. */
export function isDamage(damages: readonly Dnd5eDamage[]): boolean {
  return damages.every((d) => !NOT_DAMAGE.has(d.type) && d.value >= 0) && damages.some((d) => d.value > 0);
}

/** The damage event for dnd5e descriptions (values as dnd5e has computed them so far). */
export function eventFromDnd5e(damages: readonly Dnd5eDamage[]): DamageEventInput {
  const traits = new Set<string>();
  const parts = damages
    .filter((d) => d.value > 0)
    .map((d) => {
      for (const p of d.properties ?? []) if (PROPERTY_TRAITS[p] !== undefined) traits.add(PROPERTY_TRAITS[p]);
      return { amount: Math.trunc(d.value), types: d.type ? [d.type] : [] };
    });
  return { parts, traits: [...traits], label: "dnd5e" };
}

/**
 * Replace mode: a copy of the raw descriptions dnd5e was asked to calculate,
 * kept by dnd5e's own working list (`Actor5e#calculateDamage` passes the same
 * array to `dnd5e.preCalculateDamage` and `dnd5e.calculateDamage`). The
 * module resolves from this copy and never touches dnd5e's options, which
 * the damage tray stores per target (issue 12 §4).
 */
const rawDamages = new WeakMap<object, Dnd5eDamage[]>();

/** Keep a copy of `damages` as they are before dnd5e's immunities, resistances and modifications. */
export function keepRawDamages(damages: Dnd5eDamage[]): void {
  rawDamages.set(damages, damages.map((d) => ({ ...d, properties: d.properties === undefined ? undefined : new Set(d.properties) })));
}

/** The kept raw copy for dnd5e's list `damages`, each value times `multiplier` (the tray's ×½, ×2…), or undefined. */
export function rawDamagesFor(damages: object, multiplier: number): Dnd5eDamage[] | undefined {
  return rawDamages.get(damages)?.map((d) => ({ ...d, value: d.value * multiplier }));
}

/** Id of the chat message a dnd5e damage application comes from (its hits share one card), if any. */
export function originId(options: Dnd5eDamageOptions): string | undefined {
  const origin = (options.origin ?? options.originatingMessage) as { id?: string | null } | null | undefined;
  return origin?.id ?? undefined;
}

/** Points the planned hit takes off dnd5e's hit points (temp HP first), for dnd5e's `amount`. */
export function hpLoss(plan: HitPlan, profile: Profile): number {
  const key = Object.entries(mappingFor(plan.actor, profile)).find(([, p]) => p.value === DND5E_HP.value)?.[0];
  const change = plan.changes.find((c) => c.key === key);
  return change === undefined ? 0 : change.before - change.after;
}
