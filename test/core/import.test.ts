/**
 * System importers: dnd5e 5.x and dnd4e creature data as
 * chain defenses, tagged so the import comes off as a unit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyImport, detectSystem, DND5E_DAMAGE_TYPES, importActor, importDnd4e, importDnd5e, removeImport } from "../../src/core/import/index.ts";
import { defensesSchema, type DefensesInput } from "../../src/core/model/defenses.ts";
import { applyTemplate } from "../../src/core/templates.ts";
import { run } from "./support.ts";

/** A dnd5e NPC document in the shape of `packs/_source/monsters` (5.x). */
const dnd5e = (traits: Record<string, unknown>, type: Record<string, unknown> = { value: "undead", subtype: "", swarm: "", custom: "" }) => ({
  name: "Test",
  type: "npc",
  system: {
    details: { type },
    traits: {
      size: "med",
      di: { value: [], bypasses: [], custom: "" },
      dr: { value: [], bypasses: [], custom: "" },
      dv: { value: [], bypasses: [], custom: "" },
      ci: { value: [], custom: "" },
      dm: { amount: {}, bypasses: [] },
      ...traits,
    },
  },
});

const vampire = dnd5e(
  { dr: { value: ["bludgeoning", "necrotic", "piercing", "slashing"], bypasses: ["mgc"], custom: "" }, di: { value: ["poison"], bypasses: [], custom: "" }, ci: { value: ["poisoned", "exhaustion"], custom: "" } },
  { value: "undead", subtype: "Shapechanger", swarm: "", custom: "" },
);

describe("importDnd5e", () => {
  it("adds exactly the traits, bypasses as ignoredBy traits on the physical types only, all tagged import.dnd5e", () => {
    const { defenses, creature, problems } = importDnd5e(vampire);
    const tag = "import.dnd5e";
    expect(defenses.resistances).toEqual([
      { type: "bludgeoning", ignoredBy: ["magical"], template: tag },
      { type: "necrotic", template: tag },
      { type: "piercing", ignoredBy: ["magical"], template: tag },
      { type: "slashing", ignoredBy: ["magical"], template: tag },
    ]);
    expect(defenses.immunities).toEqual([{ type: "poison", template: tag }]);
    expect(defenses.conditionImmunities).toEqual([{ gains: "poisoned", template: tag }, { gains: "exhaustion", template: tag }]);
    expect(defenses.vulnerabilities).toEqual([]);
    expect(creature).toEqual({ name: "Test", system: "dnd5e", type: "undead", groups: ["undead", "shapechanger"] });
    expect(problems).toEqual([]);
  });

  it("the imported 'not magical' resistance halves a mundane slash and is ignored by a magical one (revised-4e)", () => {
    const { defenses } = importDnd5e(vampire);
    const hit = (traits: string[]) => run({ profile: "revised-4e", defender: { defenses, resources: { hp: { value: 100 } } }, event: { parts: [{ amount: 20, types: ["slashing"] }], traits } }).final;
    expect(hit([])).toBe(10);
    expect(hit(["magical"])).toBe(20);
    expect(run({ profile: "revised-4e", defender: { defenses }, event: { parts: [{ amount: 20, types: ["poison"] }] } }).final).toBe(0);
  });

  it("ALL with bypasses splits into the bypassable physical types and the others; immunity to ALL is refused and reported", () => {
    const { defenses, problems } = importDnd5e(dnd5e({ dr: { value: ["ALL"], bypasses: ["sil"], custom: "" }, di: { value: ["ALL"], bypasses: [], custom: "" } }));
    expect(defenses.resistances.map((r) => r.type)).toEqual([...DND5E_DAMAGE_TYPES]);
    expect(defenses.resistances.filter((r) => r.ignoredBy !== undefined).map((r) => r.type)).toEqual(["bludgeoning", "piercing", "slashing"]);
    expect(defenses.immunities).toEqual([]);
    expect(problems.map((p) => p.path)).toEqual(["system.traits.di.value"]);
  });

  it("damage modification: fixed amounts become BDR / DV, dice are reported; custom text and unknown bypasses are reported", () => {
    const { defenses, problems } = importDnd5e(dnd5e({ dm: { amount: { fire: "-3", cold: "2", acid: "1d4" }, bypasses: ["xyz"] }, dv: { value: [], bypasses: [], custom: "holy water" } }));
    expect(defenses.flat).toEqual([
      { kind: "BDR", type: "fire", value: 3, natural: false, perHit: true, template: "import.dnd5e" },
      { kind: "DV", type: "cold", value: 2, natural: false, perHit: true, template: "import.dnd5e" },
    ]);
    expect(problems.map((p) => p.path).sort()).toEqual(["system.traits.dm.amount.acid", "system.traits.dm.bypasses", "system.traits.dv.custom"]);
  });

  it("a swarm and subtypes become groups; broken data gives empty defenses, never a throw", () => {
    expect(importDnd5e(dnd5e({}, { value: "beast", subtype: "", swarm: "tiny", custom: "" })).creature.groups).toEqual(["beast", "swarm"]);
    for (const bad of [null, 3, "x", [], { system: { traits: { di: "poison", dr: { value: "fire" } } } }]) {
      const r = importDnd5e(bad);
      expect(r.defenses).toEqual(defensesSchema.parse({}));
    }
  });
});

