/**
 * Property tests of the rules core (fast-check, fixed seeds so failures
 * reproduce). Arbitrary hits and defenders through every built-in profile:
 * damage is never negative or NaN (002 rule 15), the trace ends at the final
 * damage, a seed reproduces its result. For the 4E resistance step (001):
 * adding a resistance never raises damage, adding a vulnerability never
 * lowers it, an applicable single-type immunity gives 0.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONDITIONS } from "../../src/core/model/common.ts";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { KEYWORDS, type DefensesInput } from "../../src/core/model/defenses.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import { DEFAULT_DAMAGE_TYPES } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { run } from "./support.ts";

type ResistanceInput = NonNullable<DefensesInput["resistances"]>[number];

const FC = { seed: 20260808, numRuns: 300 } as const;

const ELEMENTAL = ["acid", "cold", "fire", "lightning", "thunder"] as const;
const TAGS = ["poison", "fear", "undead", "silver"] as const;
const TRAITS = ["advantage", "critical", "ongoing", "silvered", "burst", "blast", "environmental", "unpreventable", "imbued", "pierce", "combat", "noncombat"] as const;
const POOLS = ["hp", "guard", "magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"] as const;

/** `arb` half the time, else undefined. */
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
/** `arb` a quarter of the time, else undefined (conditions and ignore rules, so most defenses apply). */
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const damageType = fc.constantFrom(...DEFAULT_DAMAGE_TYPES);
const defenseType = fc.oneof({ weight: 4, arbitrary: damageType }, { weight: 1, arbitrary: fc.constantFrom("all", "non-physical") });
const condition = rarely(fc.constantFrom(...CONDITIONS));
const ignoredBy = rarely(fc.constant<string[]>(["imbued"]));
const small = (max: number) => fc.integer({ min: 0, max });

/** A 001 resistance or vulnerability of `type`: optional limit, condition, ignore rule, non-stacking group. */
const resistanceOf = (type: fc.Arbitrary<string>): fc.Arbitrary<ResistanceInput> => fc.record({ type, limit: opt(small(30)), condition, ignoredBy, group: rarely(fc.constantFrom("g1", "g2")) });
const resistanceArb = resistanceOf(defenseType);

/** Hits: 1–3 parts of 0–200 points, 0–3 types each (none = physical), random traits and source. */
function eventArb(opts: { resistanceReduction: boolean; maxTypes?: number }): fc.Arbitrary<DamageEventInput> {
  return fc.record({
    parts: fc.array(fc.record({ amount: small(200), types: fc.uniqueArray(damageType, { maxLength: opts.maxTypes ?? 3 }) }), { minLength: 1, maxLength: 3 }),
    traits: fc.subarray([...TRAITS]),
    source: fc.record({ level: opt(small(30)), tags: fc.subarray([...TAGS]) }),
    resistanceReduction: opts.resistanceReduction ? fc.array(fc.record({ type: damageType, value: small(20) }), { maxLength: 2 }) : fc.constant([]),
    location: opt(fc.constantFrom("rightLeg", "leftLeg", "rightArm", "leftArm", "torso")),
  });
}

/** Every kind of defense, in small random amounts, valid for the schemas. */
const defensesArb: fc.Arbitrary<DefensesInput> = fc.record({
  immunities: fc.array(fc.oneof(fc.record({ type: damageType, condition, ignoredBy }), fc.record({ tag: fc.constantFrom(...TAGS) })), { maxLength: 2 }),
  conditionImmunities: fc.array(fc.record({ gains: fc.constantFrom("slowed", "dazed", "dying") }), { maxLength: 1 }),
  prevention: fc
    .array(
      fc.record({
        kind: fc.constantFrom("ongoing", "oneTime"),
        types: fc.subarray([...DEFAULT_DAMAGE_TYPES], { maxLength: 3 }),
        tags: fc.subarray([...TAGS], { maxLength: 1 }),
        requires: opt(fc.constant("silvered")),
        level: small(5),
        uses: fc.integer({ min: 1, max: 3 }),
        condition,
      }),
      { maxLength: 2 },
    )
    .map((list) => list.map((p, i) => ({ ...p, id: `prevention${i}` }))),
  negates: fc.array(fc.record({ kind: fc.constantFrom("BDN", "FDN"), type: defenseType, value: small(20), natural: fc.boolean(), ignoredBy }), { maxLength: 2 }),
  flat: fc.array(fc.record({ kind: fc.constantFrom("BDR", "FDR", "DV"), type: defenseType, value: small(20), natural: fc.boolean(), condition }), { maxLength: 3 }),
  tagResistances: fc.array(fc.record({ tag: fc.constantFrom(...TAGS, ...ELEMENTAL), value: small(20) }), { maxLength: 2 }),
  resistances: fc.array(resistanceArb, { maxLength: 4 }),
  vulnerabilities: fc.array(resistanceArb, { maxLength: 3 }),
  triggers: fc.array(fc.record({ type: defenseType, gains: fc.constantFrom("slowed", "dazed") }), { maxLength: 2 }),
  armor: fc
    .array(fc.record({ type: defenseType, value: small(20), layer: fc.constantFrom("natural", "hard", "soft") }), { maxLength: 3 })
    .map((list) => list.map((a, i) => (a.layer === "hard" && list.findIndex((b) => b.layer === "hard") !== i ? { ...a, layer: "soft" as const } : a))),
  reductions: fc.array(fc.record({ kind: fc.constantFrom("flat", "half"), value: small(10), types: fc.subarray([...DEFAULT_DAMAGE_TYPES], { maxLength: 2 }) }), { maxLength: 2 }),
  damageLimits: fc.array(fc.record({ value: small(60), ignoredBy }), { maxLength: 2 }),
  shells: fc.uniqueArray(small(100), { maxLength: 2 }).map((values) => values.map((value, i) => ({ id: `shell${i}`, value, cooldown: 3600 }))),
  keywords: fc.subarray([...KEYWORDS]),
});

