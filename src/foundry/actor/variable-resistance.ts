/**
 * Variable Resistance shared with allies (seed 001 "A note on Variable
 * Resistance"; RULES.md §2.5). The core step sets the hit defender's own
 * `state.variableResistance` and emits a `variableResistance` effect with
 * `shareWithAllies: true`; the adapter does the sharing:
 *
 * > "...the character and all allies with this ability gain Resist against
 * > that damage type, and Vulnerable against another elemental damage type
 * > chosen at random." — "If the ability would trigger simultaneously for
 * > several allied characters, only one of them chosen at random can use it."
 *
 * Allies are the actors of the other tokens in the same scene with the same
 * disposition (`actor/allies.ts`). For one event (an area hit, or the hits of one
 * dnd5e damage roll), the targets it triggered for are grouped by alliance;
 * in each group one user is chosen at random (`chooseVariableResistanceUser`),
 * and every ally with the `variableResistance` keyword — the other targets of
 * the group included — gets the user's result. The others' own rolls are
 * dropped. Nothing here writes: the caller writes what this returns.
 */
import type { ResolveResult } from "../../core/chain.ts";
import type { DefenderState } from "../../core/model/defender.ts";
import type { RandomSource } from "../../core/pick.ts";
import { chooseVariableResistanceUser } from "../../core/steps/variableResistance.ts";
import { makeDelta, type ActorDelta } from "../../core/undo.ts";
import { diffUpdate, readPath, sameJson, type FlatUpdate, type Snapshot } from "../../core/update-paths.ts";
import { rawFlags, readFlags } from "./data.ts";
import { allianceKey, alliesOf } from "./allies.ts";
import { FLAG_ROOT } from "../constants.ts";
import type { HitPlan } from "./hit-plan.ts";
import { snapshotFlags, snapshotsOf } from "./snapshot.ts";

/** A Variable Resistance in force: resisted and vulnerable damage types. */
export type VariableResistance = NonNullable<DefenderState["variableResistance"]>;

/** One use of Variable Resistance in a hit, for the chat card. */
export interface VariableResistanceShare {
  /** The actor that used it. */
  user: { uuid: string; name: string; npc: boolean };
  resist: string;
  vulnerable: string;
  /** Allied targets it triggered for at once (the user included); above 1 the user was chosen at random. */
  triggered: number;
  /** Uuids of the allies that received it (the user not included). */
  allies: string[];
}

/** What sharing changes. */
export interface SharedHits {
  /** The plans, in the same order; a target that received an ally's result has a new plan (result, snapshots, delta). */
  plans: HitPlan[];
  /** Allies that were not targets: the write that gives them the result, and its undo. */
  allies: { actor: Actor.Implementation; delta: ActorDelta }[];
  /** For targets that got a new plan: the update from what their old plan wrote to the new state (for hits already written). */
  catchUp: { actor: Actor.Implementation; update: FlatUpdate }[];
  shares: VariableResistanceShare[];
}

const KEYWORD = "variableResistance";

function ownUse(plan: HitPlan): VariableResistance | undefined {
  for (const e of plan.result?.effects ?? []) if (e.kind === "variableResistance") return { resist: e.resist, vulnerable: e.vulnerable };
  return undefined;
}

/** True when the actor's readable flags give it the `variableResistance` keyword. */
function hasVariableResistance(actor: Actor.Implementation): boolean {
  const read = readFlags(actor);
  return read.ok && read.value.defenses.keywords.includes(KEYWORD);
}

/** The target plan with `vr` in force instead of its own; undefined when it already has it. */
function restate(plan: HitPlan, result: ResolveResult, vr: VariableResistance): { plan: HitPlan; catchUp: FlatUpdate } | undefined {
  const was = snapshotsOf(plan.snapshots);
  const after = structuredClone(was.after);
  const state = readPath(after, `${FLAG_ROOT}.state`) as DefenderState | undefined;
  if (state === undefined || sameJson(state.variableResistance, vr)) return undefined;
  state.variableResistance = { ...vr };
  const shared: ResolveResult = {
    ...result,
    state: { ...result.state, variableResistance: { ...vr } },
    effects: result.effects.map((e) => (e.kind === "variableResistance" ? { ...e, ...vr } : e)),
  };
  const snapshots = { before: was.before, after };
  return { plan: { ...plan, result: shared, snapshots, delta: makeDelta(plan.actor.uuid, snapshots.before, after) }, catchUp: diffUpdate(was.after, after) };
}

/** The write that gives a non-target ally `vr` (its flags at the current version); undefined when unreadable or unchanged. */
function allyDelta(actor: Actor.Implementation, vr: VariableResistance): ActorDelta | undefined {
  const read = readFlags(actor);
  if (!read.ok) return undefined;
  const before: Snapshot = {};
  const after: Snapshot = {};
  snapshotFlags(before, after, rawFlags(actor), read.value.schemaVersion, { ...read.value.state, variableResistance: { ...vr } }, undefined);
  const delta = makeDelta(actor.uuid, before, after);
  return Object.keys(delta.apply).length === 0 ? undefined : delta;
}

/**
 * Share the Variable Resistance of one event's hits (`plans`, one per
 * target) with allies. `random` picks the user when it triggered for several
 * allied targets at once (one draw per alliance it triggered in). Reads the
 * scenes and the allies' flags; writes nothing. Allies whose flags cannot be
 * read are left alone. Never throws.
 */
export function shareVariableResistance(plans: readonly HitPlan[], random: RandomSource): SharedHits {
  const out: SharedHits = { plans: [...plans], allies: [], catchUp: [], shares: [] };
  const groups = new Map<string, HitPlan[]>();
  for (const plan of plans) {
    if (ownUse(plan) === undefined) continue;
    const key = allianceKey(plan.actor) ?? `alone|${plan.actor.uuid}`;
    groups.set(key, [...(groups.get(key) ?? []), plan]);
  }
  for (const group of groups.values()) {
    const userId = chooseVariableResistanceUser(group.map((p) => p.actor.uuid), random);
    const user = group.find((p) => p.actor.uuid === userId)!;
    const vr = ownUse(user)!;
    const recipients = [...group.filter((p) => p !== user).map((p) => p.actor), ...alliesOf(user.actor).filter(hasVariableResistance)];
    const received: string[] = [];
    for (const actor of recipients) {
      if (received.includes(actor.uuid)) continue;
      received.push(actor.uuid);
      const i = out.plans.findIndex((p) => p.actor.uuid === actor.uuid);
      const target = out.plans[i];
      if (target === undefined) {
        const delta = allyDelta(actor, vr);
        if (delta !== undefined) out.allies.push({ actor, delta });
      } else if (target.result !== undefined) {
        const changed = restate(target, target.result, vr);
        if (changed === undefined) continue;
        out.plans[i] = changed.plan;
        if (Object.keys(changed.catchUp).length > 0) out.catchUp.push({ actor, update: changed.catchUp });
      }
    }
    out.shares.push({
      user: { uuid: user.actor.uuid, name: user.actor.name ?? user.actor.uuid, npc: !user.actor.hasPlayerOwner },
      ...vr,
      triggered: group.length,
      allies: received,
    });
  }
  return out;
}
