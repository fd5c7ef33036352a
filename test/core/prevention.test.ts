/** Prevention step (002 rules 3/7, 004 ongoing then one-time prevention; RULES.md §2.2). */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

const KEY = "DAMAGECHAIN.Trace.prevention";

function prevent(event: Case["event"], prevention: DefensesInput["prevention"], extra: { state?: DefenderInput["state"]; options?: Record<string, unknown> } = {}) {
  return run({ profile: [{ step: "prevention", options: extra.options ?? {} }], event, defender: { defenses: { prevention }, state: extra.state ?? {} } });
}

describe("ongoing prevention", () => {
  it("prevents every matching part: the damage did not happen (002 rule 7)", () => {
    const r = prevent(hit(5, "fire"), [{ kind: "ongoing", types: ["fire"] }]);
    expect(r.final).toBe(0);
    expect(r.prevented).toBe(true);
    expect(r.dealt).toBe(false);
    expect(r.trace).toEqual([{ step: "prevention", in: 5, out: 0, key: `${KEY}.prevented`, params: { points: 5 }, defenses: [{ kind: "prevention", types: ["fire"] }] }]);
  });

  it("prevents only the matching part of a two-part hit", () => {
    const r = prevent({ parts: [{ amount: 5, types: ["fire"] }, { amount: 3, types: ["slashing"] }] }, [{ kind: "ongoing", types: ["fire"], label: "Fire ward" }]);
    expect(r.final).toBe(3);
    expect(r.prevented).toBe(false);
    expect(r.trace[0]).toMatchObject({ key: `${KEY}.partial`, in: 8, out: 3, params: { points: 5 }, defenses: [{ kind: "prevention", types: ["fire"], label: "Fire ward" }] });
  });

  it("does nothing against a type it does not list", () => {
    const r = prevent(hit(5, "cold"), [{ kind: "ongoing", types: ["fire"] }]);
    expect(r.final).toBe(5);
    expect(r.trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("matches by source tag when it lists tags", () => {
    const list: DefensesInput["prevention"] = [{ kind: "ongoing", tags: ["fear"] }];
    expect(prevent(hit(4, "psychic", { source: { tags: ["fear"] } }), list).prevented).toBe(true);
    expect(prevent(hit(4, "psychic", { source: { tags: ["charm"] } }), list).final).toBe(4);
  });

  it("damage requirement (004 'only silvered hurts me'): prevents damage that lacks the trait", () => {
    const list: DefensesInput["prevention"] = [{ kind: "ongoing", requires: "silvered" }];
    const plain = prevent(hit(6), list);
    expect(plain.prevented).toBe(true);
    expect(plain.trace[0]!.defenses).toEqual([{ kind: "damageRequirement", requires: "silvered" }]);
    const silvered = prevent(hit(6, "physical", { traits: ["silvered"] }), list);
    expect(silvered.final).toBe(6);
    expect(silvered.trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("damage requirement met by a source tag or by the part's own type, checked per part", () => {
    const list: DefensesInput["prevention"] = [{ kind: "ongoing", requires: "fire" }];
    expect(prevent(hit(6, "slashing", { source: { tags: ["fire"] } }), list).final).toBe(6);
    const mixed = prevent({ parts: [{ amount: 5, types: ["slashing"] }, { amount: 3, types: ["fire"] }] }, list);
    expect(mixed.final).toBe(3);
    expect(mixed.trace[0]).toMatchObject({ key: `${KEY}.partial`, params: { points: 5 } });
  });

  it("skips an entry whose condition fails or that the event ignores", () => {
    const list: DefensesInput["prevention"] = [{ kind: "ongoing", ignoredBy: ["imbued"] }, { kind: "ongoing", condition: "critical", types: ["cold"] }];
    expect(prevent(hit(5, "fire", { traits: ["imbued"] }), list).final).toBe(5);
    expect(prevent(hit(5, "fire"), list).prevented).toBe(true);
    expect(prevent(hit(5, "cold", { traits: ["imbued"] }), list).final).toBe(5);
    expect(prevent(hit(5, "cold", { traits: ["imbued", "critical"] }), list).prevented).toBe(true);
  });
});

describe("one-time prevention", () => {
  it("prevents the whole hit and spends one use (id from its position)", () => {
    const list: DefensesInput["prevention"] = [{ kind: "oneTime", label: "Spirit Shield" }];
    const first = prevent({ parts: [{ amount: 5, types: ["fire"] }, { amount: 3, types: ["slashing"] }] }, list);
    expect(first.prevented).toBe(true);
    expect(first.final).toBe(0);
    expect(first.state.oneTimeUses).toEqual({ "prevention-0": 0 });
    expect(first.trace[0]).toEqual({ step: "prevention", in: 8, out: 0, key: `${KEY}.oneTime`, params: { points: 8, left: 0 }, defenses: [{ kind: "oneTimePrevention", label: "Spirit Shield" }] });

    const second = prevent(hit(5, "fire"), list, { state: { oneTimeUses: first.state.oneTimeUses } });
    expect(second.final).toBe(5);
    expect(second.prevented).toBe(false);
    expect(second.trace[0]!.key).toBe(`${KEY}.none`);
    expect(second.state.oneTimeUses).toEqual({ "prevention-0": 0 });
  });

  it("counts down an entry with several uses under its own id", () => {
    const list: DefensesInput["prevention"] = [{ kind: "oneTime", id: "shield", uses: 2 }];
    const first = prevent(hit(4), list);
    expect(first.state.oneTimeUses).toEqual({ shield: 1 });
    expect(first.trace[0]!.params).toEqual({ points: 4, left: 1 });
    const second = prevent(hit(4), list, { state: { oneTimeUses: { shield: 1 } } });
    expect(second.prevented).toBe(true);
    expect(second.state.oneTimeUses).toEqual({ shield: 0 });
  });

  it("does not touch the caller's state", () => {
    const state = { oneTimeUses: { shield: 1 } };
    prevent(hit(4), [{ kind: "oneTime", id: "shield", uses: 2 }], { state });
    expect(state.oneTimeUses).toEqual({ shield: 1 });
  });

  it("the higher level goes first (004)", () => {
    const r = prevent(hit(4), [{ kind: "oneTime", id: "low", level: 1 }, { kind: "oneTime", id: "high", level: 3 }]);
    expect(r.state.oneTimeUses).toEqual({ high: 0 });
  });

  it("at equal level the more limited one goes first; an entry with no list is the least limited (004)", () => {
    const r = prevent(hit(4, "fire"), [{ kind: "oneTime", id: "any" }, { kind: "oneTime", id: "two", types: ["fire", "cold"] }, { kind: "oneTime", id: "fire", types: ["fire"] }]);
    expect(r.state.oneTimeUses).toEqual({ fire: 0 });
    const noFire = prevent(hit(4, "fire"), [{ kind: "oneTime", id: "any" }, { kind: "oneTime", id: "two", types: ["fire", "cold"] }]);
    expect(noFire.state.oneTimeUses).toEqual({ two: 0 });
  });

  it("level beats limitation, and a full tie goes by list order", () => {
    const byLevel = prevent(hit(4, "fire"), [{ kind: "oneTime", id: "fire", types: ["fire"] }, { kind: "oneTime", id: "any", level: 2 }]);
    expect(byLevel.state.oneTimeUses).toEqual({ any: 0 });
    const tie = prevent(hit(4, "fire"), [{ kind: "oneTime", id: "a", types: ["fire"] }, { kind: "oneTime", id: "b", tags: ["fire"] }]);
    expect(tie.state.oneTimeUses).toEqual({ a: 0 });
  });

  it("an entry without uses left is passed over for the next one", () => {
    const r = prevent(hit(4), [{ kind: "oneTime", id: "best", level: 5 }, { kind: "oneTime", id: "spare" }], { state: { oneTimeUses: { best: 0 } } });
    expect(r.prevented).toBe(true);
    expect(r.state.oneTimeUses).toEqual({ best: 0, spare: 0 });
  });

  it("an entry that does not match the hit is not spent", () => {
    const r = prevent(hit(4, "fire"), [{ kind: "oneTime", id: "cold", types: ["cold"] }]);
    expect(r.final).toBe(4);
    expect(r.state.oneTimeUses).toEqual({});
  });

  it("is not spent on a hit with no damage", () => {
    const r = prevent(hit(0), [{ kind: "oneTime", id: "shield" }]);
    expect(r.prevented).toBe(false);
    expect(r.trace[0]!.key).toBe(`${KEY}.none`);
    expect(r.state.oneTimeUses).toEqual({});
  });
});

describe("phases", () => {
  const list: DefensesInput["prevention"] = [{ kind: "oneTime", id: "shield", label: "Spirit Shield" }, { kind: "ongoing", types: ["fire"], label: "Fire ward" }];
  const mixed: Case["event"] = { parts: [{ amount: 5, types: ["fire"] }, { amount: 3, types: ["slashing"] }] };

  it("ongoing first (default): it takes the fire part, then the one-time effect takes the rest", () => {
    const r = prevent(mixed, list);
    expect(r.prevented).toBe(true);
    expect(r.trace[0]).toMatchObject({ key: `${KEY}.oneTime`, params: { points: 8, left: 0 }, defenses: [
      { kind: "prevention", types: ["fire"], label: "Fire ward" },
      { kind: "oneTimePrevention", label: "Spirit Shield" },
    ] });
  });

  it("ongoing prevention that stops the whole hit leaves the one-time effect unspent", () => {
    const r = prevent(hit(5, "fire"), list);
    expect(r.prevented).toBe(true);
    expect(r.trace[0]!.key).toBe(`${KEY}.prevented`);
    expect(r.state.oneTimeUses).toEqual({});
  });

  it("phases [oneTime, ongoing] spend the one-time effect first", () => {
    const r = prevent(hit(5, "fire"), list, { options: { phases: ["oneTime", "ongoing"] } });
    expect(r.state.oneTimeUses).toEqual({ shield: 0 });
    expect(r.trace[0]!.defenses).toEqual([{ kind: "oneTimePrevention", label: "Spirit Shield" }]);
  });

  it("phases [ongoing] never use one-time effects", () => {
    const r = prevent(mixed, list, { options: { phases: ["ongoing"] } });
    expect(r.final).toBe(3);
    expect(r.state.oneTimeUses).toEqual({});
  });
});

describe("unpreventable (002 rule 3)", () => {
  it("ignores every prevention effect and spends nothing", () => {
    const r = prevent(hit(5, "fire", { traits: ["unpreventable"] }), [{ kind: "ongoing", types: ["fire"] }, { kind: "oneTime", id: "shield" }]);
    expect(r.final).toBe(5);
    expect(r.prevented).toBe(false);
    expect(r.trace[0]).toEqual({ step: "prevention", in: 5, out: 5, key: `${KEY}.unpreventable`, params: {}, defenses: [] });
    expect(r.state.oneTimeUses).toEqual({});
  });

  it("card-game profile: prevented damage places no counters; unpreventable damage does", () => {
    const defender: DefenderInput = { traits: ["champion"], resources: { hp: { value: 20 } }, defenses: { prevention: [{ kind: "oneTime", id: "ward" }] } };
    const prevented = run({ profile: "card-game", event: hit(3), defender });
    expect(prevented.prevented).toBe(true);
    expect(prevented.state.counters).toBe(0);
    expect(prevented.trace.map((t) => t.step)).toEqual(["prevention"]);
    const through = run({ profile: "card-game", event: hit(3, [], { traits: ["unpreventable"] }), defender });
    expect(through.final).toBe(3);
    expect(through.state.counters).toBe(3);
  });
});
