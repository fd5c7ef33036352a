/**
 * Creature templates (seed 001): the type table, keyword bundles and role
 * table, applied and removed as a unit, with and without "5 per tier" limits.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defensesSchema, type Defenses, type DefensesInput } from "../../src/core/model/defenses.ts";
import {
  appliedTemplates,
  applyTemplate,
  CREATURE_TEMPLATES,
  removeTemplate,
  roleDefenseTotals,
  tierOf,
} from "../../src/core/templates.ts";
import { hit, run } from "./support.ts";

const parse = (d: DefensesInput): Defenses => defensesSchema.parse(d);

/** A defender with a good mix of entries, some of them from another template. */
const rich = parse({
  immunities: [{ type: "fire" }, { tag: "fear" }],
  resistances: [{ type: "poison", limit: 5, label: "Ring" }, { type: "all", limit: 5, condition: "notSilvered" }],
  vulnerabilities: [{ type: "cold", limit: 10, template: "type.fire" }],
  armor: [{ type: "physical", value: 3, layer: "hard" }],
  shells: [{ id: "s1", value: 20 }],
  roleDefenses: [{ defense: "will", modifier: 1, template: "role.controller" }],
  keywords: ["swarm"],
});

describe("applyTemplate / removeTemplate", () => {
  it("Undead adds Resist Poison and Vulnerable Radiant, tagged, and removing it restores the defenses exactly", () => {
    const before = structuredClone(rich);
    const on = applyTemplate(rich, "type.undead");
    expect(on.resistances.slice(-1)).toEqual([{ type: "poison", template: "type.undead" }]);
    expect(on.vulnerabilities.slice(-1)).toEqual([{ type: "radiant", template: "type.undead" }]);
    expect(rich).toEqual(before); // input untouched
    expect(removeTemplate(on, "type.undead")).toEqual(before);
  });

  it("with limits: 5 per tier of the creature's level (Heroic 5, Paragon 10, Epic 15)", () => {
    const limitOf = (level: number) => applyTemplate(parse({}), "type.plant", { limits: { level } });
    expect(limitOf(1).resistances.map((r) => r.limit)).toEqual([5, 5]);
    expect(limitOf(11).vulnerabilities).toEqual([
      { type: "poison", limit: 10, template: "type.plant" },
      { type: "fire", limit: 10, template: "type.plant" },
    ]);
    expect(limitOf(21).resistances.map((r) => [r.type, r.limit])).toEqual([["radiant", 15], ["psychic", 15]]);
    expect(applyTemplate(parse({}), "type.dwarf", { limits: { level: 12, perTier: 4 } }).resistances[0]?.limit).toBe(8);
  });

  it("re-applying replaces the template instead of stacking it", () => {
    const twice = applyTemplate(applyTemplate(rich, "type.undead"), "type.undead", { limits: { level: 3 } });
    expect(twice.resistances.filter((r) => r.template === "type.undead")).toEqual([{ type: "poison", limit: 5, template: "type.undead" }]);
    expect(removeTemplate(twice, "type.undead")).toEqual(rich);
  });

  it("removing one template leaves another template's entries alone", () => {
    const both = applyTemplate(applyTemplate(rich, "type.undead"), "keyword.insubstantial");
    expect(appliedTemplates(both)).toEqual(["type.undead", "keyword.insubstantial", "type.fire", "role.controller"]);
    const noUndead = removeTemplate(both, "type.undead");
    expect(appliedTemplates(noUndead)).not.toContain("type.undead");
    expect(appliedTemplates(noUndead)).toContain("keyword.insubstantial");
    expect(removeTemplate(noUndead, "keyword.insubstantial")).toEqual(rich);
  });

  it("apply then remove is the identity for every template and any valid defenses", () => {
    const entry = fc.record({ type: fc.constantFrom("fire", "cold", "all", "poison"), limit: fc.option(fc.nat(20), { nil: undefined }) }, { requiredKeys: ["type"] });
    const defenses = fc
      .record({
        resistances: fc.array(entry, { maxLength: 4 }),
        vulnerabilities: fc.array(entry, { maxLength: 4 }),
        roleDefenses: fc.array(fc.record({ defense: fc.constantFrom("fortitude" as const, "reflex" as const, "will" as const), modifier: fc.integer({ min: -1, max: 1 }) }), { maxLength: 3 }),
        conditionImmunities: fc.array(fc.record({ gains: fc.constantFrom("slowed", "stunned") }), { maxLength: 2 }),
      })
      .map((d) => parse(JSON.parse(JSON.stringify(d)) as DefensesInput));
    const ids = CREATURE_TEMPLATES.map((t) => t.id);
    fc.assert(
      fc.property(defenses, fc.constantFrom(...ids), fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }), (d, id, level) => {
        const on = applyTemplate(d, id, level === undefined ? {} : { limits: { level } });
        expect(appliedTemplates(on)).toContain(id);
        expect(removeTemplate(on, id)).toEqual(d);
      }),
    );
  });

  it("every template's output passes the defenses schema", () => {
    for (const t of CREATURE_TEMPLATES) {
      const on = applyTemplate(parse({}), t.id, { limits: { level: 15 }, variation: { plus: "will", minus: "reflex" } });
      expect(defensesSchema.safeParse(on).success, t.id).toBe(true);
    }
  });

  it("refuses bad input with an error that names the field", () => {
    expect(() => applyTemplate(rich, "type.dragon")).toThrow(/templateId: unknown creature template "type.dragon"/);
    expect(() => applyTemplate(rich, "type.undead", { limits: { level: 0 } })).toThrow(/limits.level/);
    expect(() => applyTemplate(rich, "type.undead", { limits: { level: 2.5 } })).toThrow(/limits.level/);
    expect(() => applyTemplate(rich, "type.undead", { limits: { level: 4, perTier: -5 } })).toThrow(/limits.perTier/);
    expect(() => applyTemplate(rich, "role.brute", { variation: { plus: "will", minus: "will" } })).toThrow(/variation/);
  });
});