const defenderArb: fc.Arbitrary<DefenderInput> = fc.record({
  traits: fc.subarray(["immortal", "champion", "ally"]),
  resources: fc.array(fc.tuple(fc.constantFrom(...POOLS), small(200)), { maxLength: 5 }).map((pairs) => Object.fromEntries(pairs.map(([k, value]) => [k, { value }]))),
  defenses: defensesArb,
  state: fc.record({
    roundLifeLost: small(50),
    shellImmune: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    conditions: fc.subarray(["slowed", "dying", "incapacitated"]),
    counters: small(50),
    temporaryDamage: small(50),
    nextHitPool: opt(fc.constantFrom("body", "magicArmor")),
    variableResistance: opt(fc.record({ resist: fc.constantFrom(...ELEMENTAL), vulnerable: fc.constantFrom(...ELEMENTAL) })),
  }),
});

const isPoints = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n >= 0;

describe.each(BUILT_IN_PROFILES.map((p) => p.id))("profile %s: invariants over arbitrary hits", (profile) => {
  it("damage is a whole number >= 0, resources stay >= 0, the trace ends at the final damage, a seed reproduces its result", () => {
    fc.assert(
      fc.property(eventArb({ resistanceReduction: true }), defenderArb, fc.integer(), (event, defender, seed) => {
        const r = run({ profile, event, defender, seed, now: 1000 });
        expect(isPoints(r.final)).toBe(true);
        for (const v of Object.values(r.taken)) expect(isPoints(v)).toBe(true);
        for (const res of Object.values(r.resources)) expect(isPoints(res.value)).toBe(true);
        for (const t of r.trace) expect(isPoints(t.in) && isPoints(t.out)).toBe(true);
        expect(r.trace.at(-1)?.out).toBe(r.final);
        expect(r.dealt).toBe(r.final > 0 && !r.prevented);
        expect(run({ profile, event, defender, seed, now: 1000 })).toEqual(r);
      }),
      FC,
    );
  });
});

/** A hit, a defender, and one more resistance/vulnerability of a type the hit has (or `all` / `non-physical`). */
const withExtra = (resistanceReduction: boolean, maxTypes?: number) =>
  fc.tuple(eventArb({ resistanceReduction, maxTypes }), defenderArb).chain(([event, defender]) => {
    const types = event.parts!.flatMap((p) => (p.types!.length > 0 ? p.types! : ["physical"]));
    return resistanceOf(fc.constantFrom(...types, "all", "non-physical")).map((extra) => ({ event, defender, extra }));
  });

const resistanceOnly = [{ step: "resistance" as const }];
const finalWith = (event: DamageEventInput, defender: DefenderInput, defenses: Partial<DefensesInput>) =>
  run({ profile: resistanceOnly, event, defender: { ...defender, defenses: { ...defender.defenses, ...defenses } } }).final;

describe("4E resistance step (001) properties", () => {
  it("adding a resistance never raises the damage (no resistance reduction)", () => {
    fc.assert(
      fc.property(withExtra(false), ({ event, defender, extra }) => {
        const list = defender.defenses?.resistances ?? [];
        expect(finalWith(event, defender, { resistances: [...list, extra] })).toBeLessThanOrEqual(finalWith(event, defender, {}));
      }),
      FC,
    );
  });

  it("adding a resistance never raises the damage of single-type parts, even with resistance reduction", () => {
    fc.assert(
      fc.property(withExtra(true, 1), ({ event, defender, extra }) => {
        const list = defender.defenses?.resistances ?? [];
        expect(finalWith(event, defender, { resistances: [...list, extra] })).toBeLessThanOrEqual(finalWith(event, defender, {}));
      }),
      FC,
    );
  });

  it("adding a vulnerability never lowers the damage", () => {
    fc.assert(
      fc.property(withExtra(true), ({ event, defender, extra }) => {
        const list = defender.defenses?.vulnerabilities ?? [];
        expect(finalWith(event, defender, { vulnerabilities: [...list, extra] })).toBeGreaterThanOrEqual(finalWith(event, defender, {}));
      }),
      FC,
    );
  });

  it("revised-4e: an applicable immunity to a hit's single type gives 0, whatever else the defender has", () => {
    const singleType = fc.tuple(damageType, eventArb({ resistanceReduction: true })).map(([type, event]) => ({
      type,
      event: { ...event, parts: event.parts!.map((p) => ({ amount: p.amount, types: [type] })) },
    }));
    fc.assert(
      fc.property(singleType, defenderArb, fc.integer(), ({ type, event }, defender, seed) => {
        const defenses = defender.defenses ?? {};
        const immune = { ...defender, defenses: { ...defenses, immunities: [{ type }, ...(defenses.immunities ?? [])] } };
        const r = run({ profile: "revised-4e", event, defender: immune, seed });
        expect(r.final).toBe(0);
        expect(r.dealt).toBe(false);
        expect(r.taken.hp ?? 0).toBe(0);
      }),
      FC,
    );
  });
});
