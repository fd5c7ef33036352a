/**
 * pf2e's IWR exceptions (foundryvtt/pf2e `src/module/actor/data/iwr.ts`
 * `IWR#describe` / `IWR#predicate` at 05141a62: an exception that matches an
 * instance's damage type, category, material or trait negates the entry),
 * with the parts the pf2e adapter gives the chain: one damage type per
 * instance, the roll's materials and traits as event traits.
 */
import { describe, expect, it } from "vitest";
import { importPf2e } from "../../src/core/import/index.ts";
import { exceptedBy } from "../../src/core/exceptions.ts";
import { run } from "./support.ts";

const npc = (attributes: Record<string, unknown>, traits: string[] = []) => ({
  name: "Test",
  type: "npc",
  system: { attributes: { hp: { value: 50, max: 50 }, ...attributes }, details: { level: { value: 3 } }, traits: { value: traits } },
});
const PF2E_STEPS = [{ step: "immunity" }, { step: "dv" }, { step: "fdr" }, { step: "life", options: { atZero: "none" } }];
const hit = (actor: unknown, amount: number, type: string, traits: string[] = []) =>
  run({ profile: PF2E_STEPS as never, defender: { defenses: importPf2e(actor).defenses as never, resources: { hp: { value: 100 } } }, event: { parts: [{ amount, types: [type] }], traits } }).final;

/** Monster Core ghost: resistance all-damage 5 except force, ghost-touch, spirit, vitality. */
const ghost = npc({ resistances: [{ type: "all-damage", value: 5, exceptions: ["force", "ghost-touch", "spirit", "vitality"] }] }, ["undead", "spirit", "incorporeal"]);
/** Monster Core gargoyle: resistance physical 5 except adamantine. */
const gargoyle = npc({ resistances: [{ type: "physical", value: 5, exceptions: ["adamantine"] }] }, ["earth", "elemental"]);

describe("pf2e exceptions by damage type, category, material, trait", () => {
  it("a ghost takes full force, spirit and vitality damage and 5 less from fire", () => {
    expect(hit(ghost, 10, "force")).toBe(10);
    expect(hit(ghost, 10, "spirit")).toBe(10);
    expect(hit(ghost, 10, "vitality")).toBe(10);
    expect(hit(ghost, 10, "fire")).toBe(5);
    expect(hit(ghost, 10, "slashing")).toBe(5);
    expect(hit(ghost, 10, "slashing", ["ghost-touch"])).toBe(10);
  });
  it("a gargoyle resists bludgeoning, piercing, slashing and bleed by 5, not fire, not an adamantine hit", () => {
    for (const t of ["bludgeoning", "piercing", "slashing", "bleed"]) expect(hit(gargoyle, 10, t)).toBe(5);
    expect(hit(gargoyle, 10, "fire")).toBe(10);
    expect(hit(gargoyle, 10, "slashing", ["adamantine"])).toBe(10);
  });
  it("a category exception (resistance all-damage except physical) and an energy resistance", () => {
    const a = npc({ resistances: [{ type: "all-damage", value: 3, exceptions: ["physical"] }], weaknesses: [{ type: "energy", value: 2, exceptions: ["fire"] }] });
    expect(hit(a, 10, "piercing")).toBe(10);
    expect(hit(a, 10, "bleed")).toBe(10);
    expect(hit(a, 10, "cold")).toBe(9);
    expect(hit(a, 10, "fire")).toBe(7);
  });
  it("an immunity with a damage-type exception: immune to energy except fire", () => {
    const a = npc({ immunities: [{ type: "energy", exceptions: ["fire"] }] });
    expect(hit(a, 10, "cold")).toBe(0);
    expect(hit(a, 10, "fire")).toBe(10);
  });
  it("exceptedBy is one definition: traits, the instance's types, their categories, all-damage", () => {
    expect(exceptedBy(["force"], [], ["force"])).toBe(true);
    expect(exceptedBy(["physical"], [], ["bleed"])).toBe(true);
    expect(exceptedBy(["energy"], [], ["void"])).toBe(true);
    expect(exceptedBy(["adamantine"], ["adamantine"], ["slashing"])).toBe(true);
    expect(exceptedBy(["all-damage"], [], ["fire"])).toBe(true);
    expect(exceptedBy(["force"], [], ["fire"])).toBe(false);
    expect(exceptedBy(["physical"], [], ["fire"])).toBe(false);
    expect(exceptedBy(undefined, ["x"], ["fire"])).toBe(false);
  });
});
