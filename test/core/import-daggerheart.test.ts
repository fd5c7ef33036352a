/**
 * The Daggerheart importer (`src/core/import/daggerheart.ts`): data shapes of
 * Foundryborne/daggerheart 00512b7 (`module/data/actor/base.mjs`,
 * `adversary.mjs`), what maps to defenses and what is reported.
 */
import { describe, expect, it } from "vitest";
import { daggerheartTraitsFromSystem, detectSystem, importActor, importDaggerheart } from "../../src/core/import/index.ts";

const res = (resistance = false, immunity = false, reduction = 0) => ({ resistance, immunity, reduction });
const adversary = (system: Record<string, unknown>) => ({
  name: "Ironscale Brute",
  type: "adversary",
  system: { tier: 2, type: "bruiser", resistance: { physical: res(), magical: res() }, damageThresholds: { major: 8, severe: 13 }, resources: { hitPoints: { value: 0, max: 6 } }, rules: { damageReduction: { reduceSeverity: { physical: 0, magical: 0 }, thresholdImmunities: { minor: false } } }, ...system },
});

describe("Daggerheart traits, read live", () => {
  it("resistance, thresholds, severity and the Massive Damage rule as plain traits", () => {
    const doc = adversary({ resistance: { physical: res(true, false, 2), magical: res() }, rules: { damageReduction: { reduceSeverity: { physical: 1, magical: 0 }, thresholdImmunities: { minor: true } } } });
    expect(daggerheartTraitsFromSystem(doc.type, doc.system, true)).toEqual({
      resistance: { physical: { resistance: true, immunity: false, reduction: 2 }, magical: { resistance: false, immunity: false, reduction: 0 } },
      major: 8, severe: 13, massive: true, adversary: true, reduceSeverity: { physical: 1 }, minorImmune: true,
    });
  });
  it("bad data never throws: no system gives no entries and thresholds 0", () => {
    expect(daggerheartTraitsFromSystem("character", null)).toMatchObject({ resistance: {}, major: 0, severe: 0, adversary: false });
    expect(daggerheartTraitsFromSystem("adversary", { damageThresholds: { major: "x", severe: -3 } })).toMatchObject({ major: 0, severe: 0 });
  });
});

describe("Daggerheart import into defenses", () => {
  it("immunity, resistance and reduction become tagged entries; thresholds are reported, not guessed", () => {
    const r = importDaggerheart(adversary({ resistance: { physical: res(true, false, 3), magical: res(false, true) } }));
    expect(r.defenses.resistances).toEqual([{ type: "physical", template: "import.daggerheart" }]);
    expect(r.defenses.immunities).toEqual([{ type: "magical", template: "import.daggerheart" }]);
    expect(r.defenses.flat).toEqual([{ kind: "FDR", type: "physical", value: 3, natural: false, template: "import.daggerheart" }]);
    expect(r.problems.map((p) => p.path)).toEqual(["system.damageThresholds"]);
    expect(r.creature).toMatchObject({ name: "Ironscale Brute", system: "daggerheart", type: "adversary", role: "bruiser", level: 2 });
  });
  it("a character's armor slots are reported as not imported (spent in the system's own prompt)", () => {
    const r = importDaggerheart({ name: "Hero", type: "character", system: { resistance: { physical: res(), magical: res() }, damageThresholds: { major: 6, severe: 12 }, armorScore: { value: 1, max: 3 } } });
    expect(r.problems.map((p) => p.path)).toContain("system.armorScore");
  });
  it("reduced severity and minor immunity are reported", () => {
    const r = importDaggerheart(adversary({ rules: { damageReduction: { reduceSeverity: { physical: 1, magical: 0 }, thresholdImmunities: { minor: true } } } }));
    expect(r.problems.map((p) => p.path)).toEqual(["system.damageThresholds", "system.rules.damageReduction.reduceSeverity.physical", "system.rules.damageReduction.thresholdImmunities.minor"]);
  });
  it("detected by _stats.systemId or by its data's shape", () => {
    expect(detectSystem({ _stats: { systemId: "daggerheart" } })).toBe("daggerheart");
    expect(detectSystem(adversary({}))).toBe("daggerheart");
    expect(importActor(adversary({}), "daggerheart").creature.system).toBe("daggerheart");
  });
});
