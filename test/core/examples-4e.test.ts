/**
 * RULES.md §4 worked examples 1–8 (seed 001), through the built-in
 * `revised-4e` profile: immunity, resistance, life, triggers, variable resistance.
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run } from "./support.ts";

const defender = (defenses: DefensesInput): DefenderInput => ({ resources: { hp: { value: 100, max: 100 } }, defenses });

describe("revised-4e worked examples (RULES.md §4, seed 001)", () => {
  const threeFireResists: DefensesInput = {
    resistances: [
      { type: "fire", condition: "advantage" },
      { type: "fire", limit: 10 },
      { type: "all", limit: 5 },
    ],
  };

  it("1. 27 Fire without Advantage vs Resist Fire (Advantage), Resist 10 Fire, Resist 5 All -> 17", () => {
    const r = run({ profile: "revised-4e", defender: defender(threeFireResists), event: hit(27, "fire") });
    expect(r.final).toBe(17);
    expect(r.taken.hp).toBe(17);
    expect(r.resources.hp?.value).toBe(83);
    const step = r.trace.find((t) => t.step === "resistance");
    expect(step).toMatchObject({ in: 27, out: 17, defenses: [{ kind: "resistance", type: "fire", limit: 10 }] });
  });

  it("2. the same with Advantage -> 27 - 13 = 14", () => {
    const r = run({ profile: "revised-4e", defender: defender(threeFireResists), event: hit(27, "fire", { traits: ["advantage"] }) });
    expect(r.final).toBe(14);
    expect(r.trace.find((t) => t.step === "resistance")?.defenses).toEqual([{ kind: "resistance", type: "fire", condition: "advantage" }]);
  });

  it("3. 17 Fire vs Resist Fire + Vulnerable 5 Fire -> 17 - 8 + 5 = 14", () => {
    const r = run({
      profile: "revised-4e",
      defender: defender({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "fire", limit: 5 }] }),
      event: hit(17, "fire"),
    });
    expect(r.final).toBe(14);
    expect(r.trace.find((t) => t.step === "resistance")?.params).toMatchObject({ mitigated: 8, added: 5 });
  });

  it("4. 17 Fire+Cold vs Resist Fire + Vulnerable 5 Cold -> 17 - 4 + 2 = 15", () => {
    const r = run({
      profile: "revised-4e",
      defender: defender({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 5 }] }),
      event: hit(17, ["fire", "cold"]),
    });
    expect(r.final).toBe(15);
    expect(r.trace.find((t) => t.step === "resistance")?.params).toMatchObject({ mitigated: 4, added: 2 });
  });

  it("5. 17 Fire+Cold+Acid vs Immune Fire + Vulnerable 5 Cold + Vulnerable Acid -> 17 - 8 + 6 = 15", () => {
    const r = run({
      profile: "revised-4e",
      defender: defender({
        immunities: [{ type: "fire" }],
        vulnerabilities: [
          { type: "cold", limit: 5 },
          { type: "acid" },
        ],
      }),
      event: hit(17, ["fire", "cold", "acid"]),
    });
    expect(r.final).toBe(15);
    expect(r.prevented).toBe(false);
    expect(r.trace.find((t) => t.step === "resistance")?.params).toMatchObject({ mitigated: 8, added: 6 });
  });

  it("6. 17 Fire+Cold vs Resist Fire + Resist All 5 -> mitigation (8+5)/2 = 6 -> 11", () => {
    const r = run({
      profile: "revised-4e",
      defender: defender({ resistances: [{ type: "fire" }, { type: "all", limit: 5 }] }),
      event: hit(17, ["fire", "cold"]),
    });
    expect(r.final).toBe(11);
    expect(r.trace.find((t) => t.step === "resistance")?.params).toMatchObject({ mitigated: 6, added: 0 });
  });

  describe("7. Insubstantial", () => {
    const insubstantial = defender({ keywords: ["insubstantial"] });
    it("physical without Advantage is halved (27 -> 14)", () => {
      expect(run({ profile: "revised-4e", defender: insubstantial, event: hit(27) }).final).toBe(14);
    });
    it("non-physical without Advantage is halved (27 -> 14)", () => {
      expect(run({ profile: "revised-4e", defender: insubstantial, event: hit(27, "necrotic") }).final).toBe(14);
    });
    it("physical with Advantage is unchanged (27)", () => {
      expect(run({ profile: "revised-4e", defender: insubstantial, event: hit(27, [], { traits: ["advantage"] }) }).final).toBe(27);
    });
    it("non-physical with Advantage gains half (27 -> 40)", () => {
      expect(run({ profile: "revised-4e", defender: insubstantial, event: hit(27, "fire", { traits: ["advantage"] }) }).final).toBe(40);
    });
  });

  describe("8. Swarm", () => {
    const swarm = defender({ keywords: ["swarm"] });
    it("non-poison, single target is halved (27 -> 14)", () => {
      expect(run({ profile: "revised-4e", defender: swarm, event: hit(27, "fire") }).final).toBe(14);
    });
    it("poison, single target is unchanged (27)", () => {
      expect(run({ profile: "revised-4e", defender: swarm, event: hit(27, "poison") }).final).toBe(27);
    });
    it("any type in a burst gains half (27 -> 40)", () => {
      expect(run({ profile: "revised-4e", defender: swarm, event: hit(27, "fire", { traits: ["burst"] }) }).final).toBe(40);
    });
    it("poison in a blast gains half once, not twice (27 -> 40)", () => {
      expect(run({ profile: "revised-4e", defender: swarm, event: hit(27, "poison", { traits: ["blast"] }) }).final).toBe(40);
    });
  });
});
