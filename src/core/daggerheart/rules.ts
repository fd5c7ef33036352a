/**
 * Daggerheart's own damage arithmetic as pure functions over
 * {@link DaggerheartTraits}, one per method of the system's actor
 * (Foundryborne/daggerheart at commit 00512b7cbbddb1d86e095d20c66f27c7293e18f8,
 * `module/documents/actor.mjs`). The `daggerheart` profile's steps call them;
 * the differential test compares them with the system's own methods.
 */
import type { StepContext } from "../context.ts";
import { daggerheartTraitsSchema, type DaggerheartTraits } from "../model/daggerheart.ts";

/** Traits validated once per object (the adapter reads them fresh for every hit). */
const validated = new WeakMap<object, DaggerheartTraits | null>();

/**
 * The defender's Daggerheart traits, validated with their defaults; undefined
 * when it has none or they are not valid (then the steps change nothing:
 * never a NaN from a bad number).
 */
export function traitsOf(ctx: Pick<StepContext, "defender">): DaggerheartTraits | undefined {
  const input = ctx.defender.daggerheart;
  if (input === undefined) return undefined;
  let out = validated.get(input);
  if (out === undefined) {
    const parsed = daggerheartTraitsSchema.safeParse(input);
    out = parsed.success ? parsed.data : null;
    validated.set(input, out);
  }
  return out ?? undefined;
}

/**
 * `getResistanceStatus(damageTypes)`: resistant (immune) only when every type
 * the actor has an entry for is resistant (immune); types without an entry
 * are skipped, and no entry at all means neither.
 */
export function resistanceStatus(traits: DaggerheartTraits, types: readonly string[]): { resistant: boolean; immune: boolean } {
  let resistant: boolean | null = null;
  let immune: boolean | null = null;
  for (const type of types) {
    const entry = traits.resistance[type as keyof DaggerheartTraits["resistance"]];
    if (entry === undefined) continue;
    if (resistant !== false) resistant = entry.resistance;
    if (immune !== false) immune = entry.immunity;
  }
  return { resistant: resistant === true, immune: immune === true };
}

/** `getDamageTypeReduction(type)`: the LOWEST reduction among the hit's types the actor has an entry for; 0 when none. */
export function typeReduction(traits: DaggerheartTraits, types: readonly string[]): number {
  let low = Infinity;
  for (const [type, entry] of Object.entries(traits.resistance)) if (entry !== undefined && types.includes(type)) low = Math.min(low, entry.reduction);
  return low === Infinity ? 0 : low;
}

/** `calculateDamage(baseDamage, type)`: immunity → 0, else resistance → half rounded up; then the flat reduction, never below 0. Points of damage. */
export function calculateDamage(traits: DaggerheartTraits, damage: number, types: readonly string[]): number {
  const { resistant, immune } = resistanceStatus(traits, types);
  let base = damage;
  if (immune) base = 0;
  else if (resistant) base = Math.ceil(base / 2);
  return Math.max(base - typeReduction(traits, types), 0);
}

/**
 * `convertDamageToThreshold(damage)`: points of damage → Hit Points marked.
 * 0 for no damage; 4 under the Massive Damage rule at twice the Severe
 * threshold or more; 3 at Severe or more; 2 at Major or more; else 1.
 */
export function damageToMarks(traits: DaggerheartTraits, damage: number): number {
  if (damage <= 0) return 0;
  if (traits.massive && damage >= traits.severe * 2) return 4;
  return damage >= traits.severe ? 3 : damage >= traits.major ? 2 : 1;
}

/**
 * What `takeDamage` does to an adversary's marks after the threshold: the
 * highest `reduceSeverity` of the hit's types comes off (never below 0), then
 * a minor-threshold immunity takes one more off a single mark.
 */
export function adversaryMarks(traits: DaggerheartTraits, marks: number, types: readonly string[]): number {
  if (!traits.adversary) return marks;
  const reduce = types.reduce((high, t) => Math.max(traits.reduceSeverity[t as keyof DaggerheartTraits["reduceSeverity"]] ?? 0, high), 0);
  let out = Math.max(marks - reduce, 0);
  if (traits.minorImmune && out === 1) out = 0;
  return out;
}