describe("importDnd4e", () => {
  const ghoul = {
    name: "Ghoul",
    type: "NPC",
    system: {
      details: { level: 5, role: { primary: "soldier", secondary: "standard", leader: false }, origin: "shadow", type: "humanoid", other: "undead", race: "" },
      defences: { ac: { value: 21 }, fort: { value: 18 }, ref: { value: 17 }, wil: { value: 16 } },
      resistances: {
        damage: { value: 0, res: 0, vuln: 0, immune: false },
        ongoing: { value: 0, res: 0, vuln: 0, immune: false },
        necrotic: { value: 10, res: 10, vuln: 0, immune: false },
        radiant: { value: -5, res: 0, vuln: -5, immune: false },
        poison: { value: 0, res: 0, vuln: 0, immune: true },
        fire: { value: 5 },
      },
      untypedResistances: { resistances: ["5 cold"], vulnerabilities: ["weird text here"], immunities: ["forced movement", "disease"] },
    },
  };

  it("res / vuln become limited Resistances and Vulnerabilities, immune an Immunity; role, level, defences and groups are read", () => {
    const { defenses, creature, problems } = importDnd4e(ghoul);
    const tag = "import.dnd4e";
    expect(defenses.resistances).toEqual([{ type: "necrotic", limit: 10, template: tag }, { type: "fire", limit: 5, template: tag }, { type: "cold", limit: 5, template: tag }]);
    expect(defenses.vulnerabilities).toEqual([{ type: "radiant", limit: 5, template: tag }]);
    expect(defenses.immunities).toEqual([{ type: "poison", template: tag }]);
    expect(defenses.conditionImmunities).toEqual([{ gains: "forcedMovement", template: tag }, { gains: "disease", template: tag }]);
    expect(creature).toEqual({ name: "Ghoul", system: "dnd4e", type: "humanoid", groups: ["shadow", "humanoid", "undead"], role: "soldier", level: 5, defenses: { fortitude: 18, reflex: 17, will: 16 } });
    expect(problems).toEqual([{ path: "system.untypedResistances.vulnerabilities", message: expect.stringContaining("weird text here") }]);
  });

  it("resist all damage and ongoing map to `all` (ongoing with the Ongoing condition); immune to all damage is refused", () => {
    const r = importDnd4e({ system: { resistances: { damage: { res: 5, vuln: 0, immune: true }, ongoing: { res: 0, vuln: -2 } } } });
    expect(r.defenses.resistances).toEqual([{ type: "all", limit: 5, template: "import.dnd4e" }]);
    expect(r.defenses.vulnerabilities).toEqual([{ type: "all", condition: "ongoing", limit: 2, template: "import.dnd4e" }]);
    expect(r.defenses.immunities).toEqual([]);
    expect(r.problems.map((p) => p.path)).toEqual(["system.resistances.damage.immune"]);
  });

  it("detects the system from _stats or the data's shape", () => {
    expect(detectSystem(ghoul)).toBe("dnd4e");
    expect(detectSystem(vampire)).toBe("dnd5e");
    expect(detectSystem({ _stats: { systemId: "dnd4e" }, system: {} })).toBe("dnd4e");
    expect(detectSystem({ system: { hp: 3 } })).toBeUndefined();
    expect(importActor({ name: "Box", system: {} }, detectSystem({ system: {} })).creature).toEqual({ name: "Box", system: "none", groups: [] });
  });
});

