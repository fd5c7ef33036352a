/**
 * Audit of the rules core against RULES.md §2/§4 and the five seeds: one case
 * per rule sentence, asserting what the seed says. Cases named "reading: ..."
 * pin this project's documented reading of a sentence the seeds leave open.
 */
import { describe, expect, it } from "vitest";
import { endTurn, startRound } from "../../src/core/lifecycle.ts";
import { defenderStateSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { TWO_WEEKS_SECONDS } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

type Result = ReturnType<typeof run>;
const after = (prev: DefenderInput, r: Result): DefenderInput => ({ ...prev, resources: r.resources, state: r.state });
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

describe("000 negates, flat defenses, armor", () => {
  const LAYERED = "layered-armor";
  const layered = (defenses: DefensesInput, event: Case["event"]) => run({ profile: LAYERED, defender: { resources: { hp: { value: 100 } }, defenses }, event });

  it("BDN negates base damage LESS THAN it; FDN negates final damage LESS THAN OR EQUAL TO it", () => {
    const bdn: DefensesInput = { negates: [{ kind: "BDN", type: "physical", value: 5 }] };
    expect(layered(bdn, hit(4)).negated).toBe(true);
    expect(layered(bdn, hit(5)).final).toBe(5);
    const fdn: DefensesInput = { negates: [{ kind: "FDN", type: "physical", value: 5 }] };
    expect(layered(fdn, hit(5)).negated).toBe(true);
    expect(layered(fdn, hit(6)).final).toBe(6);
  });

  it("negated is not reduced: nothing reaches life, the hit is not dealt", () => {
    const r = layered({ negates: [{ kind: "BDN", type: "physical", value: 5 }] }, hit(4));
    expect([r.final, r.dealt, r.taken, r.trace.map((t) => t.step)]).toEqual([0, false, {}, ["bdn"]]);
  });

  it("only the highest BDN applies, a natural one included (never added)", () => {
    const d: DefensesInput = { negates: [{ kind: "BDN", type: "physical", value: 6, natural: true }, { kind: "BDN", type: "physical", value: 4 }] };
    expect(layered(d, hit(5)).negated).toBe(true);
    expect(layered(d, hit(6)).final).toBe(6);
  });

  it("an ignored greatest BDN / FDN lets a lesser one apply", () => {
    const d: DefensesInput = { negates: [{ kind: "BDN", type: "physical", value: 9, ignoredBy: ["imbued"] }, { kind: "BDN", type: "physical", value: 3 }] };
    expect(layered(d, hit(5, [], { traits: ["imbued"] })).final).toBe(5);
    expect(layered(d, hit(2, [], { traits: ["imbued"] })).negated).toBe(true);
  });

  it("the base damage must overcome the BDN before the BDR reduces it (and the final before FDR)", () => {
    expect(layered({ negates: [{ kind: "BDN", type: "physical", value: 5 }], flat: [{ kind: "BDR", type: "physical", value: 3 }] }, hit(6)).final).toBe(3);
    expect(layered({ negates: [{ kind: "FDN", type: "physical", value: 5 }], flat: [{ kind: "FDR", type: "physical", value: 3 }] }, hit(6)).final).toBe(3);
  });

  it("reading: a negate acts on each part of a hit on its own (000 speaks of one 'source of damage')", () => {
    const r = layered({ negates: [{ kind: "BDN", type: "fire", value: 4 }] }, { parts: [{ amount: 5, types: ["slashing"] }, { amount: 3, types: ["fire"] }] });
    expect([r.final, r.negated]).toEqual([5, false]);
  });

  it("reading: FDN compares the final damage with the FDN (000 writes 'less than or equal to the BDN' in the FDN paragraph)", () => {
    const d: DefensesInput = { negates: [{ kind: "BDN", type: "physical", value: 10, ignoredBy: ["imbued"] }, { kind: "FDN", type: "physical", value: 3 }] };
    const r = layered(d, hit(5, [], { traits: ["imbued"] }));
    expect([r.final, r.negated]).toEqual([5, false]);
  });

  it("reading: a part of several types meets BDR, DV and armor on its type with the largest value", () => {
    const d: DefensesInput = { flat: [{ kind: "BDR", type: "fire", value: 2 }, { kind: "BDR", type: "cold", value: 5 }], armor: [{ type: "fire", value: 3, layer: "natural" }] };
    expect(layered(d, hit(20, ["fire", "cold"])).final).toBe(12);
  });

  it("BDR, FDR and DV: natural + the single highest other source; a second natural is not added", () => {
    const flat = (kind: "BDR" | "FDR" | "DV"): DefensesInput => ({
      flat: [
        { kind, type: "fire", value: 2, natural: true },
        { kind, type: "fire", value: 3, natural: true },
        { kind, type: "fire", value: 4 },
        { kind, type: "all", value: 1 },
      ],
    });
    expect(layered(flat("BDR"), hit(20, "fire")).final).toBe(13);
    expect(layered(flat("FDR"), hit(20, "fire")).final).toBe(13);
    expect(layered(flat("DV"), hit(20, "fire")).final).toBe(27);
  });

  it("BDR ignored when imbued: the lesser source is used instead", () => {
    const d: DefensesInput = { flat: [{ kind: "BDR", type: "fire", value: 8, ignoredBy: ["imbued"] }, { kind: "BDR", type: "fire", value: 2 }] };
    expect(layered(d, hit(20, "fire", { traits: ["imbued"] })).final).toBe(18);
    expect(layered(d, hit(20, "fire")).final).toBe(12);
  });

  it("BDR to 0: the attack cannot injure; DV does not bring it back", () => {
    const r = layered({ flat: [{ kind: "BDR", type: "fire", value: 8 }, { kind: "DV", type: "fire", value: 5 }] }, hit(6, "fire"));
    expect([r.final, r.dealt, r.resources.hp!.value]).toEqual([0, false, 100]);
  });

  it("armor value: highest natural + highest layer + half the 2nd + half the 3rd; other layers ignored", () => {
    const armor: DefensesInput["armor"] = [
      { type: "slashing", value: 2, layer: "natural" },
      { type: "slashing", value: 1, layer: "natural" },
      { type: "slashing", value: 8, layer: "hard" },
      { type: "slashing", value: 3, layer: "soft" },
      { type: "slashing", value: 6, layer: "soft" },
      { type: "slashing", value: 5, layer: "soft" },
    ];
    // 2 + 8 + floor(6/2) + floor(5/2) = 15; the 3 is ignored.
    expect(layered({ armor }, hit(40, "slashing")).final).toBe(25);
  });

  it("damage limit: the lowest applies; when it is ignored the next lowest applies; it counts the whole round", () => {
    const defender: DefenderInput = { resources: { hp: { value: 100 } }, defenses: { damageLimits: [{ value: 12 }, { value: 5, ignoredBy: ["imbued"] }, { value: 20 }] } };
    const first = run({ profile: LAYERED, defender, event: hit(30, [], { traits: ["imbued"] }) });
    expect(first.resources.hp!.value).toBe(88);
    const second = run({ profile: LAYERED, defender: after(defender, first), event: hit(30, [], { traits: ["imbued"] }) });
    expect(second.resources.hp!.value).toBe(88);
    const nextRound = run({ profile: LAYERED, defender: { ...after(defender, second), state: startRound(second.state) }, event: hit(30) });
    expect(nextRound.resources.hp!.value).toBe(83);
  });
});

describe("000 damage shell", () => {
  const SHELL: Case["profile"] = [{ step: "damageShell" }, { step: "life", options: { atZero: "none" } }];
  const shellDefender = (shells: NonNullable<DefensesInput["shells"]>, hp = 30): DefenderInput => ({ resources: { hp: { value: hp } }, defenses: { shells } });

  it("life stops at the shell, then immune to all damage until the next round; the shell then waits two weeks", () => {
    const d = shellDefender([{ id: "ds", value: 10 }]);
    const first = run({ profile: SHELL, defender: d, event: hit(25), now: 50 });
    expect([first.resources.hp!.value, first.state.shellImmune]).toEqual([10, true]);
    const immune = run({ profile: SHELL, defender: after(d, first), event: hit(7), now: 51 });
    expect([immune.final, immune.resources.hp!.value]).toEqual([0, 10]);
    const nextRound = { ...after(d, immune), state: startRound(immune.state) };
    const fresh = run({ profile: SHELL, defender: { ...nextRound, resources: { hp: { value: 30 } } }, event: hit(25), now: 52 });
    expect(fresh.resources.hp!.value).toBe(5);
    const later = run({ profile: SHELL, defender: { ...nextRound, resources: { hp: { value: 30 } } }, event: hit(25), now: 50 + TWO_WEEKS_SECONDS });
    expect(later.resources.hp!.value).toBe(10);
  });

  it("reading: several shells at different values trigger separately, each with its own cooldown (000 'You cannot benefit from a DS again')", () => {
    const d = shellDefender([{ id: "low", value: 10 }, { id: "high", value: 20 }]);
    const first = run({ profile: SHELL, defender: d, event: hit(25) });
    expect(first.resources.hp!.value).toBe(20);
    const second = run({ profile: SHELL, defender: { ...after(d, first), state: startRound(first.state) }, event: hit(15) });
    expect(second.resources.hp!.value).toBe(10);
  });

  it("an ignoring (imbued) hit goes past; more imbued damage that round still hurts; a later non-ignoring attack is ignored", () => {
    const d = shellDefender([{ id: "ds", value: 10, ignoredBy: ["imbued"] }]);
    const imbued = { traits: ["imbued"] };
    const first = run({ profile: SHELL, defender: d, event: hit(25, [], imbued) });
    expect([first.resources.hp!.value, first.state.shellImmune]).toEqual([5, false]);
    const again = run({ profile: SHELL, defender: after(d, first), event: hit(2, [], imbued) });
    expect(again.resources.hp!.value).toBe(3);
    const plain = run({ profile: SHELL, defender: after(d, again), event: hit(2) });
    expect([plain.final, plain.resources.hp!.value, plain.state.shellImmune]).toEqual([0, 3, true]);
  });

  it("triggers and writes a state that stays valid when game time is fractional or negative (Foundry world time)", () => {
    for (const now of [100.5, -20, -5e6]) {
      const r = run({ profile: SHELL, defender: shellDefender([{ id: "ds", value: 10 }]), event: hit(25), now });
      expect([r.resources.hp!.value, r.state.shellImmune]).toEqual([10, true]);
      expect(defenderStateSchema.safeParse(r.state).success).toBe(true);
      expect(r.state.shellCooldowns.ds).toBeGreaterThanOrEqual(now + TWO_WEEKS_SECONDS);
    }
  });

  it("reading: the 'later attack' rule lasts for the round (RULES.md 'that round'; 000 says only 'later')", () => {
    const d = shellDefender([{ id: "ds", value: 10, ignoredBy: ["imbued"] }]);
    const first = run({ profile: SHELL, defender: d, event: hit(25, [], { traits: ["imbued"] }) });
    const nextRound = run({ profile: SHELL, defender: { ...after(d, first), state: startRound(first.state) }, event: hit(2) });
    expect([nextRound.resources.hp!.value, nextRound.state.shellImmune]).toEqual([3, false]);
  });

  it("reading: once triggered, the shell's immunity stops even hits that ignore the shell, until the next round", () => {
    const d = shellDefender([{ id: "ds", value: 10, ignoredBy: ["imbued"] }]);
    const first = run({ profile: SHELL, defender: d, event: hit(20) });
    const imbued = run({ profile: SHELL, defender: after(d, first), event: hit(5, [], { traits: ["imbued"] }) });
    expect(imbued.resources.hp!.value).toBe(10);
  });
});

describe("002 card game", () => {
  const champion = (state: DefenderInput["state"] = {}, traits = ["champion"]): DefenderInput => ({ traits, resources: { hp: { value: 10 } }, state, defenses: { prevention: [{ kind: "ongoing", types: ["fire"] }] } });

  it("unpreventable ignores prevention; prevented damage places nothing and is not dealt", () => {
    const prevented = run({ profile: "card-game", defender: champion(), event: hit(4, "fire") });
    expect([prevented.prevented, prevented.dealt, prevented.state.counters]).toEqual([true, false, 0]);
    const through = run({ profile: "card-game", defender: champion(), event: hit(4, "fire", { traits: ["unpreventable"] }) });
    expect([through.dealt, through.state.counters]).toEqual([true, 4]);
  });

  it("damage is dealt only when more than 0 reaches the target", () => {
    const r = run({ profile: "card-game", defender: champion(), event: hit(0) });
    expect([r.final, r.dealt, r.prevented, r.state.counters]).toEqual([0, false, false, 0]);
  });

  it("champion counters stay; ally damage is temporary and cleared at the end phase", () => {
    const c = run({ profile: "card-game", defender: champion(), event: hit(3) });
    expect(endTurn(c.state).counters).toBe(3);
    const a = run({ profile: "card-game", defender: champion({}, ["ally"]), event: hit(3) });
    expect([a.state.temporaryDamage, a.state.counters, endTurn(a.state).temporaryDamage]).toEqual([3, 0, 0]);
  });

  it("reading: unpreventable damage ignores prevention, not immunity (002 has no immunities; 004 checks immunity first)", () => {
    const d: DefenderInput = { defenses: { immunities: [{ type: "fire" }] }, resources: { hp: { value: 10 } } };
    const r = run({ profile: [{ step: "immunity" }, { step: "prevention" }, { step: "clamp" }, { step: "life", options: { mode: "counters", atZero: "dead" } }], defender: d, event: hit(4, "fire", { traits: ["unpreventable"] }) });
    expect([r.prevented, r.state.counters]).toEqual([true, 0]);
  });

  it("counters equal to or above life kill a champion, unless it has Immortality", () => {
    expect(run({ profile: "card-game", defender: champion({ counters: 7 }), event: hit(3) }).conditionsGained).toEqual(["dead"]);
    expect(run({ profile: "card-game", defender: champion({ counters: 6 }), event: hit(3) }).conditionsGained).toEqual([]);
    expect(run({ profile: "card-game", defender: champion({ counters: 7 }, ["champion", "immortal"]), event: hit(9) }).conditionsGained).toEqual([]);
  });
});

describe("003 tags and guard", () => {
  const TAGS = "tags-and-guard";

  it("immunity to any tag of the source: no damage, and that tag's non-damage effects are ignored", () => {
    const r = run({ profile: TAGS, defender: { resources: { hp: { value: 9 } }, defenses: { immunities: [{ tag: "fear" }] } }, event: hit(5, "psychic", { source: { tags: ["mind", "fear"] } }) });
    expect([r.final, r.prevented, r.resources.hp!.value, r.effects]).toEqual([0, true, 9, [{ kind: "ignoreNonDamageEffects", tag: "fear" }]]);
  });

  it("several applicable resistances: only one, the best, applies", () => {
    const defenses: DefensesInput = { tagResistances: [{ tag: "fire", value: 2 }, { tag: "magic", value: 5 }, { tag: "spell", value: 3 }] };
    const r = run({ profile: TAGS, defender: { resources: { hp: { value: 20 } }, defenses }, event: hit(9, "fire", { source: { tags: ["magic", "spell"] } }) });
    expect(r.final).toBe(4);
  });

  it("guard takes attacks first and the rest goes to HP; Broken only when guard reaches 0 this way", () => {
    const d: DefenderInput = { resources: { guard: { value: 5 }, hp: { value: 10 } } };
    const soft = run({ profile: TAGS, defender: d, event: hit(3) });
    expect([soft.resources.guard!.value, soft.resources.hp!.value, soft.conditionsGained]).toEqual([2, 10, []]);
    const broken = run({ profile: TAGS, defender: d, event: hit(7) });
    expect([broken.resources.guard!.value, broken.resources.hp!.value, broken.conditionsGained]).toEqual([0, 8, ["broken"]]);
    const already = run({ profile: TAGS, defender: { resources: { guard: { value: 0 }, hp: { value: 10 } } }, event: hit(3) });
    expect(already.conditionsGained).toEqual([]);
  });

  it("non-attack damage skips guard (and cannot break it)", () => {
    const r = run({ profile: TAGS, defender: { resources: { guard: { value: 5 }, hp: { value: 10 } } }, event: hit(5, [], ENV) });
    expect([r.resources.guard!.value, r.resources.hp!.value, r.conditionsGained]).toEqual([5, 5, []]);
  });

  it("HP never drops below 0; reaching 0 gives Dying", () => {
    const r = run({ profile: TAGS, defender: { resources: { hp: { value: 4 } } }, event: hit(9) });
    expect([r.resources.hp!.value, r.taken, r.conditionsGained]).toEqual([0, { hp: 4 }, ["dying"]]);
  });
});

describe("004 armor pools", () => {
  const POOLS = "armor-pools";

  it("a relevant immunity applies before any one-time effect (the shield is not spent)", () => {
    const defenses: DefensesInput = { immunities: [{ type: "poison" }], prevention: [{ kind: "oneTime", id: "spirit" }] };
    const r = run({ profile: POOLS, defender: { defenses, resources: { body: { value: 3 } } }, event: hit(4, "poison") });
    expect([r.prevented, r.state.oneTimeUses, r.trace.map((t) => t.step)]).toEqual([true, {}, ["immunity"]]);
  });

  it("a one-time effect limited to fire prevents only the fire damage of a hit", () => {
    const defenses: DefensesInput = { prevention: [{ kind: "oneTime", id: "fireShield", types: ["fire"] }] };
    const r = run({ profile: POOLS, defender: { defenses, resources: { body: { value: 10 } } }, event: { parts: [{ amount: 5, types: ["slashing"] }, { amount: 3, types: ["fire"] }] } });
    expect([r.prevented, r.final, r.resources.body!.value, r.state.oneTimeUses]).toEqual([false, 5, 5, { fireShield: 0 }]);
  });

  it("each part may be prevented by a one-time effect that covers it, each effect spent once", () => {
    const defenses: DefensesInput = { prevention: [{ kind: "oneTime", id: "fire", types: ["fire"] }, { kind: "oneTime", id: "cold", types: ["cold"], uses: 2 }] };
    const r = run({ profile: POOLS, defender: { defenses, resources: { body: { value: 10 } } }, event: { parts: [{ amount: 5, types: ["cold"] }, { amount: 3, types: ["fire"] }, { amount: 2, types: ["cold"] }] } });
    expect([r.prevented, r.final, r.state.oneTimeUses]).toEqual([true, 0, { fire: 0, cold: 1 }]);
  });

  it("one hit makes at most one wound, at the location hit", () => {
    const r = run({ profile: POOLS, defender: { resources: { body: { value: 1 } } }, event: hit(9, [], { location: "leftArm" }) });
    expect([r.state.wounds, r.taken]).toEqual([{ leftArm: 1 }, { body: 1, wound: 1 }]);
  });

  it("reading: a hit with no known location is a torso wound (004 says 'err on the side of the attacker ... torso wound' of unknown damage)", () => {
    expect(run({ profile: POOLS, event: hit(2) }).state.wounds).toEqual({ torso: 1 });
  });

  it("damage that exactly empties the last pool makes no wound", () => {
    expect(run({ profile: POOLS, defender: { resources: { body: { value: 3 } } }, event: hit(3) }).state.wounds).toEqual({});
  });

  it("pierce skips every armor pool, monstrous too (RULES.md §4 example 10)", () => {
    const resources = { magicArmor: { value: 2 }, physicalArmor: { value: 2 }, monstrousArmor: { value: 4 }, naturalArmor: { value: 2 }, body: { value: 4 } };
    const r = run({ profile: POOLS, defender: { resources }, event: hit(4, [], { traits: ["pierce"] }) });
    expect(r.resources).toEqual({ ...resources, body: { value: 0 } });
  });

  it("ablative 'next hit goes to pool X' applies to the next hit only", () => {
    const d: DefenderInput = { resources: { magicArmor: { value: 5 }, physicalArmor: { value: 5 }, body: { value: 5 } }, state: { nextHitPool: "physicalArmor" } };
    const first = run({ profile: POOLS, defender: d, event: hit(2) });
    expect([first.resources.physicalArmor!.value, first.resources.magicArmor!.value, first.state.nextHitPool]).toEqual([3, 5, undefined]);
    const second = run({ profile: POOLS, defender: after(d, first), event: hit(2) });
    expect(second.resources.magicArmor!.value).toBe(3);
  });

  it("reading: 'next hit goes to pool X' sends the damage to X first, and what X cannot take follows the normal order", () => {
    const d: DefenderInput = { resources: { magicArmor: { value: 5 }, physicalArmor: { value: 1 }, body: { value: 5 } }, state: { nextHitPool: "physicalArmor" } };
    const r = run({ profile: POOLS, defender: d, event: hit(4) });
    expect([r.resources.physicalArmor!.value, r.resources.magicArmor!.value, r.resources.body!.value]).toEqual([0, 2, 5]);
  });

  it("reading: a prevented hit is not 'the next time you are damaged': the ablative effect waits", () => {
    const d: DefenderInput = { defenses: { immunities: [{ type: "poison" }] }, resources: { body: { value: 5 } }, state: { nextHitPool: "body" } };
    expect(run({ profile: POOLS, defender: d, event: hit(4, "poison") }).state.nextHitPool).toBe("body");
  });

  it("reading: without dates, immunities count before ongoing prevention when finding the newest completing effect", () => {
    const types = ["fire", "cold"];
    const defenses: DefensesInput = { prevention: [{ kind: "ongoing", types: ["fire"] }], immunities: [{ type: "cold" }] };
    const r = run({ profile: [{ step: "immunity" }, { step: "prevention" }], options: { damageTypes: types }, defender: { defenses }, event: hit(4, "fire") });
    expect([r.final, r.warnings.map((w) => w.path)]).toEqual([4, ["defenses.prevention[0]"]]);
  });

  it("no combination makes a creature immune to all damage: the newest completing effect is refused and does not protect", () => {
    const types = ["physical", "fire", "cold"];
    const defenses: DefensesInput = { immunities: types.map((type) => ({ type })) };
    const r = run({ profile: [{ step: "immunity" }, { step: "pools" }], options: { damageTypes: types }, defender: { defenses, resources: { body: { value: 9 } } }, event: hit(4, "cold") });
    expect([r.prevented, r.resources.body!.value]).toEqual([false, 5]);
    expect(r.warnings.map((w) => w.path)).toEqual(["defenses.immunities[2]"]);
    expect(run({ profile: [{ step: "immunity" }], options: { damageTypes: types }, defender: { defenses }, event: hit(4, "fire") }).prevented).toBe(true);
  });

  it("effects of one non-stacking group: only the first is in force", () => {
    const defenses: DefensesInput = { immunities: [{ type: "poison", group: "g" }, { type: "fire", group: "g" }] };
    const r = run({ profile: [{ step: "immunity" }], defender: { defenses }, event: hit(4, "fire") });
    expect([r.prevented, r.warnings.map((w) => w.path)]).toEqual([false, ["defenses.immunities[1]"]]);
  });
});
