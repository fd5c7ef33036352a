/** Damage reduction effects step (004 "effects that change the amount of damage taken"; RULES.md §2.7). */
import { describe, expect, it } from "vitest";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import type { ProfileInput } from "../../src/core/model/profile.ts";
import { hit, run, type Case } from "./support.ts";

const KEY = "DAMAGECHAIN.Trace.reduction";
type Reductions = DefensesInput["reductions"];

function reduce(event: Case["event"], reductions: Reductions, options: ProfileInput["options"] = {}) {
  return run({ profile: [{ step: "reduction" }], options, event, defender: { defenses: { reductions } } });
}

describe("damage reduction effects", () => {
  it("flat: subtracts its value", () => {
    const r = reduce(hit(5), [{ kind: "flat", value: 2 }]);
    expect(r.final).toBe(3);
    expect(r.trace).toEqual([{ step: "reduction", in: 5, out: 3, key: `${KEY}.reduced`, params: { points: 2 }, defenses: [{ kind: "reduction", value: 2 }] }]);
  });

  it("half: halves the damage, rounding per the profile (down by default)", () => {
    const list: Reductions = [{ kind: "half", label: "Stone skin" }];
    const down = reduce(hit(5), list);
    expect(down.final).toBe(2);
    expect(down.trace[0]).toMatchObject({ params: { points: 3 }, defenses: [{ kind: "halving", label: "Stone skin" }] });
    expect(reduce(hit(5), list, { rounding: "up" }).final).toBe(3);
    expect(reduce(hit(5), list, { rounding: "nearest" }).final).toBe(3);
    for (const rounding of ["down", "up", "nearest"] as const) expect(reduce(hit(8), list, { rounding }).final).toBe(4);
  });

  it("effects act in list order", () => {
    expect(reduce(hit(10), [{ kind: "flat", value: 2 }, { kind: "half" }]).final).toBe(4);
    const halfFirst = reduce(hit(10), [{ kind: "half" }, { kind: "flat", value: 2 }]);
    expect(halfFirst.final).toBe(3);
    expect(halfFirst.trace[0]).toMatchObject({ params: { points: 7 }, defenses: [{ kind: "halving" }, { kind: "reduction", value: 2 }] });
  });

  it("an effect with types acts only on parts it covers", () => {
    const r = reduce({ parts: [{ amount: 6, types: ["fire"] }, { amount: 4, types: ["slashing"] }] }, [{ kind: "half", types: ["fire"] }]);
    expect(r.final).toBe(3 + 4);
    expect(r.trace[0]).toMatchObject({ params: { points: 3 }, defenses: [{ kind: "halving", types: ["fire"] }] });
    expect(reduce(hit(6, "cold"), [{ kind: "flat", value: 2, types: ["fire"] }]).trace[0]!.key).toBe(`${KEY}.none`);
    expect(reduce(hit(6, "cold"), [{ kind: "flat", value: 2, types: ["all"] }]).final).toBe(4);
  });

  it("acts once on the hit's covered damage, not once per part (project reading)", () => {
    const flat = reduce({ parts: [{ amount: 5, types: ["slashing"] }, { amount: 3, types: ["fire"] }] }, [{ kind: "flat", value: 2 }]);
    expect(flat.final).toBe(6);
    const half = reduce({ parts: [{ amount: 3, types: ["slashing"] }, { amount: 3, types: ["fire"] }] }, [{ kind: "half" }]);
    expect(half.final).toBe(3);
  });

  it("never goes below 0", () => {
    const r = reduce(hit(3), [{ kind: "flat", value: 10 }]);
    expect(r.final).toBe(0);
    expect(r.trace[0]!.params).toEqual({ points: 3 });
  });

  it("skips effects whose condition fails or that the event ignores", () => {
    const list: Reductions = [{ kind: "flat", value: 2, ignoredBy: ["pierce"] }, { kind: "half", condition: "noBurstBlast" }];
    expect(reduce(hit(10), list).final).toBe(4);
    expect(reduce(hit(10, [], { traits: ["pierce"] }), list).final).toBe(5);
    expect(reduce(hit(10, [], { traits: ["burst"] }), list).final).toBe(8);
  });

  it("no effects, effects that change nothing, or no damage: `none`", () => {
    expect(reduce(hit(5), []).trace[0]).toEqual({ step: "reduction", in: 5, out: 5, key: `${KEY}.none`, params: {}, defenses: [] });
    expect(reduce(hit(5), [{ kind: "flat", value: 0 }]).trace[0]!.key).toBe(`${KEY}.none`);
    expect(reduce(hit(1), [{ kind: "half" }], { rounding: "up" }).trace[0]!.key).toBe(`${KEY}.none`);
    expect(reduce(hit(0), [{ kind: "flat", value: 2 }]).trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("armor-pools profile: after prevention, before the pools (004 order)", () => {
    const defender = { resources: { magicArmor: { value: 1 }, body: { value: 5 } }, defenses: { reductions: [{ kind: "flat" as const, value: 1 }], prevention: [{ kind: "oneTime" as const, id: "shield", types: ["fire"] }] } };
    const r = run({ profile: "armor-pools", event: hit(4), defender });
    expect(r.trace.map((t) => [t.step, t.in, t.out])).toEqual([["immunity", 4, 4], ["prevention", 4, 4], ["reduction", 4, 3], ["pools", 3, 3]]);
    expect(r.taken).toEqual({ magicArmor: 1, body: 2 });
    const fire = run({ profile: "armor-pools", event: hit(4, "fire"), defender });
    expect(fire.prevented).toBe(true);
    expect(fire.state.oneTimeUses).toEqual({ shield: 0 });
    expect(fire.trace.map((t) => t.step)).toEqual(["immunity", "prevention"]);
  });
});
