/**
 * One hit on one actor, planned but not written: the chain's result and the
 * exact update (with its undo) that stores it. Writing is done elsewhere, in
 * one batch per parent (`batch-write.ts`) or inside a hook's own update.
 */
import { resolve, type ResolveResult } from "../../core/chain.ts";
import type { Resources } from "../../core/model/defender.ts";
import type { DamageEvent } from "../../core/model/event.ts";
import type { Defenses } from "../../core/model/defenses.ts";
import type { Profile } from "../../core/model/profile.ts";
import type { RandomSource } from "../../core/pick.ts";
import { readStoredShared } from "../../core/stored-cache.ts";
import { lifeKey, poolsAfter, resourceWrites, type ActorTypeMapping } from "../../core/resource-map.ts";
import { makeDelta } from "../../core/undo.ts";
import { readPath } from "../../core/update-paths.ts";
import type { InputProblem } from "../../core/validate.ts";
import { rawFlags, readDefender } from "../actor/data.ts";
import { mappingFor } from "../actor/resources.ts";
import type { HitPlan, ResourceChange } from "../actor/hit-plan.ts";
import { flagsBeforeAfter, keptSnapshots, snapshotsOf, type FlagsBeforeAfter, type HitSnapshots } from "../actor/snapshot.ts";
import { viewOf } from "../actor/in-flight.ts";
import { rollSaves } from "../actor/saves.ts";
import { SameHits, sameHitKey } from "./same-hit.ts";
import { foundryRandom } from "./random.ts";
import { countsSystemTraits } from "../actor/system-traits.ts";
import { systemData } from "../actor/system-support.ts";
import { fellBack, runnable } from "../settings/profiles.ts";
import type { Warning } from "../../core/context.ts";

export type { HitPlan, ResourceChange } from "../actor/hit-plan.ts";

/** Everything a plan needs besides the actor and event. */
export interface PlanContext {
  profile: Profile;
  /** World time in game seconds (`game.time.worldTime`). */
  now: number;
  random: RandomSource;
  /** Resource mappings already worked out for this hit, by kind of actor (`mappingFor`'s memo). */
  mappings?: Map<string, ActorTypeMapping>;
  /** Targets of this event planned so far, shared with identical ones (`same-hit.ts`). */
  same?: SameHits;
  /**
   * Changes this target's defenses for this hit only (dnd5e's per-target tray
   * options in replace mode: `core/import/dnd5e-tray.ts`); its notes go on
   * the card. Targets are then never shared (`same`).
   */
  adjust?: (defenses: Defenses, event: DamageEvent) => { defenses: Defenses; notes: InputProblem[] };
}

/**
 * The plan context for a hit now: the profile (or, when this world cannot run
 * one of its steps, the world's own built-in profile in its place: `runnable`;
 * the card then says so), world time, Foundry's random numbers.
 */
export function planContext(profile: Profile): PlanContext {
  return { profile: runnable(profile), now: game.time?.worldTime ?? 0, random: foundryRandom, mappings: new Map(), same: new SameHits() };
}

/** The card's note of a hit that followed the world's own profile because the one chosen cannot run here (`runnable`). */
function fallBackWarning(profile: Profile): Warning | undefined {
  const reason = fellBack(profile);
  return reason === undefined ? undefined : { path: "profile", key: reason.step === undefined ? "DAMAGECHAIN.Warning.ProfileOtherSystem" : "DAMAGECHAIN.Warning.ProfileFellBack", params: { ...reason } };
}

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (`update-paths.ts` ownKey). */
const ownKey = Object.prototype.hasOwnProperty;

/** The temporary points of resource `key` before and after the hit's `writes`, when `mapping` has them. */
function tempOf(data: unknown, mapping: ActorTypeMapping, writes: Record<string, number>, key: string): { before: number; after: number } | undefined {
  const path = mapping[key]?.temp;
  if (path === undefined) return undefined;
  const was = Math.max(0, Math.trunc(Number(readPath(data, path)) || 0));
  return { before: was, after: typeof writes[path] === "number" ? writes[path] : was };
}

/**
 * The resources a hit changed. A resource with temporary points (dnd5e's
 * temp HP, taken first) is shown as its own points and, apart, as `temp`
 * ("HP 30 → 30, temp 8 → 3", not "HP 38 → 33"): `tempOf` gives
 * the temporary points before and after, when the mapping has them.
 * Walked with `for...in`, not `Object.entries`: a list of pairs per target of an area hit would be garbage.
 */
function changed(before: Resources, after: Resources, data: unknown, mapping: ActorTypeMapping, writes: Record<string, number>): ResourceChange[] {
  // Made with its first change, each change whole: every plan keeps its list until the card is posted, and a list grown by `push` from empty takes 16 places (a target nearly always changes one resource), an object given a key after it was made a second block.
  let out: ResourceChange[] | undefined;
  for (const key in before) {
    if (!ownKey.call(before, key)) continue;
    const b = before[key]!;
    const a = after[key];
    if (a === undefined || a.value === b.value) continue;
    const temp = tempOf(data, mapping, writes, key);
    const was = b.value - (temp === undefined ? 0 : temp.before);
    const is = a.value - (temp === undefined ? 0 : temp.after);
    const change: ResourceChange = b.max === undefined ? { key, before: was, after: is } : { key, before: was, after: is, max: Math.max(was, b.max - (temp === undefined ? 0 : temp.before)) };
    if (out === undefined) out = [change];
    else out.push(change);
    if (temp !== undefined && temp.before !== temp.after) out.push({ key: "temp", before: temp.before, after: temp.after });
  }
  return out ?? [];
}


