/** Base / Final Damage Negate steps (000; RULES.md §2.3). */
import { describe, expect, it } from "vitest";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import type { ProfileInput } from "../../src/core/model/profile.ts";
import { hit, run, type Case } from "./support.ts";

type Negates = DefensesInput["negates"];

function negate(step: "bdn" | "fdn", event: Case["event"], negates: Negates, options: ProfileInput["options"] = {}) {
  return run({ profile: [{ step }], options, event, defender: { defenses: { negates } } });
}

describe("Base Damage Negate", () => {
  it("negates base damage below the negate: the hit is negated, not reduced", () => {
    const r = negate("bdn", hit(4, "fire"), [{ kind: "BDN", type: "fire", value: 5 }]);
    expect(r.final).toBe(0);
    expect(r.negated).toBe(true);
    expect(r.prevented).toBe(false);
    expect(r.dealt).toBe(false);
    expect(r.trace).toEqual([{ step: "bdn", in: 4, out: 0, key: "DAMAGECHAIN.Trace.bdn.negated", params: { points: 4, value: 5, op: "<" }, defenses: [{ kind: "BDN", type: "fire", value: 5 }] }]);
  });

  it("damage that overcomes the negate passes untouched", () => {
    const r = negate("bdn", hit(7, "fire"), [{ kind: "BDN", type: "fire", value: 5, label: "Thick hide" }]);
    expect(r.final).toBe(7);
    expect(r.negated).toBe(false);
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.bdn.overcome", params: { value: 5 }, defenses: [{ kind: "BDN", type: "fire", value: 5, label: "Thick hide" }], in: 7, out: 7 });
  });

  it("bdnCompare: equal damage is not negated with `lt` (000 'less than', the default) but is with `lte`", () => {
    const list: Negates = [{ kind: "BDN", type: "fire", value: 5 }];
    expect(negate("bdn", hit(5, "fire"), list).final).toBe(5);
    expect(negate("bdn", hit(5, "fire"), list, { bdnCompare: "lt" }).final).toBe(5);
    const lte = negate("bdn", hit(5, "fire"), list, { bdnCompare: "lte" });
    expect(lte.negated).toBe(true);
    expect(lte.trace[0]!.params).toEqual({ points: 5, value: 5, op: "≤" });
    expect(negate("bdn", hit(6, "fire"), list, { bdnCompare: "lte" }).final).toBe(6);
  });

  it("only the highest applies; a natural negate is not added to it", () => {
    const list: Negates = [{ kind: "BDN", type: "fire", value: 3, natural: true }, { kind: "BDN", type: "fire", value: 4 }];
    const r = negate("bdn", hit(5, "fire"), list);
    expect(r.final).toBe(5);
    expect(r.trace[0]!.params).toEqual({ value: 4 });
    expect(negate("bdn", hit(3, "fire"), list).trace[0]!.defenses).toEqual([{ kind: "BDN", type: "fire", value: 4 }]);
  });

  it("a natural negate that is the highest counts", () => {
    const r = negate("bdn", hit(5, "fire"), [{ kind: "BDN", type: "fire", value: 6, natural: true }, { kind: "BDN", type: "fire", value: 4 }]);
    expect(r.negated).toBe(true);
    expect(r.trace[0]!.defenses).toEqual([{ kind: "BDN", type: "fire", value: 6, natural: true }]);
  });

  it("ignored by imbued: the next highest negate is used instead (000)", () => {
    const list: Negates = [{ kind: "BDN", type: "fire", value: 10, ignoredBy: ["imbued"] }, { kind: "BDN", type: "fire", value: 4 }];
    expect(negate("bdn", hit(6, "fire"), list).negated).toBe(true);
    const imbued = negate("bdn", hit(6, "fire", { traits: ["imbued"] }), list);
    expect(imbued.final).toBe(6);
    expect(imbued.trace[0]!.params).toEqual({ value: 4 });
    expect(negate("bdn", hit(3, "fire", { traits: ["imbued"] }), list).trace[0]).toMatchObject({ params: { value: 4 }, defenses: [{ kind: "BDN", type: "fire", value: 4 }] });
  });

  it("a negate with a failed condition is skipped", () => {
    const list: Negates = [{ kind: "BDN", type: "physical", value: 8, condition: "notSilvered" }];
    expect(negate("bdn", hit(5), list).negated).toBe(true);
    const silvered = negate("bdn", hit(5, [], { traits: ["silvered"] }), list);
    expect(silvered.final).toBe(5);
    expect(silvered.trace[0]!.key).toBe("DAMAGECHAIN.Trace.bdn.none");
  });

  it("`all` covers every type; other types and the other kind do not count", () => {
    expect(negate("bdn", hit(3, "cold"), [{ kind: "BDN", type: "all", value: 5 }]).negated).toBe(true);
    expect(negate("bdn", hit(3, "cold"), [{ kind: "BDN", type: "fire", value: 5 }]).trace[0]!.key).toBe("DAMAGECHAIN.Trace.bdn.none");
    expect(negate("bdn", hit(3, "cold"), [{ kind: "FDN", type: "cold", value: 5 }]).final).toBe(3);
  });

  it("a part of several types uses the highest negate covering any of them", () => {
    const r = negate("bdn", hit(4, ["fire", "cold"]), [{ kind: "BDN", type: "cold", value: 2 }, { kind: "BDN", type: "fire", value: 5 }]);
    expect(r.negated).toBe(true);
    expect(r.trace[0]!.defenses).toEqual([{ kind: "BDN", type: "fire", value: 5 }]);
  });

  it("parts are checked on their own: some negated, the rest goes on", () => {
    const list: Negates = [{ kind: "BDN", type: "fire", value: 5 }];
    const r = negate("bdn", { parts: [{ amount: 3, types: ["fire"] }, { amount: 8, types: ["slashing"] }] }, list);
    expect(r.final).toBe(8);
    expect(r.negated).toBe(false);
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.bdn.partial", in: 11, out: 8, params: { points: 3, value: 5, op: "<" } });
  });

  it("every part negated: the hit is negated and the chain stops", () => {
    const list: Negates = [{ kind: "BDN", type: "fire", value: 5 }, { kind: "BDN", type: "slashing", value: 9, label: "Hide" }];
    const r = run({ profile: [{ step: "bdn" }, { step: "dv" }], event: { parts: [{ amount: 3, types: ["fire"] }, { amount: 8, types: ["slashing"] }] }, defender: { defenses: { negates: list, flat: [{ kind: "DV", type: "all", value: 4 }] } } });
    expect(r.negated).toBe(true);
    expect(r.final).toBe(0);
    expect(r.trace.map((t) => t.step)).toEqual(["bdn"]);
    expect(r.trace[0]).toMatchObject({ params: { points: 11, value: 9 }, defenses: [{ kind: "BDN", type: "fire", value: 5 }, { kind: "BDN", type: "slashing", value: 9, label: "Hide" }] });
  });

  it("a 0-damage part is neither negated nor counted", () => {
    const r = negate("bdn", { parts: [{ amount: 0, types: ["fire"] }, { amount: 9, types: ["fire"] }] }, [{ kind: "BDN", type: "fire", value: 5 }]);
    expect(r.final).toBe(9);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.bdn.overcome");
    expect(negate("bdn", hit(0, "fire"), [{ kind: "BDN", type: "fire", value: 5 }]).negated).toBe(false);
  });

  it("BDN is checked before BDR (000): BDR does not help damage reach the negate", () => {
    const defenses: DefensesInput = { negates: [{ kind: "BDN", type: "fire", value: 5 }], flat: [{ kind: "BDR", type: "fire", value: 3 }] };
    const chain: Case["profile"] = [{ step: "bdn" }, { step: "bdr" }];
    const through = run({ profile: chain, event: hit(6, "fire"), defender: { defenses } });
    expect(through.final).toBe(3);
    expect(through.negated).toBe(false);
    const negated = run({ profile: chain, event: hit(4, "fire"), defender: { defenses } });
    expect(negated.negated).toBe(true);
    expect(negated.trace.map((t) => t.step)).toEqual(["bdn"]);
  });
});

