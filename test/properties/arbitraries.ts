/**
 * fast-check arbitraries for the property suite: hits, defenders (with state
 * up to the schema's bounds), built-in and random custom profiles, ids and
 * keys a GM could type, and flag blobs that another module or a macro could
 * leave in an actor's flags.
 */
import fc from "fast-check";
import { CONDITIONS, MAX_POINTS } from "../../src/core/model/common.ts";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { KEYWORDS, type DefensesInput } from "../../src/core/model/defenses.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import { DEFAULT_DAMAGE_TYPES, STEP_IDS, type ProfileInput } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";

const ELEMENTAL = ["acid", "cold", "fire", "lightning", "thunder"] as const;
const TAGS = ["poison", "fear", "undead", "silver"] as const;
const TRAITS = ["advantage", "critical", "ongoing", "silvered", "burst", "environmental", "unpreventable", "imbued", "pierce", "magical"] as const;
export const POOLS = ["hp", "guard", "magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"] as const;

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const damageType = fc.constantFrom(...DEFAULT_DAMAGE_TYPES);
const defenseType = fc.oneof({ weight: 4, arbitrary: damageType }, { weight: 1, arbitrary: fc.constantFrom("all", "non-physical") });
const condition = rarely(fc.constantFrom(...CONDITIONS));
const small = (max: number) => fc.integer({ min: 0, max });

/** Points: mostly small, sometimes anywhere up to {@link MAX_POINTS}, sometimes at it. */
export const pointsArb = fc.oneof({ weight: 6, arbitrary: small(200) }, { weight: 2, arbitrary: small(MAX_POINTS) }, { weight: 1, arbitrary: fc.constant(MAX_POINTS) });

/** A running total (counters, life lost this round): small, large, or just under the largest safe integer. */
export const tallyArb = fc.oneof(
  { weight: 4, arbitrary: small(100) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 1, arbitrary: fc.integer({ min: Number.MAX_SAFE_INTEGER - 3 * MAX_POINTS, max: Number.MAX_SAFE_INTEGER }) },
);

/** Ids and keys a GM could type, leaning on the ones Foundry reads as update paths or that name Object.prototype members. */
export const idArb = fc.oneof(
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom("a.b", "-=ward", "==ward", ".", "a.", ".a", "__proto__", "constructor", "toString", "hasOwnProperty", "-=", "==", "x-=y", "x==y") },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("", "-=", "==", "."), fc.stringMatching(/^[a-z]{1,4}$/), fc.constantFrom("", ".", ".z")).map(([a, b, c]) => a + b + c) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/) },
);

/** A hit: 1–3 parts, random types and traits. */
export const eventArb: fc.Arbitrary<DamageEventInput> = fc.record({
  parts: fc.array(fc.record({ amount: pointsArb, types: fc.uniqueArray(damageType, { maxLength: 2 }) }), { minLength: 1, maxLength: 3 }),
  traits: fc.subarray([...TRAITS]),
  source: fc.record({ level: opt(small(30)), tags: fc.subarray([...TAGS]) }),
  location: opt(fc.constantFrom("rightLeg", "leftLeg", "rightArm", "leftArm", "torso")),
});

/** Every kind of defense, in small random amounts, with ids from `ids`. */
export function defensesArb(ids: fc.Arbitrary<string> = fc.stringMatching(/^[a-z]{1,6}$/)): fc.Arbitrary<DefensesInput> {
  return fc.record({
    immunities: fc.array(fc.record({ type: damageType, condition }), { maxLength: 1 }),
    prevention: fc.array(fc.record({ kind: fc.constantFrom("ongoing", "oneTime"), types: fc.subarray([...DEFAULT_DAMAGE_TYPES], { maxLength: 3 }), level: small(5), uses: fc.integer({ min: 1, max: 3 }), id: opt(ids) }), { maxLength: 2 }),
    negates: fc.array(fc.record({ kind: fc.constantFrom("BDN", "FDN"), type: defenseType, value: small(20) }), { maxLength: 1 }),
    flat: fc.array(fc.record({ kind: fc.constantFrom("BDR", "FDR", "DV"), type: defenseType, value: pointsArb }), { maxLength: 3 }),
    tagResistances: fc.array(fc.record({ tag: fc.constantFrom(...TAGS, ...ELEMENTAL), value: small(20) }), { maxLength: 1 }),
    resistances: fc.array(fc.record({ type: defenseType, limit: opt(small(30)), condition }), { maxLength: 2 }),
    vulnerabilities: fc.array(fc.record({ type: defenseType, limit: opt(small(30)) }), { maxLength: 2 }),
    triggers: fc.array(fc.record({ type: defenseType, gains: fc.constantFrom("slowed", "dazed") }), { maxLength: 1 }),
    armor: fc.array(fc.record({ type: defenseType, value: small(20), layer: fc.constantFrom("natural", "soft") }), { maxLength: 2 }),
    reductions: fc.array(fc.record({ kind: fc.constantFrom("flat", "half"), value: small(10), types: fc.subarray([...DEFAULT_DAMAGE_TYPES], { maxLength: 2 }) }), { maxLength: 1 }),
    damageLimits: fc.array(fc.record({ value: small(60) }), { maxLength: 1 }),
    shells: fc.array(fc.record({ id: ids, value: small(100), cooldown: small(3600) }), { maxLength: 2 }),
    keywords: fc.subarray([...KEYWORDS]),
  });
}

