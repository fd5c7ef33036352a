/**
 * 002's power changes and "on damage" effects through the card-game profile:
 * rules 5, 6 and 15 (power reduced below 0 deals 0), rule 9 (only damage
 * greater than 0 is dealt, and only then do on-damage effects fire).
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { hit, run } from "./support.ts";

const champion = (defenses: DefenderInput["defenses"] = {}): DefenderInput => ({
  traits: ["champion"],
  resources: { hp: { value: 10 } },
  defenses: { triggers: [{ type: "all", gains: "enraged" }], ...defenses },
});
const adjust = (amount: number) => ({ modifiers: [{ kind: "adjust" as const, amount }] });

describe("002 power changes (rules 5, 6, 15)", () => {
  it("a hit of 3 with a -5 modifier deals 0, is not dealt, and fires no on-damage effect", () => {
    const r = run({ profile: "card-game", defender: champion(), event: hit(3, "fire", adjust(-5)) });
    expect([r.incoming, r.final, r.dealt, r.prevented, r.state.counters, r.conditionsGained]).toEqual([-2, 0, false, false, 0, []]);
    const clamp = r.trace.find((e) => e.step === "clamp")!;
    expect([clamp.in, clamp.out, clamp.key, clamp.params]).toEqual([-2, 0, "DAMAGECHAIN.Trace.clamp.raised", { points: 2 }]);
    expect(r.trace.at(-1)!.key).toBe("DAMAGECHAIN.Trace.triggers.notDealt");
  });

  it("the same hit with +0 is dealt and fires the on-damage effect", () => {
    const r = run({ profile: "card-game", defender: champion(), event: hit(3, "fire", adjust(0)) });
    expect([r.final, r.dealt, r.state.counters, r.conditionsGained]).toEqual([3, true, 3, ["enraged"]]);
  });

  it("a power increase adds to the damage; a decrease to exactly 0 deals nothing", () => {
    expect(run({ profile: "card-game", defender: champion(), event: hit(3, "fire", adjust(2)) }).state.counters).toBe(5);
    const zero = run({ profile: "card-game", defender: champion(), event: hit(3, "fire", adjust(-3)) });
    expect([zero.final, zero.dealt, zero.conditionsGained]).toEqual([0, false, []]);
  });

  it("a reduction is taken from the hit's parts in order: one quantity of damage", () => {
    const r = run({ profile: "card-game", defender: champion(), event: { parts: [{ amount: 3, types: ["fire"] }, { amount: 10, types: ["water"] }], ...adjust(-5) } });
    expect([r.incoming, r.final]).toEqual([8, 8]);
  });

  it("a power reduced below 0 spends no one-time prevention (there is no damage to prevent)", () => {
    const d = champion({ prevention: [{ kind: "oneTime", id: "ward", uses: 1 }] });
    const r = run({ profile: "card-game", defender: d, event: hit(3, "fire", adjust(-5)) });
    expect([r.prevented, r.state.oneTimeUses.ward ?? 1]).toEqual([false, 1]);
  });

  it("a profile without a clamp step never sees negative damage", () => {
    const r = run({ profile: "revised-4e", defender: champion(), event: hit(3, "fire", adjust(-5)) });
    expect([r.incoming, r.final, r.dealt]).toEqual([0, 0, false]);
    for (const e of r.trace) expect(Math.min(e.in, e.out)).toBeGreaterThanOrEqual(0);
  });
});

describe("002 on-damage effects (rule 9)", () => {
  it("prevented damage fires no on-damage effect", () => {
    const r = run({ profile: "card-game", defender: champion({ prevention: [{ kind: "ongoing", types: ["fire"] }] }), event: hit(4, "fire") });
    expect([r.prevented, r.conditionsGained]).toEqual([true, []]);
  });

  it("an on-damage effect limited to an element fires only for that element", () => {
    const d = champion({ triggers: [{ type: "water", gains: "soaked" }] });
    expect(run({ profile: "card-game", defender: d, event: hit(2, "water") }).conditionsGained).toEqual(["soaked"]);
    expect(run({ profile: "card-game", defender: d, event: hit(2, "fire") }).conditionsGained).toEqual([]);
  });
});

describe("002 clamp placement", () => {
  it("a custom profile whose clamp comes after a step that reads amounts gets 0, not negative damage", () => {
    const profile = [{ step: "resistance" as const }, { step: "clamp" as const }, { step: "life" as const, options: { mode: "counters", atZero: "dead" } }];
    const r = run({ profile, defender: champion({ resistances: [{ type: "fire", limit: 1 }] }), event: hit(3, "fire", adjust(-5)) });
    expect([r.incoming, r.final, r.dealt]).toEqual([0, 0, false]);
    for (const e of r.trace) expect(Math.min(e.in, e.out)).toBeGreaterThanOrEqual(0);
  });
});
