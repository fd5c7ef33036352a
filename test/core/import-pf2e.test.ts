/**
 * The pf2e importer: pf2e IWR as tagged chain defenses, its
 * trait-derived immunities for source documents, and what it reports.
 * Synthetic creatures in the shape of pf2e's `packs/<bestiary>/*.json`.
 */
import { describe, expect, it } from "vitest";
import { detectSystem, importActor, importPf2e, pf2eTraitImmunities } from "../../src/core/import/index.ts";
import { applyImport, emptyDefenses } from "../../src/core/import/types.ts";
import { run } from "./support.ts";

/** The entries from the creature's IWR, without pf2e's "unaffected" (`pf2eUnaffected`, tested in pf2e-unaffected.test.ts). */
const iwr = (list: { template?: string | undefined }[]) => list.filter((i) => i.template !== "import.pf2e.unaffected");
const npc = (attributes: Record<string, unknown>, traits: string[] = [], type = "npc") => ({
  name: "Test",
  type,
  system: { attributes: { hp: { value: 20, max: 20 }, ...attributes }, details: { level: { value: 3 } }, traits: { rarity: "common", size: { value: "med" }, value: traits } },
});

/** pf2e's order (immunity, weakness, resistance) as chain steps. */
const PF2E_STEPS = [{ step: "immunity" }, { step: "dv" }, { step: "fdr" }, { step: "life", options: { atZero: "none" } }];
const hit = (defenses: unknown, amount: number, types: string[], traits: string[] = []) =>
  run({ profile: PF2E_STEPS as never, defender: { defenses: defenses as never, resources: { hp: { value: 100 } } }, event: { parts: [{ amount, types }], traits } }).final;

describe("importPf2e", () => {
  it("maps immunity, weakness and resistance entries with exceptions to tagged entries", () => {
    const { defenses, problems, creature } = importPf2e(
      npc(
        {
          immunities: [{ type: "poison" }, { type: "paralyzed" }],
          weaknesses: [{ type: "cold-iron", value: 5 }, { type: "fire", value: 5 }],
          resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }, { type: "all-damage", value: 3, exceptions: ["force"] }],
        },
        ["fiend", "devil"],
      ),
    );
    const tag = "import.pf2e";
    expect(iwr(defenses.immunities)).toEqual([{ type: "poison", template: tag }]);
    expect(defenses.conditionImmunities).toEqual([{ gains: "paralyzed", template: tag }]);
    expect(defenses.flat).toEqual([
      // A cold-iron weakness acts on the physical instance of a cold-iron (or sovereign steel) hit: IWR#describe.
      ...["bludgeoning", "piercing", "slashing"].map((type) => ({ type, kind: "DV", value: 5, natural: false, template: tag, onlyWith: ["cold-iron", "sovereign-steel"] })),
      { type: "fire", kind: "DV", value: 5, natural: false, template: tag },
      ...["bludgeoning", "piercing", "slashing", "bleed"].map((type) => ({ type, kind: "FDR", value: 5, natural: false, template: tag, ignoredBy: ["silver"] })),
      { type: "all", kind: "FDR", value: 3, natural: false, template: tag, ignoredBy: ["force"] },
    ]);
    // It is no damage type: the report keeps it apart as an effect, and it is not a problem.
    expect(problems).toEqual([]);
    expect(creature).toEqual({ name: "Test", system: "pf2e", type: "fiend", groups: ["fiend", "devil"], level: 3, effects: [{ list: "weaknesses", type: "cold-iron", value: 5, applied: true }] });
  });

  it("keeps non-damage entries apart as effects; reports a type that is no pf2e slug, immunity to all damage, custom exceptions and bad values by path", () => {
    const { defenses, problems, creature } = importPf2e(
      npc({
        immunities: [{ type: "critical-hits" }, { type: "precision" }, { type: "all-damage" }, "junk", { type: "Death Effects!" }],
        weaknesses: [{ type: "area-damage", value: 5 }, { type: "fire", value: "5" }, { type: "axe-vulnerability", value: 3 }],
        resistances: [{ type: "fire", value: 10, doubleVs: ["critical-hits"], exceptions: [{ label: "X", definition: [] }] }, { type: "cold", value: Number.NaN }],
      }),
    );
    expect(problems.map((p) => p.path)).toEqual([
      "system.attributes.immunities.2",
      "system.attributes.immunities.3",
      "system.attributes.immunities.4",
      "system.attributes.weaknesses.1.value",
      "system.attributes.resistances.0.exceptions.0",
      "system.attributes.resistances.1.value",
    ]);
    // doubleVs: a second entry of twice the value, for such hits only. Area damage: a weakness of every type on hits that carry the word.
    expect(defenses.flat).toEqual([
      { type: "all", kind: "DV", value: 5, natural: false, template: "import.pf2e", onlyWith: ["area-damage"] },
      { type: "fire", kind: "FDR", value: 10, natural: false, template: "import.pf2e" },
      { type: "fire", kind: "FDR", value: 20, natural: false, template: "import.pf2e", onlyWith: ["critical-hits"] },
    ]);
    expect(iwr(defenses.immunities)).toEqual([]);
    expect(creature.effects).toEqual([
      { list: "immunities", type: "critical-hits" },
      { list: "immunities", type: "precision" },
      { list: "weaknesses", type: "area-damage", value: 5, applied: true },
      { list: "weaknesses", type: "axe-vulnerability", value: 3 },
    ]);
  });

  it("imports weaknesses and resistances to holy, unholy and area damage as entries for hits carrying the word (IWR#describe); a holy or unholy weakness once per hit, apart (applyIWR's apply-once weaknesses)", () => {
    const tag = "import.pf2e";
    const { defenses, problems, creature } = importPf2e(
      npc({
        weaknesses: [{ type: "holy", value: 5 }, { type: "unholy", value: 4, exceptions: ["fire"] }, { type: "area-damage", value: 3 }, { type: "holy", value: 0 }],
        resistances: [{ type: "unholy", value: 10, doubleVs: ["non-magical"] }, { type: "area-damage", value: 2 }],
      }),
    );
    expect(defenses.flat).toEqual([
      { type: "all", kind: "DV", value: 5, natural: false, template: tag, onlyWith: ["holy"], perHit: true, apart: true },
      { type: "all", kind: "DV", value: 4, natural: false, template: tag, onlyWith: ["unholy"], ignoredBy: ["fire"], perHit: true, apart: true },
      { type: "all", kind: "DV", value: 3, natural: false, template: tag, onlyWith: ["area-damage"] },
      { type: "all", kind: "FDR", value: 10, natural: false, template: tag, onlyWith: ["unholy"] },
      { type: "all", kind: "FDR", value: 2, natural: false, template: tag, onlyWith: ["area-damage"] },
    ]);
    // A doubled resistance to unholy would need both words: it is imported at its plain value, and said.
    expect(problems.map((p) => p.path)).toEqual(["system.attributes.resistances.0.doubleVs"]);
    // The report counts them as applied, apart from the entries the chain does not apply.
    expect(creature.effects?.every((e) => e.applied === true)).toBe(true);
    expect(creature.effects).toHaveLength(6);
  });

  it("adds pf2e's trait-derived immunities to source documents (construct, mindless, swarm) but not to characters or with traitIWR false", () => {
    const construct = npc({ immunities: [] }, ["construct", "mindless"]);
    const { defenses } = importPf2e(construct);
    expect(iwr(defenses.immunities).map((i) => (i as { type?: string }).type)).toEqual(["bleed", "poison", "spirit", "vitality", "void", "mental"]);
    expect(defenses.conditionImmunities.map((c) => c.gains)).toEqual(["doomed", "drained", "fatigued", "paralyzed", "sickened", "unconscious"]);
    expect(iwr(importPf2e(construct, { traitIWR: false }).defenses.immunities)).toEqual([]);
    expect(pf2eTraitImmunities("character", ["construct"], [])).toEqual([]);
    expect(pf2eTraitImmunities("npc", ["construct", "eidolon"], [])).toEqual([]);
    expect(pf2eTraitImmunities("npc", ["swarm", "mindless"], ["mental"])).toEqual([{ type: "grabbed" }, { type: "prone" }, { type: "restrained" }]);
  });

  it("never throws on hostile documents and keeps prototype keys out", () => {
    for (const bad of [null, 1, "x", [], { system: null }, { system: { attributes: { immunities: "fire", resistances: { type: "fire" } } } }, JSON.parse('{"system":{"attributes":{"resistances":[{"type":"__proto__","value":5},{"type":"constructor","value":1}]}}}')]) {
      const r = importPf2e(bad);
      expect(r.defenses.flat).toEqual([]);
      expect(({} as Record<string, unknown>).value).toBeUndefined();
    }
  });

  it("is detected by _stats.systemId or its IWR lists, and runs through importActor", () => {
    expect(detectSystem({ _stats: { systemId: "pf2e" } })).toBe("pf2e");
    expect(detectSystem(npc({ resistances: [] }))).toBe("pf2e");
    expect(detectSystem(npc({}, ["animal"]))).toBe("pf2e");
    expect(importActor(npc({ resistances: [{ type: "fire", value: 5 }] }), "pf2e").defenses.flat).toHaveLength(1);
  });
});

