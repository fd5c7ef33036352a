/**
 * The SF2e importer: pf2e's, with the creature reported as `sf2e` and the
 * entries tagged as pf2e's (one engine, one data model). The creature is
 * SF2e's cybernetic zombie in the shape of foundryvtt/pf2e
 * `packs/sf2e/alien-core-bestiary/Cybernetic_Zombie_dxbr3LNg0R66Aj1n.json`
 * at 2ea34c3c (source data: no `negativeHealing`, the Void Healing rule
 * element sets it when pf2e prepares the actor).
 */
import { describe, expect, it } from "vitest";
import { applyImport, detectSystem, emptyDefenses, importActor, importSf2e, removeImport } from "../../src/core/import/index.ts";

const zombie = {
  name: "Cybernetic Zombie",
  type: "npc",
  system: {
    attributes: {
      hp: { value: 40, temp: 0, max: 40 },
      immunities: [{ type: "death-effects" }, { type: "disease" }, { type: "mental" }, { type: "paralyzed" }, { type: "poison" }, { type: "unconscious" }],
      weaknesses: [{ type: "electricity", value: 10 }, { type: "slashing", value: 10 }],
    },
    details: { level: { value: -1 } },
    traits: { value: ["mindless", "tech", "undead", "zombie"], rarity: "common", size: { value: "med" } },
  },
  _stats: { systemId: "sf2e" },
};

describe("importSf2e", () => {
  it("reads SF2e's IWR as pf2e's: tagged import.pf2e, the creature reported as sf2e, immunities to effects kept apart (not problems)", () => {
    const { defenses, creature, problems } = importSf2e(zombie);
    expect(creature).toEqual({ name: "Cybernetic Zombie", system: "sf2e", type: "undead", groups: ["mindless", "tech", "undead", "zombie"], level: -1, effects: [{ list: "immunities", type: "death-effects" }, { list: "immunities", type: "disease" }] });
    expect(defenses.flat).toEqual([
      { type: "electricity", kind: "DV", value: 10, natural: false, template: "import.pf2e" },
      { type: "slashing", kind: "DV", value: 10, natural: false, template: "import.pf2e" },
    ]);
    // Void healing (read from the undead trait in source data): vitality harms it, void and bleed do not (pf2e's isAffectedBy).
    expect(defenses.immunities.filter((i) => i.template === "import.pf2e.unaffected").map((i) => i.type)).toEqual(["void", "bleed"]);
    expect(defenses.immunities.filter((i) => i.template === "import.pf2e").map((i) => i.type).sort()).toEqual(["mental", "poison"]);
    expect(defenses.conditionImmunities.map((c) => c.gains).sort()).toEqual(["paralyzed", "unconscious"]);
    expect(problems).toEqual([]);
  });

  it("is detected by the stated system id, and its import is taken off as pf2e's is", () => {
    expect(detectSystem(zombie)).toBe("sf2e");
    expect(detectSystem({ ...zombie, _stats: undefined })).toBe("pf2e");
    const on = applyImport(emptyDefenses(), importActor(zombie, "sf2e").defenses, "sf2e");
    const off = removeImport(on, "sf2e");
    expect(off).toEqual(removeImport(on, "pf2e"));
    expect([off.flat, off.conditionImmunities]).toEqual([[], []]);
  });
});
