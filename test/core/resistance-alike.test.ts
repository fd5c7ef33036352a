/**
 * New event objects alike, one after another on the same defender (a GM's
 * single hits): the resistance step keeps its choices per damage type for
 * the next event that meets every condition alike (`resist/select.ts`
 * `choosesAlike`, `conditions.ts` `sameConditions`). Each hit must come out
 * as if it were the first; an event that differs in any field a choice reads
 * (traits, the attacker's level, resistance reduction) gets its own choice.
 * Seed 001 "Resistance", "Condition", "Resistance reduction".
 */
import { describe, expect, it } from "vitest";
import { CONDITIONS } from "../../src/core/model/common.ts";
import { resolve } from "../../src/core/chain.ts";
import { conditionMet, sameConditions } from "../../src/core/conditions.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { damageEventSchema, type DamageEventInput } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";

const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
const defender = defenderSchema.parse({
  resources: { hp: { value: 1000 } },
  defenses: {
    resistances: [{ type: "fire", limit: 3 }, { type: "fire", condition: "critical" }, { type: "cold", condition: "paragon" }, { type: "acid", limit: 8 }],
    vulnerabilities: [{ type: "lightning", condition: "advantage" }],
  },
});
/** One hit of a new event object parsed from `input` on the shared defender (its table, and so its kept choices, are the same every hit). */
const hitWith = (input: DamageEventInput) => resolve({ event: damageEventSchema.parse(input), defender, profile, random: seededRandom(1), now: 0 });
const parts = [{ amount: 20, types: ["fire"] }, { amount: 20, types: ["cold"] }, { amount: 20, types: ["lightning"] }, { amount: 20, types: ["acid"] }];

describe("new events alike on one defender (a GM's single hits)", () => {
  it("each comes out as the first did, with the same plain-data trace", () => {
    const first = hitWith({ parts, traits: ["advantage"] });
    // fire 20 − 3 (limit), cold 20 (no Paragon), lightning 20 + 10, acid 20 − 8.
    expect(first.final).toBe(17 + 20 + 30 + 12);
    const plain = structuredClone(first);
    for (let i = 0; i < 4; i++) {
      const again = hitWith({ parts, traits: ["advantage"] });
      expect(again).toEqual(plain);
      expect(structuredClone(again)).toEqual(plain);
    }
    // From the second hit on, the step's lines are kept and shared (frozen), not made again.
    const lines = (r: typeof first) => r.trace.find((e) => e.step === "resistance")?.details;
    const shared = lines(hitWith({ parts, traits: ["advantage"] }));
    expect(lines(hitWith({ parts, traits: ["advantage"] }))).toBe(shared);
    expect(Object.isFrozen(shared)).toBe(true);
  });

  it("events alike whose amounts change come out as each would on a defender hit for the first time", () => {
    // A defender parsed afresh has lists of its own, so nothing is kept for it: the reference result.
    const fresh = (input: DamageEventInput) => resolve({ event: damageEventSchema.parse(input), defender: defenderSchema.parse(structuredClone(defender)), profile, random: seededRandom(1), now: 0 });
    const types = [["fire"], ["lightning"], ["cold"], ["acid"], ["thunder"], ["fire", "acid"]];
    // Amounts that change, come back, reach 0 (a part with no damage names no defense) and pass the kept lines' range.
    const rounds = [[20, 20, 20, 20, 20], [7, 3, 9, 1, 4], [7, 3, 9, 1, 4], [0, 3, 9, 1, 4], [5, 3, 0, 1, 4], [5, 3, 2, 1, 4], [300, 129, 128, 127, 4], [1, 1, 1, 1, 1], [20, 20, 20, 20, 20]];
    // One, two or five parts of one type (one line, two, or more), then five and a part of two types.
    for (const [count, withPair] of [[1, false], [2, false], [5, false], [5, true]] as const) {
      for (const amounts of rounds) {
        const input: DamageEventInput = { parts: [...amounts.slice(0, count), ...(withPair ? [6] : [])].map((amount, i) => ({ amount, types: withPair && i === count ? types[5]! : types[i]! })), traits: ["advantage"] };
        const expected = JSON.stringify(fresh(input));
        // The event hits twice, as an area hit's targets (its second hit keeps the note its amounts gave), then a new event alike.
        const event = damageEventSchema.parse(input);
        for (let i = 0; i < 2; i++) expect(JSON.stringify(resolve({ event, defender, profile, random: seededRandom(1), now: 0 })), `${amounts.slice(0, count).join()}${withPair ? " + a part of two types" : ""}, hit ${i + 1}`).toBe(expected);
        expect(JSON.stringify(hitWith(input))).toBe(expected);
      }
    }
  });

  it("an event with other traits, another attacker level or other resistance reduction gets its own choice", () => {
    const base: DamageEventInput = { parts, traits: ["advantage"], source: { level: 5 } };
    for (let i = 0; i < 3; i++) expect(hitWith(base).final).toBe(17 + 20 + 30 + 12);
    // Critical: the fire resistance with no limit halves the fire part.
    for (let i = 0; i < 2; i++) expect(hitWith({ ...base, traits: ["advantage", "critical"] }).final).toBe(10 + 20 + 30 + 12);
    expect(hitWith(base).final).toBe(17 + 20 + 30 + 12);
    // No advantage: the lightning vulnerability is gone.
    for (let i = 0; i < 2; i++) expect(hitWith({ ...base, traits: [] }).final).toBe(17 + 20 + 20 + 12);
    expect(hitWith(base).final).toBe(17 + 20 + 30 + 12);
    // Paragon (level 11): the cold resistance counts.
    for (let i = 0; i < 2; i++) expect(hitWith({ ...base, source: { level: 11 } }).final).toBe(17 + 10 + 30 + 12);
    expect(hitWith(base).final).toBe(17 + 20 + 30 + 12);
    // Resistance reduction 2 against the acid resistance: Vulnerable acid 2.
    // Each event twice: from an event's second hit its choices are kept.
    for (let i = 0; i < 2; i++) expect(hitWith({ ...base, resistanceReduction: [{ type: "acid", value: 2 }] }).final).toBe(17 + 20 + 30 + 14);
    expect(hitWith({ ...base, resistanceReduction: [{ type: "acid", value: 5 }] }).final).toBe(17 + 20 + 30 + 17);
    expect(hitWith(base).final).toBe(17 + 20 + 30 + 12);
  });
});

describe("sameConditions", () => {
  const events = [
    { traits: [] },
    { traits: ["advantage"] },
    { traits: ["advantage", "critical"] },
    { traits: ["critical", "advantage"] },
    { traits: ["environmental", "silvered", "ongoing"] },
    { traits: ["burst"], source: { level: 11 } },
    { traits: ["blast"], source: { level: 21 } },
    { traits: ["burst"], source: { level: 20 } },
  ].map((e) => damageEventSchema.parse({ parts: [{ amount: 1 }], ...e }));

  it("events it calls alike meet every condition alike", () => {
    for (const a of events) {
      for (const b of events) {
        if (!sameConditions(a, b)) continue;
        for (const c of CONDITIONS) expect(conditionMet(c, a), `${c}: ${a.traits.join()} vs ${b.traits.join()}`).toBe(conditionMet(c, b));
      }
    }
  });

  it("calls equal traits and level alike, and other traits or another level not", () => {
    expect(sameConditions(events[1]!, damageEventSchema.parse({ parts: [{ amount: 9 }], traits: ["advantage"] }))).toBe(true);
    expect(sameConditions(events[0]!, events[1]!)).toBe(false);
    expect(sameConditions(events[5]!, events[7]!)).toBe(false);
  });
});
