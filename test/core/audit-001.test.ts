/**
 * Audit of the rules core against RULES.md §2/§4 and the five seeds: one case
 * per rule sentence, asserting what the seed says. Cases named "reading: ..."
 * pin this project's documented reading of a sentence the seeds leave open.
 */
// This file: seed 001 (revised 4E resistances).
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

const RESIST: Case["profile"] = [{ step: "immunity" }, { step: "resistance" }];
const resist = (defenses: DefensesInput, event: Case["event"]) => run({ profile: RESIST, defender: { defenses }, event });
const ENV = { traits: ["environmental"] };

describe("001 resistance against attacks and environmental damage", () => {
  it("environmental: a resistance with a limit removes the limit, one without removes all", () => {
    expect(resist({ resistances: [{ type: "fire", limit: 10 }] }, hit(15, "fire", ENV)).final).toBe(5);
    expect(resist({ resistances: [{ type: "fire" }] }, hit(15, "fire", ENV)).final).toBe(0);
    expect(resist({ resistances: [{ type: "all" }] }, hit(15, [], ENV)).final).toBe(0);
    expect(resist({ resistances: [{ type: "all", limit: 5 }] }, hit(15, "cold", ENV)).final).toBe(10);
  });

  it("attack: the same resistance removes min(half, limit), never more than half", () => {
    expect(resist({ resistances: [{ type: "fire", limit: 10 }] }, hit(15, "fire")).final).toBe(8);
    expect(resist({ resistances: [{ type: "fire", limit: 5 }] }, hit(15, "fire")).final).toBe(10);
    expect(resist({ resistances: [{ type: "fire" }] }, hit(15, "fire")).final).toBe(8);
  });

  it("a vulnerability adds min(half, limit) to attacks and environmental damage alike", () => {
    for (const extra of [{}, ENV]) {
      expect(resist({ vulnerabilities: [{ type: "fire" }] }, hit(15, "fire", extra)).final).toBe(22);
      expect(resist({ vulnerabilities: [{ type: "fire", limit: 3 }] }, hit(15, "fire", extra)).final).toBe(18);
    }
  });

  it("reading: environmental, unlimited Resist and unlimited Vulnerable on one type: original − all + half (001 'Simultaneously Applying')", () => {
    expect(resist({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "fire" }] }, hit(17, "fire", ENV)).final).toBe(8);
  });

  it("`non-physical` never covers physical, also inside a multi-type part", () => {
    expect(resist({ resistances: [{ type: "non-physical" }] }, hit(20)).final).toBe(20);
    expect(resist({ resistances: [{ type: "non-physical" }] }, hit(20, "psychic")).final).toBe(10);
    // physical + fire: mitigations (0 + 10) / 2 = 5.
    expect(resist({ resistances: [{ type: "non-physical" }] }, hit(20, ["physical", "fire"])).final).toBe(15);
  });
});

describe("001 resistance reduction", () => {
  const rr = (value: number, extra: Record<string, unknown> = {}) => ({ resistanceReduction: [{ type: "fire", value }], ...extra });

  it("no limit: Vulnerable with limit = value; limit L: limit = min(value, L); none: nothing", () => {
    expect(resist({ resistances: [{ type: "fire" }] }, hit(20, "fire", rr(5))).final).toBe(20 - 10 + 5);
    expect(resist({ resistances: [{ type: "fire", limit: 3 }] }, hit(20, "fire", rr(5))).final).toBe(20 - 3 + 3);
    expect(resist({ resistances: [{ type: "fire", limit: 8 }] }, hit(20, "fire", rr(5))).final).toBe(20 - 8 + 5);
    expect(resist({}, hit(20, "fire", rr(5))).final).toBe(20);
  });

  it("a resistance whose condition fails is not 'a Resistance for the Damage Type': no vulnerability", () => {
    expect(resist({ resistances: [{ type: "fire", condition: "critical" }] }, hit(20, "fire", rr(5))).final).toBe(20);
  });

  it("reading: only against attacks ('when attacking'); environmental damage keeps the full resistance", () => {
    expect(resist({ resistances: [{ type: "fire", limit: 4 }] }, hit(20, "fire", rr(4, ENV))).final).toBe(16);
  });
});

describe("001 keyword bundles", () => {
  const adv = { traits: ["advantage"] };
  const burst = { traits: ["burst"] };
  const blast = { traits: ["blast"] };

  it("Insubstantial: physical or non-physical without Advantage halved; physical with Advantage normal; non-physical with Advantage +half", () => {
    const d: DefensesInput = { keywords: ["insubstantial"] };
    expect(resist(d, hit(20)).final).toBe(10);
    expect(resist(d, hit(20, "necrotic")).final).toBe(10);
    expect(resist(d, hit(20, [], adv)).final).toBe(20);
    expect(resist(d, hit(20, "necrotic", adv)).final).toBe(30);
  });

  it("Swarm: non-poison single target halved, poison normal, any burst or blast +half (one vulnerability, not two)", () => {
    const d: DefensesInput = { keywords: ["swarm"] };
    expect(resist(d, hit(20, "fire")).final).toBe(10);
    expect(resist(d, hit(20, "poison")).final).toBe(20);
    expect(resist(d, hit(20, "fire", burst)).final).toBe(30);
    expect(resist(d, hit(20, "poison", blast)).final).toBe(30);
  });

  it("Regiment: Vulnerable Psychic instead of Poison", () => {
    const d: DefensesInput = { keywords: ["regiment"] };
    expect(resist(d, hit(20, "psychic")).final).toBe(20);
    expect(resist(d, hit(20, "poison")).final).toBe(10);
    expect(resist(d, hit(20, "psychic", burst)).final).toBe(30);
  });

  const TRIGGERS: Case["profile"] = [{ step: "resistance" }, { step: "triggers" }];
  it.each(["swarm", "regiment"] as const)("%s: Condition Immune Forced Movement (no burst/blast) blocks forced movement from a single-target hit only", (kw) => {
    const defender: DefenderInput = { defenses: { keywords: [kw], triggers: [{ type: "all", gains: "forcedMovement" }] } };
    expect(run({ profile: TRIGGERS, defender, event: hit(4, "fire") }).conditionsGained).toEqual([]);
    expect(run({ profile: TRIGGERS, defender, event: hit(4, "fire", burst) }).conditionsGained).toEqual(["forcedMovement"]);
  });

  it("forced movement immunity makes the character immune to push, pull and slide (001 Condition Immunity)", () => {
    for (const gains of ["push", "pull", "slide"]) {
      const defender: DefenderInput = { defenses: { keywords: ["swarm"], triggers: [{ type: "fire", gains }] } };
      expect(run({ profile: TRIGGERS, defender, event: hit(4, "fire") }).conditionsGained).toEqual([]);
      expect(run({ profile: TRIGGERS, defender, event: hit(4, "fire", blast) }).conditionsGained).toEqual([gains]);
    }
  });
});

