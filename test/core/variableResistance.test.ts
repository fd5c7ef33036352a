/**
 * Variable Resistance (seed 001 "A note on Variable Resistance"): elemental
 * damage dealt gives Resist (one triggering type, at random) and Vulnerable
 * (another elemental type, at random) after the hit, replacing any earlier one.
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import type { RandomSource } from "../../src/core/random.ts";
import { seededRandom } from "../../src/core/random.ts";
import { chooseVariableResistanceUser, ELEMENTAL_TYPES } from "../../src/core/steps/variableResistance.ts";
import { hit, run } from "./support.ts";

const demon: DefenderInput = { resources: { hp: { value: 100 } }, defenses: { keywords: ["variableResistance"] } };
const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

function demonHit(event: DamageEventInput, seed = 1, defender: DefenderInput = demon) {
  return run({ profile: "revised-4e", defender, event, seed });
}

describe("Variable Resistance step (001)", () => {
  it("fire damage dealt: Resist Fire and Vulnerable another elemental type, shared with allies", () => {
    const r = demonHit(hit(10, "fire"));
    const vr = r.state.variableResistance;
    expect(vr?.resist).toBe("fire");
    expect(ELEMENTAL_TYPES.filter((t) => t !== "fire")).toContain(vr?.vulnerable);
    expect(r.effects).toEqual([{ kind: "variableResistance", resist: "fire", vulnerable: vr?.vulnerable, shareWithAllies: true }]);
    expect(r.trace.at(-1)).toMatchObject({ step: "variableResistance", key: "DAMAGECHAIN.Trace.variableResistance.gained", params: { resist: "fire", triggering: ["fire"] }, defenses: [{ kind: "variableResistance" }] });
  });

  it("takes effect after the hit: the hit itself is not reduced", () => {
    expect(demonHit(hit(10, "fire")).final).toBe(10);
  });

  it("the vulnerable type is never the resisted one and every other elemental type occurs", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const vr = demonHit(hit(10, "cold"), seed).state.variableResistance;
      expect(vr?.resist).toBe("cold");
      expect(vr?.vulnerable).not.toBe("cold");
      seen.add(vr!.vulnerable);
    }
    expect([...seen].sort()).toEqual(["acid", "fire", "lightning", "thunder"]);
  });

  it("with several triggering types the resisted one is chosen among them at random", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) seen.add(demonHit({ parts: [{ amount: 6, types: ["fire", "physical"] }, { amount: 6, types: ["thunder"] }] }, seed).state.variableResistance!.resist);
    expect([...seen].sort()).toEqual(["fire", "thunder"]);
  });

  it("the same seed gives the same choice", () => {
    const a = demonHit(hit(10, ["acid", "lightning"]), 42);
    const b = demonHit(hit(10, ["acid", "lightning"]), 42);
    expect(a.state.variableResistance).toEqual(b.state.variableResistance);
  });

  it("physical damage does not trigger it, and an earlier Variable Resistance stays", () => {
    const earlier = { variableResistance: { resist: "acid", vulnerable: "cold" } };
    const r = demonHit(hit(10), 1, { ...demon, state: earlier });
    expect(r.state.variableResistance).toEqual(earlier.variableResistance);
    expect(r.effects).toEqual([]);
    expect(r.trace.at(-1)?.key).toBe("DAMAGECHAIN.Trace.variableResistance.notTriggered");
  });

  it("elemental damage reduced to 0 does not trigger it", () => {
    const defender: DefenderInput = { defenses: { keywords: ["variableResistance"], resistances: [{ type: "fire" }] } };
    const r = demonHit(hit(10, "fire", { traits: ["environmental"] }), 1, defender);
    expect(r.final).toBe(0);
    expect(r.state.variableResistance).toBeUndefined();
  });

  it("the earlier one applies to this hit, then is replaced (001: ends when used again)", () => {
    const r = demonHit(hit(20, "fire"), 3, { ...demon, state: { variableResistance: { resist: "cold", vulnerable: "fire" } } });
    expect(r.final).toBe(30);
    expect(r.state.variableResistance?.resist).toBe("fire");
  });

  it("the next hit of the resisted type is halved", () => {
    const first = demonHit(hit(20, "lightning"), 5);
    const second = demonHit(hit(20, "lightning"), 5, { ...demon, state: first.state });
    expect(second.final).toBe(10);
  });

  it("a creature without the trait is untouched", () => {
    const r = run({ profile: "revised-4e", defender: { resources: { hp: { value: 50 } } }, event: hit(10, "fire") });
    expect(r.state.variableResistance).toBeUndefined();
    expect(r.trace.at(-1)?.key).toBe("DAMAGECHAIN.Trace.variableResistance.absent");
  });
});

describe("chooseVariableResistanceUser (001: only one ally, at random)", () => {
  it("returns undefined when nobody triggered", () => {
    expect(chooseVariableResistanceUser([], seededRandom(1))).toBeUndefined();
  });

  it("returns the only candidate", () => {
    expect(chooseVariableResistanceUser(["imp"], seededRandom(1))).toBe("imp");
  });

  it("chooses each candidate for some seed, and always one of them", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) seen.add(chooseVariableResistanceUser(["a", "b", "c"], seededRandom(seed))!);
    expect([...seen].sort()).toEqual(["a", "b", "c"]);
  });

  it("counts a repeated id once", () => {
    const asked: number[] = [];
    const last: RandomSource = { int: (n) => (asked.push(n), n - 1) };
    expect(chooseVariableResistanceUser(["a", "a", "b"], last)).toBe("b");
    expect(asked).toEqual([2]);
  });
});
