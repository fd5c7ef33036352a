/**
 * The `daggerheart` profile: cases worked out by hand from the system's source
 * (Foundryborne/daggerheart, commit 00512b7cbbddb1d86e095d20c66f27c7293e18f8,
 * `module/documents/actor.mjs`; the method named in each case is of that file:
 * `calculateDamage`, `getResistanceStatus`, `getDamageTypeReduction`,
 * `convertDamageToThreshold`, and the adversary branch of `takeDamage`).
 * Life is the Hit Points left unmarked: 6 slots, none marked.
 */
import { describe, expect, it } from "vitest";
import type { DaggerheartTraitsInput } from "../../src/core/model/daggerheart.ts";
import { DAGGERHEART_PROFILE_ID } from "../../src/core/profiles.ts";
import { run } from "./support.ts";

/** An adversary with thresholds 8 / 13 unless `traits` says otherwise. */
const ADVERSARY: DaggerheartTraitsInput = { major: 8, severe: 13, adversary: true };

/** Resolve `amount` of `types` under the Daggerheart profile; returns [damage after calculateDamage, HP marked]. */
function dh(traits: DaggerheartTraitsInput, amount: number, types: string[] = ["physical"]): [number, number] {
  const r = run({ profile: DAGGERHEART_PROFILE_ID, defender: { resources: { hp: { value: 6, max: 6 } }, daggerheart: { ...ADVERSARY, ...traits } }, event: { parts: [{ amount, types }] } });
  const damage = r.trace.find((e) => e.step === "daggerheartDamage")!.out;
  expect(r.final).toBe(6 - r.resources.hp!.value);
  return [damage, r.final];
}

const phys = (o: { resistance?: boolean; immunity?: boolean; reduction?: number }) => ({ resistance: { physical: { ...o } } });

describe("Daggerheart profile: calculateDamage, then convertDamageToThreshold (hand-computed)", () => {
  // [case, traits, amount, types, damage after calculateDamage, HP marked]
  const table: [string, DaggerheartTraitsInput, number, string[], number, number][] = [
    ["no traits: 13 ≥ Severe 13 → 3", {}, 13, ["physical"], 13, 3],
    ["no traits: 12 ≥ Major 8 → 2", {}, 12, ["physical"], 12, 2],
    ["no traits: 7 < Major → 1", {}, 7, ["physical"], 7, 1],
    ["no traits: 1 → 1 (any damage above 0 marks one)", {}, 1, ["physical"], 1, 1],
    ["physical resistance: 13 → ceil(6.5) = 7 → 1", phys({ resistance: true }), 13, ["physical"], 7, 1],
    ["physical resistance: 17 → ceil(8.5) = 9 ≥ Major → 2", phys({ resistance: true }), 17, ["physical"], 9, 2],
    ["physical resistance: 26 → 13 ≥ Severe → 3", phys({ resistance: true }), 26, ["physical"], 13, 3],
    ["physical resistance does not touch magical: 13 magical → 3", phys({ resistance: true }), 13, ["magical"], 13, 3],
    ["physical immunity: 30 → 0 → nothing marked", phys({ immunity: true }), 30, ["physical"], 0, 0],
    ["immunity wins over resistance: 30 → 0", phys({ immunity: true, resistance: true }), 30, ["physical"], 0, 0],
    ["reduction 3: 10 → 7 → 1", phys({ reduction: 3 }), 10, ["physical"], 7, 1],
    ["resistance then reduction 3: 13 → 7 → 4 → 1", phys({ resistance: true, reduction: 3 }), 13, ["physical"], 4, 1],
    ["reduction larger than the damage: 2 − 5 → 0, nothing marked", phys({ reduction: 5 }), 2, ["physical"], 0, 0],
    // The system's actors always have both entries (base.mjs `resistance` SchemaField), so "physical only" has magical: not resistant.
    ["physical+magical, resistant to physical only: not resistant to the hit (getResistanceStatus)", { resistance: { physical: { resistance: true }, magical: {} } }, 13, ["physical", "magical"], 13, 3],
    ["physical+magical, resistant to both: ceil(13/2) = 7 → 1", { resistance: { physical: { resistance: true }, magical: { resistance: true } } }, 13, ["physical", "magical"], 7, 1],
    ["physical+magical, reductions 4 and 1: the lowest, 1, counts (getDamageTypeReduction)", { resistance: { physical: { reduction: 4 }, magical: { reduction: 1 } } }, 10, ["physical", "magical"], 9, 2],
    ["Massive Damage on: 26 ≥ 2 × Severe → 4", { massive: true }, 26, ["physical"], 26, 4],
    ["Massive Damage off: 26 → 3", {}, 26, ["physical"], 26, 3],
    ["Massive Damage on: 25 < 26 → 3", { massive: true }, 25, ["physical"], 25, 3],
    ["adversary reduceSeverity physical 1: 13 → 3 − 1 = 2", { reduceSeverity: { physical: 1 } }, 13, ["physical"], 13, 2],
    ["reduceSeverity magical does not touch physical: 13 → 3", { reduceSeverity: { magical: 2 } }, 13, ["physical"], 13, 3],
    ["reduceSeverity 2 on 1 mark: never below 0", { reduceSeverity: { physical: 2 } }, 5, ["physical"], 5, 0],
    ["minor-threshold immunity: 5 → 1 mark → 0", { minorImmune: true }, 5, ["physical"], 5, 0],
    ["minor-threshold immunity leaves 2 marks alone: 8 → 2", { minorImmune: true }, 8, ["physical"], 8, 2],
    ["reduced severity 3 → 1, then minor immunity → 0 (takeDamage order)", { reduceSeverity: { physical: 2 }, minorImmune: true }, 13, ["physical"], 13, 0],
    ["a character: reduceSeverity is not applied by takeDamage (its armor prompt offers it)", { adversary: false, reduceSeverity: { physical: 1 } }, 13, ["physical"], 13, 3],
  ];
  for (const [name, traits, amount, types, damage, marks] of table) {
    it(name, () => expect(dh(traits, amount, types)).toEqual([damage, marks]));
  }
});