describe("role defense table (001)", () => {
  const totals = (id: string, variation?: { plus: "fortitude" | "reflex" | "will"; minus: "fortitude" | "reflex" | "will" }) =>
    roleDefenseTotals(applyTemplate(parse({}), id, { variation }));

  it("strong = +1, average = 0, weak = -1 per the seed's table", () => {
    expect(totals("role.soldier")).toEqual({ fortitude: 1, reflex: 0, will: 0 });
    expect(totals("role.brute")).toEqual({ fortitude: 1, reflex: -1, will: 0 });
    expect(totals("role.skirmisher")).toEqual({ fortitude: -1, reflex: 1, will: 0 });
    expect(totals("role.controller")).toEqual({ fortitude: 0, reflex: -1, will: 1 });
    expect(totals("role.lurker")).toEqual({ fortitude: 0, reflex: 1, will: -1 });
    expect(totals("role.artillery")).toEqual({ fortitude: -1, reflex: 0, will: 0 });
  });

  it("each defense has as many strong roles as weak roles except Will's single pair (001 balance)", () => {
    const roles = CREATURE_TEMPLATES.filter((t) => t.kind === "role").map((t) => totals(t.id));
    const sum = (d: "fortitude" | "reflex" | "will") => roles.reduce((s, r) => s + r[d], 0);
    expect([sum("fortitude"), sum("reflex"), sum("will")]).toEqual([0, 0, 0]);
  });

  it("the optional variation adds +1 to one defense and -1 to another", () => {
    expect(totals("role.brute", { plus: "reflex", minus: "fortitude" })).toEqual({ fortitude: 0, reflex: 0, will: 0 });
    expect(totals("role.soldier", { plus: "fortitude", minus: "will" })).toEqual({ fortitude: 2, reflex: 0, will: -1 });
  });
});

describe("templates in the chain (revised-4e)", () => {
  const defender = (defenses: Defenses) => ({ resources: { hp: { value: 100, max: 100 } }, defenses });

  it("Undead: 17 poison -> 9, 17 radiant -> 25; with level-12 limits: 17 poison -> 7, 17 radiant -> 27", () => {
    const undead = applyTemplate(parse({}), "type.undead");
    expect(run({ profile: "revised-4e", defender: defender(undead), event: hit(17, "poison") }).final).toBe(9);
    expect(run({ profile: "revised-4e", defender: defender(undead), event: hit(17, "radiant") }).final).toBe(25);
    const limited = applyTemplate(parse({}), "type.undead", { limits: { level: 12 } });
    expect(run({ profile: "revised-4e", defender: defender(limited), event: hit(17, "poison") }).final).toBe(9);
    expect(run({ profile: "revised-4e", defender: defender(limited), event: hit(30, "poison") }).final).toBe(20);
    expect(run({ profile: "revised-4e", defender: defender(limited), event: hit(30, "radiant") }).final).toBe(40);
  });

  it("Swarm template reproduces RULES.md example 8", () => {
    const swarm = applyTemplate(parse({}), "keyword.swarm");
    expect(run({ profile: "revised-4e", defender: defender(swarm), event: hit(20, "fire") }).final).toBe(10);
    expect(run({ profile: "revised-4e", defender: defender(swarm), event: hit(20, "poison") }).final).toBe(20);
    expect(run({ profile: "revised-4e", defender: defender(swarm), event: hit(20, "fire", { traits: ["burst"] }) }).final).toBe(30);
  });

  it("Insubstantial template reproduces RULES.md example 7", () => {
    const ghost = applyTemplate(parse({}), "keyword.insubstantial");
    expect(run({ profile: "revised-4e", defender: defender(ghost), event: hit(20) }).final).toBe(10);
    expect(run({ profile: "revised-4e", defender: defender(ghost), event: hit(20, [], { traits: ["advantage"] }) }).final).toBe(20);
    expect(run({ profile: "revised-4e", defender: defender(ghost), event: hit(20, "fire", { traits: ["advantage"] }) }).final).toBe(30);
  });

  it("tierOf follows 001's Paragon (11) and Epic (21) levels", () => {
    expect([1, 10, 11, 20, 21, 30].map(tierOf)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
