/** BDR / FDR / DV steps (000; RULES.md §2.4). */
import { describe, expect, it } from "vitest";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

type Flat = DefensesInput["flat"];

function flat(step: "bdr" | "fdr" | "dv", event: Case["event"], list: Flat) {
  return run({ profile: [{ step }], event, defender: { defenses: { flat: list } } });
}

/** The detail of a part that changed: the type it was measured on and the value (points). */
const typeValue = (type: string, value: number) => ({ key: "DAMAGECHAIN.Detail.typeValue", params: { type, value } });

describe("Base Damage Resistance", () => {
  it("natural BDR + the single highest other source, per type (000)", () => {
    const list: Flat = [{ kind: "BDR", type: "fire", value: 2, natural: true }, { kind: "BDR", type: "fire", value: 3 }, { kind: "BDR", type: "fire", value: 5, label: "Fire cloak" }];
    const r = flat("bdr", hit(10, "fire"), list);
    expect(r.final).toBe(3);
    expect(r.trace).toEqual([
      {
        step: "bdr", in: 10, out: 3, key: "DAMAGECHAIN.Trace.bdr.reduced", params: { points: 7 },
        defenses: [{ kind: "BDR", type: "fire", value: 2, natural: true }, { kind: "BDR", type: "fire", value: 5, label: "Fire cloak" }],
        details: [typeValue("fire", 7)],
      },
    ]);
  });

  it("only the highest natural source counts", () => {
    const r = flat("bdr", hit(10, "fire"), [{ kind: "BDR", type: "fire", value: 2, natural: true }, { kind: "BDR", type: "fire", value: 4, natural: true }]);
    expect(r.final).toBe(6);
  });

  it("greatest source ignored by imbued: the lesser source is used instead (000)", () => {
    const list: Flat = [{ kind: "BDR", type: "fire", value: 2, natural: true }, { kind: "BDR", type: "fire", value: 5, ignoredBy: ["imbued"] }, { kind: "BDR", type: "fire", value: 3 }];
    expect(flat("bdr", hit(10, "fire"), list).final).toBe(3);
    const imbued = flat("bdr", hit(10, "fire", { traits: ["imbued"] }), list);
    expect(imbued.final).toBe(5);
    expect(imbued.trace[0]!.defenses).toEqual([{ kind: "BDR", type: "fire", value: 2, natural: true }, { kind: "BDR", type: "fire", value: 3 }]);
  });

  it("a natural source with a failed condition is skipped too", () => {
    const list: Flat = [{ kind: "BDR", type: "physical", value: 4, natural: true, condition: "noAdvantage" }];
    expect(flat("bdr", hit(10), list).final).toBe(6);
    expect(flat("bdr", hit(10, [], { traits: ["advantage"] }), list).trace[0]!.key).toBe("DAMAGECHAIN.Trace.bdr.none");
  });

  it("`all` entries cover every type; `non-physical` every type but physical", () => {
    expect(flat("bdr", hit(10, "cold"), [{ kind: "BDR", type: "all", value: 4 }]).final).toBe(6);
    const np: Flat = [{ kind: "BDR", type: "non-physical", value: 4 }];
    expect(flat("bdr", hit(10, "cold"), np).final).toBe(6);
    expect(flat("bdr", hit(10), np).final).toBe(10);
  });

  it("an `all` source competes with the type's own sources: the single highest counts, not both", () => {
    const r = flat("bdr", hit(10, "fire"), [{ kind: "BDR", type: "fire", value: 3 }, { kind: "BDR", type: "all", value: 4 }]);
    expect(r.final).toBe(6);
    expect(r.trace[0]!.defenses).toEqual([{ kind: "BDR", type: "all", value: 4 }]);
  });

  it("a part of several types uses the type with the largest total (project reading)", () => {
    const list: Flat = [{ kind: "BDR", type: "fire", value: 5 }, { kind: "BDR", type: "cold", value: 2, natural: true }];
    const r = flat("bdr", hit(10, ["cold", "fire"]), list);
    expect(r.final).toBe(5);
    expect(r.trace[0]).toMatchObject({ params: { points: 5 }, details: [typeValue("fire", 5)] });
  });

  it("several parts are reduced each by its own type's value", () => {
    const list: Flat = [{ kind: "BDR", type: "fire", value: 5 }, { kind: "BDR", type: "slashing", value: 2 }];
    const r = flat("bdr", { parts: [{ amount: 8, types: ["slashing"] }, { amount: 4, types: ["fire"] }, { amount: 3, types: ["cold"] }] }, list);
    expect(r.final).toBe(6 + 0 + 3);
    expect(r.trace[0]).toMatchObject({ params: { points: 6 }, details: [typeValue("slashing", 2), typeValue("fire", 5)] });
  });

  it("never goes below 0, and reports only the damage actually removed", () => {
    const r = flat("bdr", hit(4, "fire"), [{ kind: "BDR", type: "fire", value: 10 }]);
    expect(r.final).toBe(0);
    expect(r.trace[0]).toMatchObject({ params: { points: 4 }, details: [typeValue("fire", 10)] });
  });

  it("no source, another type, the other kinds, or 0 damage: nothing happens", () => {
    expect(flat("bdr", hit(4, "fire"), []).trace[0]!.key).toBe("DAMAGECHAIN.Trace.bdr.none");
    expect(flat("bdr", hit(4, "fire"), [{ kind: "BDR", type: "cold", value: 3 }]).final).toBe(4);
    expect(flat("bdr", hit(4, "fire"), [{ kind: "FDR", type: "fire", value: 3 }, { kind: "DV", type: "fire", value: 3 }]).final).toBe(4);
    expect(flat("bdr", hit(0, "fire"), [{ kind: "BDR", type: "fire", value: 3 }]).trace[0]!.key).toBe("DAMAGECHAIN.Trace.bdr.none");
  });
});