/** The hit's resource writes with the values they replace, in order, as its snapshots keep them (`SnapshotParts`: path, before, after...). */
function writeList(data: unknown, writes: Record<string, number>): unknown[] {
  let n = 0;
  for (const path in writes) if (ownKey.call(writes, path)) n++;
  // A list of its size: every plan keeps it.
  const out = new Array<unknown>(3 * n);
  let i = 0;
  for (const path in writes) {
    if (!ownKey.call(writes, path)) continue;
    out[i++] = path;
    out[i++] = readPath(data, path);
    out[i++] = writes[path];
  }
  return out;
}

/** The raw total of a hit, for applying it without the chain: extra damage and power changes included, never below 0 (002 rule 15). */
function rawTotal(event: DamageEvent): number {
  let sum = 0;
  for (const p of event.parts) sum += p.amount;
  for (const m of event.modifiers) if (m.kind === "extraDamage" || m.kind === "adjust") sum += m.amount;
  return Math.max(0, sum);
}

/**
 * Plan `event` on `actor`, as it will be once this client's writes in flight
 * have arrived (`in-flight.ts`): hits on one actor in the same tick are
 * planned one after another. Never throws for a valid event. When the actor's
 * flags cannot be read (corrupt, newer version) the chain is skipped: the raw
 * total comes off the profile's life resource, the flags are left untouched,
 * and `problems` names the field.
 */
export function planHit(actor: Actor.Implementation, event: DamageEvent, ctx: PlanContext): HitPlan {
  const data = viewOf(actor);
  const flags = readStoredShared(rawFlags(data));
  const mapping = mappingFor(data, ctx.profile, ctx.mappings);
  const key = ctx.same === undefined || ctx.mappings === undefined || ctx.adjust !== undefined || countsSystemTraits() ? undefined : sameHitKey(data, flags, mapping, event);
  const twin = key === undefined ? undefined : ctx.same!.get(key);
  if (twin !== undefined) {
    return {
      actor,
      event,
      result: twin.result === undefined ? undefined : { ...twin.result },
      final: twin.final,
      problems: [],
      changes: twin.changes,
      delta: { uuid: actor.uuid, apply: twin.apply, revert: twin.revert },
      snapshots: twin.snapshots,
    };
  }
  const read = readDefender(data, ctx.profile, { read: flags, mapping });
  const adjusted = ctx.adjust === undefined || !flags.ok ? undefined : ctx.adjust(read.defender.defenses, event);
  const base = adjusted === undefined ? read.defender : { ...read.defender, defenses: adjusted.defenses };
  const problems = adjusted === undefined ? read.problems : [...read.problems, ...adjusted.notes];
  let flagParts: FlagsBeforeAfter | undefined;
  const life = lifeKey(ctx.profile);
  let result: ResolveResult | undefined;
  let resourcesAfter: Resources;
  let draws = 0;
  if (flags.ok) {
    const random: RandomSource = { int: (n) => (draws++, ctx.random.int(n)) };
    const saves = rollSaves(data, base.defenses, random);
    const defender = saves === undefined ? base : { ...base, saves };
    result = resolve({ event, defender, profile: ctx.profile, random, now: ctx.now });
    const note = fallBackWarning(ctx.profile);
    if (note !== undefined) result.warnings.push(note);
    resourcesAfter = result.resources;
    const raw = rawFlags(data);
    const pools = poolsAfter(mapping, result.resources);
    const writesPools = Object.keys(pools).length > 0 || (raw !== undefined && "pools" in (raw as object));
    flagParts = flagsBeforeAfter(raw, flags.value.schemaVersion, result.state, writesPools ? pools : undefined);
  } else {
    resourcesAfter = { ...base.resources };
    const pool = base.resources[life];
    if (pool !== undefined) resourcesAfter[life] = { ...pool, value: Math.max(0, pool.value - rawTotal(event)) };
  }
  // The system's own writes of what reached life (PF1: nonlethal damage, HP below 0: `systems/pf1/index.ts`).
  const own = result === undefined ? undefined : systemData()?.writeLife?.(data, event, result, mapping[life]);
  const writes = own?.writes ?? resourceWrites(data, mapping, base.resources, resourcesAfter);
  // Life below 0 where the system allows it (Draw Steel's heroes: `systems/draw-steel/below-zero.ts`).
  const below = own === undefined ? systemData()?.belowZero?.(data, mapping[life], result, writes) : undefined;
  const parts = { flags: flagParts, writes: writeList(data, writes) };
  const made = snapshotsOf(parts);
  const delta = makeDelta(actor.uuid, made.before, made.after);
  // The plan keeps the parts, not the snapshots made from them (which die young), where it can.
  const snapshots: HitSnapshots = keptSnapshots(parts, made);
  const changes = own?.changes ?? changed(base.resources, resourcesAfter, data, mapping, writes);
  if (below !== undefined) {
    // The card shows the life value the system keeps, below 0 included.
    const own = changes.find((c) => c.key === life);
    if (own !== undefined) Object.assign(own, below);
    else changes.unshift({ key: life, ...below });
  }
  const plan: HitPlan = { actor, event, result, final: result?.final ?? rawTotal(event), problems, changes, delta, snapshots };
  if (key !== undefined && draws === 0 && problems.length === 0) {
    ctx.same!.set(key, { result, final: plan.final, changes: plan.changes, apply: delta.apply, revert: delta.revert, snapshots });
  }
  return plan;
}