/** A defender: resources (some at the bound), defenses, state with totals up to the largest safe integer. */
export function defenderArb(ids?: fc.Arbitrary<string>, pools: fc.Arbitrary<string> = fc.constantFrom(...POOLS)): fc.Arbitrary<DefenderInput> {
  return fc.record({
    traits: fc.subarray(["immortal", "champion", "ally"]),
    resources: fc.array(fc.tuple(pools, pointsArb), { maxLength: 5 }).map((pairs) => Object.fromEntries(pairs.map(([k, value]) => [k, { value }]))),
    defenses: defensesArb(ids),
    state: fc.record({
      roundLifeLost: tallyArb,
      conditions: fc.subarray(["slowed", "dying"]),
      counters: tallyArb,
      temporaryDamage: tallyArb,
      wounds: fc.record({ torso: fc.oneof(small(3), fc.constant(MAX_POINTS)) }),
      variableResistance: opt(fc.record({ resist: fc.constantFrom(...ELEMENTAL), vulnerable: fc.constantFrom(...ELEMENTAL) })),
    }),
  });
}

const stepOptions: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  life: fc.record({ resource: fc.constantFrom("hp", "body"), mode: fc.constantFrom("hp", "counters"), atZero: fc.constantFrom("dying", "dead", "incapacitated", "none") }),
  pools: fc.record({ order: fc.subarray([...POOLS], { minLength: 1 }), wound: fc.boolean() }),
  guard: fc.constant({}),
  prevention: fc.record({ phases: fc.subarray(["ongoing", "oneTime"] as const, { minLength: 1 }) }),
};

/** A random custom profile: 1–8 steps in any order, random options. */
export const customProfileArb: fc.Arbitrary<ProfileInput> = fc
  .array(fc.constantFrom(...STEP_IDS), { minLength: 1, maxLength: 8 })
  .chain((steps) => fc.tuple(...steps.map((step) => (stepOptions[step] ?? fc.constant({})).map((options) => ({ step, options })))))
  .chain((steps) => fc.record({ rounding: fc.constantFrom("down", "up", "nearest") }).map((options) => ({ id: "custom", name: "Custom", steps, options })));

/** A built-in profile (by id) or a random custom one. */
export const profileArb: fc.Arbitrary<string | ProfileInput> = fc.oneof(fc.constantFrom(...BUILT_IN_PROFILES.map((p) => p.id)), customProfileArb);

/**
 * Path segments and keys that reach a prototype or one of its members when a
 * merge walks them, also behind Foundry's `-=`/`==` prefixes.
 */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "-=__proto__", "==constructor", "-=prototype"] as const;

/** The paths a genuine card's delta carries (resource values, the module's state, pools, version, root), and some a hit never writes. */
export const CARD_PATHS = [
  "system.attributes.hp.value",
  "flags.damage-chain.state",
  "flags.damage-chain.state.counters",
  "flags.damage-chain.state.-=counters",
  "flags.damage-chain.state.oneTimeUses.ward",
  "flags.damage-chain.state.variableResistance",
  "flags.damage-chain.state.lastHit",
  "flags.damage-chain.pools.guard.value",
  "flags.damage-chain.schemaVersion",
  "flags.damage-chain",
  "flags.-=damage-chain",
  "flags.damage-chain.defenses.immunities",
] as const;

/** A card path with, half the time, a prototype key put in at a random place (before, between or after its segments). */
export const cardPathArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...CARD_PATHS),
  fc.tuple(fc.constantFrom(...CARD_PATHS), fc.constantFrom(...PROTOTYPE_KEYS), fc.nat()).map(([path, key, at]) => {
    const segs = path.split(".");
    segs.splice(at % (segs.length + 1), 0, key);
    return segs.join(".");
  }),
);

/** Values a card may carry: numbers of points, other types (HP set to an object...), and objects whose keys (as JSON gives them: an own `__proto__`) reach a prototype. */
export const cardValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, "12", true, [], [1], { n: 1 }, Number.NaN, -5, 1.5) },
  { weight: 1, arbitrary: fc.record({ counters: fc.integer({ min: 0, max: 5 }), oneTimeUses: fc.constant({ ward: 1 }) }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.boolean()).map(([key, deep]) => JSON.parse(deep ? `{"counters": 1, "inner": {"${key}": {"polluted": true}}}` : `{"${key}": {"polluted": true}}`) as unknown) },
);

/** A forged flat update: 0–3 card paths with card values (`-=` paths get `null`). */
export const cardUpdateArb: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(cardPathArb, cardValueArb), { maxLength: 3 })
  .map((pairs) => {
    const out: Record<string, unknown> = {};
    for (const [path, value] of pairs) Object.defineProperty(out, path, { value: path.split(".").at(-1)!.startsWith("-=") ? null : value, enumerable: true, writable: true, configurable: true });
    return out;
  });