describe("Final Damage Negate", () => {
  it("negates final damage less than or equal to the negate (000, fdnCompare default `lte`)", () => {
    const r = negate("fdn", hit(5, "fire"), [{ kind: "FDN", type: "fire", value: 5 }]);
    expect(r.negated).toBe(true);
    expect(r.trace[0]).toEqual({ step: "fdn", in: 5, out: 0, key: "DAMAGECHAIN.Trace.fdn.negated", params: { points: 5, value: 5, op: "≤" }, defenses: [{ kind: "FDN", type: "fire", value: 5 }] });
    expect(negate("fdn", hit(6, "fire"), [{ kind: "FDN", type: "fire", value: 5 }]).final).toBe(6);
  });

  it("fdnCompare `lt`: equal damage is not negated", () => {
    const list: Negates = [{ kind: "FDN", type: "fire", value: 5 }];
    const r = negate("fdn", hit(5, "fire"), list, { fdnCompare: "lt" });
    expect(r.final).toBe(5);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.fdn.overcome");
    expect(negate("fdn", hit(4, "fire"), list, { fdnCompare: "lt" }).trace[0]!.params).toEqual({ points: 4, value: 5, op: "<" });
  });

  it("checks the damage as it is when the step runs (after BDR, DV and armor in the 000 chain)", () => {
    const defenses: DefensesInput = { negates: [{ kind: "FDN", type: "physical", value: 3 }], flat: [{ kind: "BDR", type: "physical", value: 4 }] };
    const r = run({ profile: [{ step: "bdr" }, { step: "fdn" }], event: hit(7), defender: { defenses } });
    expect(r.negated).toBe(true);
    expect(r.trace.map((t) => [t.step, t.in, t.out])).toEqual([["bdr", 7, 3], ["fdn", 3, 0]]);
  });

  it("ignored FDN falls back to the next one; BDN entries do not count", () => {
    const list: Negates = [{ kind: "FDN", type: "all", value: 9, ignoredBy: ["imbued"] }, { kind: "FDN", type: "fire", value: 2 }, { kind: "BDN", type: "fire", value: 20 }];
    expect(negate("fdn", hit(5, "fire"), list).negated).toBe(true);
    expect(negate("fdn", hit(5, "fire", { traits: ["imbued"] }), list).final).toBe(5);
    expect(negate("fdn", hit(2, "fire", { traits: ["imbued"] }), list).negated).toBe(true);
  });
});
