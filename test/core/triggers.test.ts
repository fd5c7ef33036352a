/**
 * Damage triggers (seed 001 "Damage Trigger"): a condition after the hit is
 * resolved, only when damage of the type was actually dealt (002 rule 9).
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import { hit, run } from "./support.ts";

const chain = [{ step: "resistance" as const }, { step: "triggers" as const }];
const coldSlows: DefenderInput = { defenses: { triggers: [{ type: "cold", gains: "slowed" }] } };

function withTriggers(defender: DefenderInput, event: DamageEventInput) {
  const r = run({ profile: chain, defender, event });
  return { r, note: r.trace.find((t) => t.step === "triggers") };
}

describe("damage triggers (001)", () => {
  it("cold damage dealt gives the condition, after resolution, without changing the damage", () => {
    const { r, note } = withTriggers(coldSlows, hit(8, "cold"));
    expect(r.final).toBe(8);
    expect(r.conditionsGained).toEqual(["slowed"]);
    expect(r.state.conditions).toEqual(["slowed"]);
    expect(note).toMatchObject({ in: 8, out: 8, key: "DAMAGECHAIN.Trace.triggers.gained", params: { conditions: ["slowed"] }, defenses: [{ kind: "trigger", type: "cold" }] });
  });

  it("a part of several types triggers on any of them", () => {
    expect(withTriggers(coldSlows, hit(8, ["fire", "cold"])).r.conditionsGained).toEqual(["slowed"]);
  });

  it("damage of another type does not trigger", () => {
    const { r, note } = withTriggers(coldSlows, hit(8, "fire"));
    expect(r.conditionsGained).toEqual([]);
    expect(note?.key).toBe("DAMAGECHAIN.Trace.triggers.none");
  });

  it("cold damage fully resisted is not dealt and does not trigger", () => {
    const defender: DefenderInput = { defenses: { ...coldSlows.defenses, resistances: [{ type: "cold" }] } };
    const { r, note } = withTriggers(defender, hit(8, "cold", { traits: ["environmental"] }));
    expect(r.final).toBe(0);
    expect(r.conditionsGained).toEqual([]);
    expect(note?.key).toBe("DAMAGECHAIN.Trace.triggers.notDealt");
  });

  it("a cold part reduced to 0 does not trigger even if another part deals damage", () => {
    const defender: DefenderInput = { defenses: { ...coldSlows.defenses, resistances: [{ type: "cold" }] } };
    const event: DamageEventInput = { traits: ["environmental"], parts: [{ amount: 5, types: ["fire"] }, { amount: 5, types: ["cold"] }] };
    const { r, note } = withTriggers(defender, event);
    expect(r.final).toBe(5);
    expect(r.conditionsGained).toEqual([]);
    expect(note?.key).toBe("DAMAGECHAIN.Trace.triggers.none");
  });

  it("prevented damage never reaches the trigger (revised-4e: 4 Poison vs Poison immunity)", () => {
    const defender: DefenderInput = { resources: { hp: { value: 20 } }, defenses: { immunities: [{ type: "poison" }], triggers: [{ type: "poison", gains: "weakened" }] } };
    const r = run({ profile: "revised-4e", defender, event: hit(4, "poison") });
    expect(r.prevented).toBe(true);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace.some((t) => t.step === "triggers")).toBe(false);
  });

  it("a condition immunity blocks the condition", () => {
    const defender: DefenderInput = { defenses: { ...coldSlows.defenses, conditionImmunities: [{ gains: "slowed" }] } };
    const { r, note } = withTriggers(defender, hit(8, "cold"));
    expect(r.conditionsGained).toEqual([]);
    expect(note?.key).toBe("DAMAGECHAIN.Trace.triggers.blocked");
  });

  it("a condition already held is not gained again", () => {
    const { r, note } = withTriggers({ ...coldSlows, state: { conditions: ["slowed"] } }, hit(8, "cold"));
    expect(r.conditionsGained).toEqual([]);
    expect(r.state.conditions).toEqual(["slowed"]);
    expect(note?.key).toBe("DAMAGECHAIN.Trace.triggers.blocked");
  });

  it("a trigger with a condition fires only when it holds; `all` covers any type; labels name the trigger", () => {
    const defender: DefenderInput = {
      defenses: {
        triggers: [
          { type: "fire", gains: "dazed", condition: "critical" },
          { type: "all", gains: "marked", label: "Bloodied rage" },
        ],
      },
    };
    const plain = withTriggers(defender, hit(6, "fire"));
    expect(plain.r.conditionsGained).toEqual(["marked"]);
    expect(plain.note?.defenses).toEqual([{ kind: "trigger", type: "all", label: "Bloodied rage" }]);
    const crit = withTriggers(defender, hit(6, "fire", { traits: ["critical"] }));
    expect(crit.r.conditionsGained).toEqual(["dazed", "marked"]);
    expect(crit.note).toMatchObject({
      params: { conditions: ["dazed", "marked"] },
      defenses: [{ kind: "trigger", type: "fire", condition: "critical" }, { kind: "trigger", type: "all", label: "Bloodied rage" }],
    });
  });
});