describe("Final Damage Resistance", () => {
  it("natural + highest other, on the damage as it is when the step runs", () => {
    const list: Flat = [{ kind: "FDR", type: "physical", value: 1, natural: true }, { kind: "FDR", type: "physical", value: 2 }, { kind: "BDR", type: "physical", value: 3 }];
    const r = run({ profile: [{ step: "bdr" }, { step: "fdr" }], event: hit(10), defender: { defenses: { flat: list } } });
    expect(r.final).toBe(4);
    expect(r.trace[1]).toEqual({
      step: "fdr", in: 7, out: 4, key: "DAMAGECHAIN.Trace.fdr.reduced", params: { points: 3 },
      defenses: [{ kind: "FDR", type: "physical", value: 1, natural: true }, { kind: "FDR", type: "physical", value: 2 }],
      details: [typeValue("physical", 3)],
    });
  });

  it("ignored FDR falls back to the lesser source", () => {
    const list: Flat = [{ kind: "FDR", type: "fire", value: 6, ignoredBy: ["imbued"] }, { kind: "FDR", type: "all", value: 1 }];
    expect(flat("fdr", hit(8, "fire"), list).final).toBe(2);
    expect(flat("fdr", hit(8, "fire", { traits: ["imbued"] }), list).final).toBe(7);
  });
});

describe("Damage Vulnerability", () => {
  it("adds natural DV + the highest other source (000)", () => {
    const list: Flat = [{ kind: "DV", type: "cold", value: 1, natural: true }, { kind: "DV", type: "cold", value: 2 }, { kind: "DV", type: "cold", value: 4 }];
    const r = flat("dv", hit(6, "cold"), list);
    expect(r.final).toBe(11);
    expect(r.trace).toEqual([
      {
        step: "dv", in: 6, out: 11, key: "DAMAGECHAIN.Trace.dv.added", params: { points: 5 },
        defenses: [{ kind: "DV", type: "cold", value: 1, natural: true }, { kind: "DV", type: "cold", value: 4 }],
        details: [typeValue("cold", 5)],
      },
    ]);
  });

  it("a part of several types takes its largest vulnerability", () => {
    const r = flat("dv", hit(6, ["fire", "cold"]), [{ kind: "DV", type: "fire", value: 1 }, { kind: "DV", type: "cold", value: 3 }]);
    expect(r.final).toBe(9);
  });

  it("is not added to a part that BDR took to 0 (000: base damage 0 cannot injure)", () => {
    const list: Flat = [{ kind: "BDR", type: "fire", value: 5 }, { kind: "DV", type: "fire", value: 3 }];
    const r = run({ profile: [{ step: "bdr" }, { step: "dv" }], event: { parts: [{ amount: 4, types: ["fire"] }, { amount: 1, types: ["cold"] }] }, defender: { defenses: { flat: list } } });
    expect(r.final).toBe(1);
    expect(r.trace[1]).toMatchObject({ key: "DAMAGECHAIN.Trace.dv.none", in: 1, out: 1 });
  });

  it("skips a DV whose condition fails", () => {
    const list: Flat = [{ kind: "DV", type: "fire", value: 3, condition: "critical" }];
    expect(flat("dv", hit(5, "fire"), list).final).toBe(5);
    expect(flat("dv", hit(5, "fire", { traits: ["critical"] }), list).final).toBe(8);
  });
});
