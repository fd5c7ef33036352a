/** Tag resistance step (003 Resistance; RULES.md §2.4). */
import { describe, expect, it } from "vitest";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

const KEY = "DAMAGECHAIN.Trace.tagResistance";

function resist(event: Case["event"], tagResistances: DefensesInput["tagResistances"]) {
  return run({ profile: [{ step: "tagResistance" }], event, defender: { defenses: { tagResistances } } });
}

describe("tag resistance", () => {
  it("reduces the damage by the value of a resistance to one of the source's tags", () => {
    const r = resist(hit(5, "physical", { source: { tags: ["poison"] } }), [{ tag: "poison", value: 2 }]);
    expect(r.final).toBe(3);
    expect(r.trace).toEqual([{ step: "tagResistance", in: 5, out: 3, key: `${KEY}.reduced`, params: { points: 2, value: 2, tag: "poison" }, defenses: [{ kind: "tagResistance", tag: "poison", value: 2 }] }]);
  });

  it("several apply: only one is used, the best for the defender (not the sum)", () => {
    const r = resist(hit(10, "fire", { source: { tags: ["beast", "cold"] } }), [{ tag: "beast", value: 2 }, { tag: "cold", value: 4, label: "Frost ward" }, { tag: "fire", value: 3 }]);
    expect(r.final).toBe(6);
    expect(r.trace[0]).toMatchObject({ params: { points: 4, value: 4, tag: "cold" }, defenses: [{ kind: "tagResistance", tag: "cold", value: 4, label: "Frost ward" }] });
  });

  it("ties go to the first listed", () => {
    const r = resist(hit(10, [], { source: { tags: ["a", "b"] } }), [{ tag: "b", value: 3, label: "B" }, { tag: "a", value: 3, label: "A" }]);
    expect(r.trace[0]!.defenses).toEqual([{ kind: "tagResistance", tag: "b", value: 3, label: "B" }]);
  });

  it("the damage type and event traits count as tags of the source", () => {
    expect(resist(hit(10, "fire"), [{ tag: "fire", value: 3 }]).final).toBe(7);
    expect(resist(hit(10, "physical", { traits: ["ongoing"] }), [{ tag: "ongoing", value: 1 }]).final).toBe(9);
  });

  it("a resistance to a tag the source lacks does nothing", () => {
    const r = resist(hit(10, "fire", { source: { tags: ["beast"] } }), [{ tag: "undead", value: 5 }]);
    expect(r.final).toBe(10);
    expect(r.trace[0]).toEqual({ step: "tagResistance", in: 10, out: 10, key: `${KEY}.none`, params: {}, defenses: [] });
  });

  it("a resistance whose condition fails is skipped for the next best", () => {
    const list: DefensesInput["tagResistances"] = [{ tag: "poison", value: 5, condition: "attack" }, { tag: "poison", value: 1 }];
    expect(resist(hit(8, "poison"), list).final).toBe(3);
    expect(resist(hit(8, "poison", { traits: ["environmental"] }), list).final).toBe(7);
  });

  it("reduces the hit's total, parts in order, never below 0", () => {
    const r = resist({ parts: [{ amount: 2, types: ["poison"] }, { amount: 5, types: ["physical"] }] }, [{ tag: "poison", value: 4 }]);
    expect(r.final).toBe(3);
    expect(r.trace[0]!.params).toEqual({ points: 4, value: 4, tag: "poison" });
    const all = resist(hit(3, "poison"), [{ tag: "poison", value: 10 }]);
    expect(all.final).toBe(0);
    expect(all.trace[0]!.params).toEqual({ points: 3, value: 10, tag: "poison" });
  });

  it("0 damage: nothing to reduce", () => {
    expect(resist(hit(0, "poison"), [{ tag: "poison", value: 2 }]).trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("tags-and-guard profile: tag immunity first, then the best resistance, then Guard for attacks", () => {
    const defender = {
      resources: { guard: { value: 3 }, hp: { value: 20 } },
      defenses: { immunities: [{ tag: "fear" }], tagResistances: [{ tag: "fire", value: 2 }, { tag: "beast", value: 3 }] },
    };
    const r = run({ profile: "tags-and-guard", event: hit(9, "fire", { source: { tags: ["beast"] } }), defender });
    expect(r.trace.slice(0, 2).map((t) => [t.step, t.in, t.out])).toEqual([["immunity", 9, 9], ["tagResistance", 9, 6]]);
    expect(r.taken).toEqual({ guard: 3, hp: 3 });
    const immune = run({ profile: "tags-and-guard", event: hit(9, "fire", { source: { tags: ["beast", "fear"] } }), defender });
    expect(immune.prevented).toBe(true);
    expect(immune.taken).toEqual({});
  });
});
