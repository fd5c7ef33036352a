/** Immunity step (001 Damage Immune, 003 tag Immunity, 004 Poison Immunity; RULES.md §2.1, §4 example 12). */
import { describe, expect, it } from "vitest";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

const KEY = "DAMAGECHAIN.Trace.immunity";

function immune(event: Case["event"], defenses: DefensesInput, profile: Case["profile"] = [{ step: "immunity" }]) {
  return run({ profile, event, defender: { defenses } });
}

describe("immunity by damage type", () => {
  it("prevents a hit whose only type is immune (004: 4 Poison vs Poison Immunity -> No Effect)", () => {
    const r = immune(hit(4, "poison"), { immunities: [{ type: "poison" }] });
    expect(r.final).toBe(0);
    expect(r.prevented).toBe(true);
    expect(r.dealt).toBe(false);
    expect(r.trace).toEqual([{ step: "immunity", in: 4, out: 0, key: `${KEY}.prevented`, params: { points: 4, types: ["poison"] }, defenses: [{ kind: "immunity", type: "poison" }] }]);
  });

  it("names the defense by its label when it has one", () => {
    const r = immune(hit(4, "poison"), { immunities: [{ type: "poison", label: "Poison Immunity spell" }] });
    expect(r.trace[0]!.defenses).toEqual([{ kind: "immunity", type: "poison", label: "Poison Immunity spell" }]);
  });

  it("does nothing against other types", () => {
    const r = immune(hit(7, "fire"), { immunities: [{ type: "poison" }] });
    expect(r.final).toBe(7);
    expect(r.prevented).toBe(false);
    expect(r.trace[0]).toMatchObject({ key: `${KEY}.none`, in: 7, out: 7 });
    expect(r.trace[0]!.defenses).toEqual([]);
  });

  it("untyped damage is physical (001) and physical immunity covers it", () => {
    expect(immune(hit(5), { immunities: [{ type: "physical" }] }).prevented).toBe(true);
    expect(immune(hit(5), { immunities: [{ type: "fire" }] }).final).toBe(5);
  });

  it("leaves a multi-type part alone when only some of its types are immune (001 averaging is the resistance step's job)", () => {
    const r = immune(hit(17, ["fire", "cold"]), { immunities: [{ type: "fire" }] });
    expect(r.final).toBe(17);
    expect(r.trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("zeroes a multi-type part when every type is immune, naming each immunity once", () => {
    const r = immune(hit(17, ["fire", "cold"]), { immunities: [{ type: "fire" }, { type: "cold" }] });
    expect(r.prevented).toBe(true);
    expect(r.trace[0]).toMatchObject({ params: { points: 17, types: ["fire", "cold"] }, defenses: [{ kind: "immunity", type: "fire" }, { kind: "immunity", type: "cold" }] });
  });

  it("zeroes only the immune part of a two-part hit and lets the rest through (not prevented)", () => {
    const r = immune({ parts: [{ amount: 5, types: ["poison"] }, { amount: 3, types: ["fire"] }] }, { immunities: [{ type: "poison" }] });
    expect(r.final).toBe(3);
    expect(r.prevented).toBe(false);
    expect(r.trace[0]).toMatchObject({ key: `${KEY}.partial`, in: 8, out: 3, params: { points: 5, types: ["poison"] }, defenses: [{ kind: "immunity", type: "poison" }] });
  });

  it("prevents a two-part hit when both parts are immune", () => {
    const r = immune({ parts: [{ amount: 5, types: ["poison"] }, { amount: 3, types: ["necrotic"] }] }, { immunities: [{ type: "poison" }, { type: "necrotic" }] });
    expect(r.prevented).toBe(true);
    expect(r.trace[0]!.params).toEqual({ points: 8, types: ["poison", "necrotic"] });
  });

  it("a non-physical immunity covers fire but not physical", () => {
    const defenses = { immunities: [{ type: "non-physical" }] };
    expect(immune(hit(6, "fire"), defenses).prevented).toBe(true);
    expect(immune(hit(6, "physical"), defenses).final).toBe(6);
  });

  it("0 damage of a type the defender is not immune to is not 'prevented'", () => {
    const r = immune(hit(0, "fire"), { immunities: [{ type: "poison" }] });
    expect(r.prevented).toBe(false);
    expect(r.trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("skips an immunity whose condition fails or that the event ignores", () => {
    const defenses: DefensesInput = { immunities: [{ type: "fire", ignoredBy: ["imbued"] }, { type: "cold", condition: "noAdvantage" }] };
    expect(immune(hit(9, "fire", { traits: ["imbued"] }), defenses).final).toBe(9);
    expect(immune(hit(9, "fire"), defenses).prevented).toBe(true);
    expect(immune(hit(9, "cold", { traits: ["advantage"] }), defenses).final).toBe(9);
    expect(immune(hit(9, "cold"), defenses).prevented).toBe(true);
  });

  it("unpreventable damage does not bypass immunity (002 rule 3 is about prevention effects)", () => {
    const r = immune(hit(4, "poison", { traits: ["unpreventable"] }), { immunities: [{ type: "poison" }] });
    expect(r.prevented).toBe(true);
  });

  it("beats a vulnerability of the same type (001): the 4E chain stops at immunity", () => {
    const r = immune(hit(10, "fire"), { immunities: [{ type: "fire" }], vulnerabilities: [{ type: "fire", limit: 5 }] }, "revised-4e");
    expect(r.final).toBe(0);
    expect(r.prevented).toBe(true);
    expect(r.trace.map((t) => t.step)).toEqual(["immunity"]);
  });
});

describe("immunity by tag (003)", () => {
  it("a source tag the defender is immune to: no damage from any part, and that tag's non-damage effects are ignored", () => {
    const r = immune({ parts: [{ amount: 6, types: ["psychic"] }, { amount: 2, types: ["physical"] }], source: { tags: ["fear"] } }, { immunities: [{ tag: "fear" }] });
    expect(r.final).toBe(0);
    expect(r.prevented).toBe(true);
    expect(r.effects).toEqual([{ kind: "ignoreNonDamageEffects", tag: "fear" }]);
    expect(r.trace[0]).toEqual({ step: "immunity", in: 8, out: 0, key: `${KEY}.tag`, params: { tags: ["fear"] }, defenses: [{ kind: "tagImmunity", tag: "fear" }] });
  });

  it("emits one effect per matching tag", () => {
    const r = immune(hit(3, "fire", { source: { tags: ["fear", "charm", "fire"] } }), { immunities: [{ tag: "charm" }, { tag: "fear" }, { tag: "sleep" }] });
    expect(r.effects).toEqual([
      { kind: "ignoreNonDamageEffects", tag: "charm" },
      { kind: "ignoreNonDamageEffects", tag: "fear" },
    ]);
    expect(r.trace[0]!.params).toEqual({ tags: ["charm", "fear"] });
  });

  it("matches event traits and damage types as tags too", () => {
    expect(immune(hit(3, "fire", { traits: ["ongoing"] }), { immunities: [{ tag: "ongoing" }] }).prevented).toBe(true);
    expect(immune(hit(3, "poison"), { immunities: [{ tag: "poison" }] }).effects).toEqual([{ kind: "ignoreNonDamageEffects", tag: "poison" }]);
  });

  it("a tag the source lacks does nothing, and a skipped tag immunity emits no effect", () => {
    expect(immune(hit(3, "fire", { source: { tags: ["charm"] } }), { immunities: [{ tag: "fear" }] }).final).toBe(3);
    const ignored = immune(hit(3, "fire", { source: { tags: ["fear"] }, traits: ["imbued"] }), { immunities: [{ tag: "fear", ignoredBy: ["imbued"] }] });
    expect(ignored.final).toBe(3);
    expect(ignored.effects).toEqual([]);
  });

  it("prevents even a 0-damage hit with an immune tag (its effects are still ignored)", () => {
    const r = immune(hit(0, "psychic", { source: { tags: ["fear"] } }), { immunities: [{ tag: "fear" }] });
    expect(r.prevented).toBe(true);
    expect(r.effects).toHaveLength(1);
  });
});

describe("RULES.md §4 example 12 (004)", () => {
  const defender = { resources: { magicArmor: { value: 2 }, body: { value: 3 } }, defenses: { immunities: [{ type: "poison", label: "Poison Immunity" }] } };

  it("armor-pools: 4 Poison vs Poison Immunity -> prevented, No Effect, nothing else happens", () => {
    const r = run({ profile: "armor-pools", event: hit(4, "poison"), defender });
    expect(r.prevented).toBe(true);
    expect(r.final).toBe(0);
    expect(r.dealt).toBe(false);
    expect(r.trace.map((t) => t.step)).toEqual(["immunity"]);
    expect(r.taken).toEqual({});
    expect(r.resources).toEqual({ magicArmor: { value: 2 }, body: { value: 3 } });
    expect(r.state.wounds).toEqual({});
  });

  it("the two prevention steps alone give the same result", () => {
    const r = run({ profile: [{ step: "immunity" }, { step: "prevention" }], event: hit(4, "poison"), defender });
    expect(r.prevented).toBe(true);
    expect(r.trace.map((t) => t.step)).toEqual(["immunity"]);
  });

  it("without the immunity the same hit reaches the pools", () => {
    const r = run({ profile: "armor-pools", event: hit(4, "poison"), defender: { resources: defender.resources } });
    expect(r.prevented).toBe(false);
    expect(r.taken).toEqual({ magicArmor: 2, body: 2 });
  });
});