describe("Daggerheart profile: the card", () => {
  it("the acceptance case: 13 physical on physical resistance, thresholds 8/13: 7 damage, 1 HP marked, the threshold stage shown", () => {
    const r = run({ profile: DAGGERHEART_PROFILE_ID, defender: { resources: { hp: { value: 6, max: 6 } }, daggerheart: { ...ADVERSARY, ...phys({ resistance: true }) } }, event: { parts: [{ amount: 13, types: ["physical"] }] } });
    const steps = r.trace.map((e) => [e.step, e.in, e.out]);
    expect(steps).toEqual([["daggerheartDamage", 13, 7], ["daggerheartThreshold", 7, 1], ["life", 1, 1]]);
    const threshold = r.trace.find((e) => e.step === "daggerheartThreshold")!;
    expect(threshold.key).toBe("DAMAGECHAIN.Trace.daggerheartThreshold.marks");
    expect(threshold.params).toMatchObject({ points: 7, value: 1, major: 8, severe: 13 });
    expect(threshold.shown).toBe(true);
    expect(r.resources.hp!.value).toBe(5);
  });
  it("two parts are one hit, as the system's one damage: 6 + 7 physical on resistance → 7 → 1 mark", () => {
    const r = run({ profile: DAGGERHEART_PROFILE_ID, defender: { resources: { hp: { value: 6, max: 6 } }, daggerheart: { ...ADVERSARY, ...phys({ resistance: true }) } }, event: { parts: [{ amount: 6, types: ["physical"] }, { amount: 7, types: ["physical"] }] } });
    expect(r.final).toBe(1);
  });
  it("without Daggerheart traits (a creature the adapter did not read), each step passes and the damage is marked as points", () => {
    const r = run({ profile: DAGGERHEART_PROFILE_ID, defender: { resources: { hp: { value: 6, max: 6 } } }, event: { parts: [{ amount: 3, types: ["physical"] }] } });
    expect(r.trace.map((e) => e.key)).toContain("DAMAGECHAIN.Trace.daggerheartThreshold.none");
  });
});
