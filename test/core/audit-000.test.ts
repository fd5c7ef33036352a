/**
 * Audit of the rules core against RULES.md §2/§4 and the five seeds: one case
 * per rule sentence, asserting what the seed says. Cases named "reading: ..."
 * pin this project's documented reading of a sentence the seeds leave open.
 */
// This file: seed 000 (negates, flat defenses, armor, damage shells).
import { describe, expect, it } from "vitest";
import { startRound } from "../../src/core/lifecycle.ts";
import { defenderStateSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { TWO_WEEKS_SECONDS } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

type Result = ReturnType<typeof run>;
const after = (prev: DefenderInput, r: Result): DefenderInput => ({ ...prev, resources: r.resources, state: r.state });

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