describe("001 immunity and vulnerability", () => {
  it("single type: the immunity prevails over a vulnerability; no damage and no trigger", () => {
    const defender: DefenderInput = { defenses: { immunities: [{ type: "fire" }], vulnerabilities: [{ type: "fire" }], triggers: [{ type: "fire", gains: "slowed" }] } };
    const r = run({ profile: "revised-4e", defender, event: hit(20, "fire") });
    expect([r.final, r.prevented, r.dealt, r.conditionsGained]).toEqual([0, true, false, []]);
  });

  it("multi-type part: an immune type counts as 100% mitigation and adds nothing even when vulnerable", () => {
    // Fire immune (20) + cold nothing → (20 + 0) / 2 = 10 mitigated; additions: cold 0, fire 0.
    const r = resist({ immunities: [{ type: "fire" }], vulnerabilities: [{ type: "fire" }] }, hit(20, ["fire", "cold"]));
    expect(r.final).toBe(10);
    expect(r.prevented).toBe(false);
  });

  it("RULES.md §4 examples 1-6 hold through the revised-4e profile", () => {
    const d = (defenses: DefensesInput): DefenderInput => ({ defenses });
    const r4 = (defenses: DefensesInput, event: Case["event"]) => run({ profile: "revised-4e", defender: d(defenses), event }).final;
    const ex1: DefensesInput = { resistances: [{ type: "fire", condition: "advantage" }, { type: "fire", limit: 10 }, { type: "all", limit: 5 }] };
    expect(r4(ex1, hit(27, "fire"))).toBe(17);
    expect(r4(ex1, hit(27, "fire", { traits: ["advantage"] }))).toBe(14);
    expect(r4({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "fire", limit: 5 }] }, hit(17, "fire"))).toBe(14);
    expect(r4({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 5 }] }, hit(17, ["fire", "cold"]))).toBe(15);
    expect(r4({ immunities: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 5 }, { type: "acid" }] }, hit(17, ["fire", "cold", "acid"]))).toBe(15);
    expect(r4({ resistances: [{ type: "fire" }, { type: "all", limit: 5 }] }, hit(17, ["fire", "cold"]))).toBe(11);
  });
});

describe("001 changing types and extra damage", () => {
  it("'gains X' on untyped damage: X and physical", () => {
    // [physical, fire] vs Resist physical: (10 + 0) / 2 = 5.
    expect(resist({ resistances: [{ type: "physical" }] }, hit(20, [], { modifiers: [{ kind: "gainType", type: "fire" }] })).final).toBe(15);
  });

  it("'becomes X' replaces every previous type", () => {
    const becomes = { modifiers: [{ kind: "becomeType" as const, type: "fire" }] };
    expect(resist({ resistances: [{ type: "physical" }] }, hit(20, ["physical", "cold"], becomes)).final).toBe(20);
    expect(resist({ resistances: [{ type: "fire" }] }, hit(20, ["physical", "cold"], becomes)).final).toBe(10);
  });

  it("untyped extra damage adds to the amount and leaves the types alone", () => {
    const r = resist({ resistances: [{ type: "fire", limit: 5 }] }, hit(10, "fire", { modifiers: [{ kind: "extraDamage", amount: 4 }] }));
    expect([r.incoming, r.final]).toEqual([14, 9]);
  });

  it("typed extra damage adds its types and its amount", () => {
    // 10 physical + 4 fire → 14 [physical, fire]; Immune fire: (14 + 0) / 2 = 7.
    const r = resist({ immunities: [{ type: "fire" }] }, hit(10, [], { modifiers: [{ kind: "extraDamage", amount: 4, types: ["fire"] }] }));
    expect([r.incoming, r.final]).toEqual([14, 7]);
  });

  it("reading: on a hit of several parts, typed extra damage joins the first part; 'gains' adds to every part", () => {
    const two = { parts: [{ amount: 6, types: ["slashing"] }, { amount: 4, types: ["cold"] }] };
    const extra = resist({ immunities: [{ type: "fire" }] }, { ...two, modifiers: [{ kind: "extraDamage", amount: 2, types: ["fire"] }] });
    expect(extra.final).toBe(4 + 4); // 8 [slashing, fire] → 8 − 4; cold 4 untouched
    const gains = resist({ immunities: [{ type: "fire" }] }, { ...two, modifiers: [{ kind: "gainType", type: "fire" }] });
    expect(gains.final).toBe(3 + 2);
  });
});