describe("import then remove leaves the defenses exactly as before", () => {
  const existing: fc.Arbitrary<DefensesInput> = fc.record({
    resistances: fc.array(fc.record({ type: fc.constantFrom("fire", "cold", "all"), limit: fc.option(fc.nat(20), { nil: undefined }), template: fc.option(fc.constantFrom("type.undead", "role.x"), { nil: undefined }) }, { requiredKeys: ["type"] }), { maxLength: 4 }),
    immunities: fc.array(fc.record({ type: fc.constantFrom("poison", "acid") }), { maxLength: 2 }),
    conditionImmunities: fc.array(fc.record({ gains: fc.constantFrom("slowed", "charmed") }), { maxLength: 2 }),
    flat: fc.array(fc.record({ kind: fc.constantFrom("BDR" as const, "DV" as const), type: fc.constant("fire"), value: fc.nat(9) }), { maxLength: 2 }),
  });
  const types = fc.subarray(["acid", "fire", "cold", "slashing", "piercing", "poison", "radiant", "ALL"]);
  const dnd5eActor = fc.record({ di: types, dr: types, dv: types, by: fc.subarray(["mgc", "sil", "ada"]), ci: fc.subarray(["charmed", "poisoned", "prone"]), dm: fc.dictionary(fc.constantFrom("fire", "cold"), fc.integer({ min: -5, max: 5 }).map(String)) });

  it("dnd5e (property)", () => {
    fc.assert(
      fc.property(existing, dnd5eActor, fc.boolean(), (input, a, template) => {
        let before = defensesSchema.parse(input);
        if (template) before = applyTemplate(before, "type.plant");
        const frozen = structuredClone(before);
        const actor = dnd5e({ di: { value: a.di, bypasses: a.by }, dr: { value: a.dr, bypasses: a.by }, dv: { value: a.dv, bypasses: [] }, ci: { value: a.ci }, dm: { amount: a.dm, bypasses: a.by } });
        const imported = importDnd5e(actor).defenses;
        const on = applyImport(before, imported, "dnd5e");
        expect(defensesSchema.safeParse(on).success).toBe(true);
        expect(applyImport(on, imported, "dnd5e")).toEqual(on); // re-importing replaces, never stacks
        expect(removeImport(on, "dnd5e")).toEqual(frozen);
        expect(before).toEqual(frozen);
      }),
    );
  });

  it("dnd4e (property)", () => {
    const res = fc.record({ res: fc.nat(10), vuln: fc.integer({ min: -10, max: 0 }), immune: fc.boolean() });
    fc.assert(
      fc.property(existing, fc.dictionary(fc.constantFrom("fire", "cold", "necrotic", "ongoing"), res), (input, resistances) => {
        const before = defensesSchema.parse(input);
        const frozen = structuredClone(before);
        const on = applyImport(before, importDnd4e({ system: { resistances } }).defenses, "dnd4e");
        expect(removeImport(on, "dnd4e")).toEqual(frozen);
      }),
    );
  });
});

describe("dnd5e damage threshold", () => {
  // dnd5e 5.3.3 Actor5e#calculateDamage: `(damages.amount > 0) && (damages.amount < dt)` → 0.
  it("becomes a final damage negate of dt - 1 for all types; 0, 1 and none import nothing; a bad value is reported", () => {
    const doc = (dt: unknown) => ({ name: "Cart", type: "vehicle", system: { attributes: { hp: { value: 20, max: 20, dt } }, traits: {} } });
    expect(importDnd5e(doc(10)).defenses.negates).toEqual([{ kind: "FDN", type: "all", value: 9, natural: false, template: "import.dnd5e" }]);
    for (const dt of [0, 1, null, undefined]) expect(importDnd5e(doc(dt)).defenses.negates).toEqual([]);
    const bad = importDnd5e(doc("5d"));
    expect(bad.defenses.negates).toEqual([]);
    expect(bad.problems.map((p) => p.path)).toEqual(["system.attributes.hp.dt"]);
  });

  it("under layered-armor (000's FDN), 9 and 10 fire against dt 10 deal 0 and 10, as dnd5e does", () => {
    const negates = importDnd5e({ name: "Cart", type: "vehicle", system: { attributes: { hp: { value: 20, max: 20, dt: 10 } }, traits: {} } }).defenses.negates;
    const hit = (amount: number) => run({ profile: "layered-armor", event: { parts: [{ amount, types: ["fire"] }] }, defender: { defenses: { negates } } }).final;
    expect([hit(9), hit(10)]).toEqual([0, 10]);
  });
});