describe("imported pf2e IWR through the chain (hand-worked pf2e cases)", () => {
  it("10 fire vs resistance fire 5 takes 5; weakness fire 5 takes 15", () => {
    expect(hit(importPf2e(npc({ resistances: [{ type: "fire", value: 5 }] })).defenses, 10, ["fire", "energy"])).toBe(5);
    expect(hit(importPf2e(npc({ weaknesses: [{ type: "fire", value: 5 }] })).defenses, 10, ["fire", "energy"])).toBe(15);
  });
  it("a silver hit ignores resistance physical 5 except silver; a plain hit does not", () => {
    const { defenses } = importPf2e(npc({ resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }] }));
    expect(hit(defenses, 10, ["slashing", "physical"], ["silver"])).toBe(10);
    expect(hit(defenses, 10, ["slashing", "physical"])).toBe(5);
  });
  it("only the highest resistance and the highest weakness apply, as in pf2e's applyIWR (category and type entries on one instance)", () => {
    const { defenses } = importPf2e(npc({ resistances: [{ type: "physical", value: 5 }, { type: "slashing", value: 2 }], weaknesses: [{ type: "fire", value: 3 }, { type: "energy", value: 5 }] }));
    expect(hit(defenses, 10, ["slashing", "physical"])).toBe(5);
    expect(hit(defenses, 10, ["fire", "energy"])).toBe(15);
  });
  it("an imported immunity takes nothing", () => {
    expect(hit(importPf2e(npc({ immunities: [{ type: "poison" }] })).defenses, 10, ["poison"])).toBe(0);
  });
});

describe("applyImport of pf2e, twice", () => {
  it("replaces the earlier import whole, its \"unaffected\" entries too", () => {
    const undead = npc({ immunities: [{ type: "poison" }] }, ["undead"]);
    const once = importPf2e(undead).defenses;
    const empty = applyImport(emptyDefenses(), once, "pf2e");
    const twice = applyImport(empty, once, "pf2e");
    expect(twice.immunities).toEqual(empty.immunities);
    expect(twice.immunities.filter((i) => i.template === "import.pf2e.unaffected").length).toBeGreaterThan(0);
  });
});
