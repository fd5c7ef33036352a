/**
 * The bestiary report (seed 001) on generated populations
 * whose counts are known exactly, checking the seed's own claims.
 */
import { describe, expect, it } from "vitest";
import { buildReport, type ReportSide } from "../../src/core/bestiary/report.ts";
import { retrofit, templatesFor } from "../../src/core/bestiary/retrofit.ts";
import { defensesSchema } from "../../src/core/model/defenses.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { OLD_RULES, population } from "./population.ts";

const profile = (id: string) => BUILT_IN_PROFILES.find((p) => p.id === id)!;
const row = (side: ReportSide, type: string) => side.types.find((t) => t.type === type)!;

describe("001's claims on a generated bestiary (200 creatures, 15% Undead)", () => {
  const report = buildReport(population(OLD_RULES), { profile: profile("revised-4e") });

  it("counts exactly what the population holds", () => {
    expect(report.creatures).toBe(200);
    expect(row(report.before, "poison")).toMatchObject({ immune: 30, resistant: 0, vulnerable: 0 });
    expect(row(report.before, "necrotic")).toMatchObject({ immune: 0, resistant: 30, vulnerable: 0 });
    expect(row(report.before, "radiant")).toMatchObject({ immune: 0, resistant: 0, vulnerable: 30 });
    expect(row(report.before, "fire")).toMatchObject({ immune: 6, resistant: 5, vulnerable: 0 });
  });

  it("under the old rules Radiant is the strongest type for an attacker and Poison the weakest; the multiplier comes from the chain", () => {
    expect(report.before.strongest).toEqual(["radiant"]);
    expect(report.before.weakest).toEqual(["poison"]);
    // 30 of 200 vulnerable (x1.5), the rest x1: 1 + 0.15 * 0.5; immune Poison: 1 - 0.15.
    expect(row(report.before, "radiant").meanMultiplier).toBe(1.075);
    expect(row(report.before, "poison").meanMultiplier).toBe(0.85);
    expect(row(report.before, "radiant").balance).toBe(-0.15);
  });

  it("after the retrofit each type's resistant and vulnerable groups are of comparable size", () => {
    for (const t of report.after.types) expect(Math.abs(t.balance), t.type).toBeLessThanOrEqual(0.01);
    expect(report.after.maxImbalance).toBeLessThan(report.before.maxImbalance / 10);
    expect(row(report.after, "poison")).toMatchObject({ immune: 0, resistant: 38, vulnerable: 38, meanMultiplier: 1 });
    expect(row(report.after, "radiant")).toMatchObject({ resistant: 30, vulnerable: 30 });
    expect(report.retrofitted).toBe(126);
  });

  it("per creature type: what each resists and is vulnerable to", () => {
    const undead = report.creatureTypes.find((t) => t.type === "undead")!;
    expect(undead).toEqual({ type: "undead", count: 30, resist: { necrotic: 30, poison: 30 }, vulnerable: { radiant: 30 } });
  });

  it("the multiplier follows the profile: tags-and-guard ignores 4E resistances", () => {
    const other = buildReport(population(OLD_RULES), { profile: profile("tags-and-guard") });
    expect(row(other.before, "radiant").meanMultiplier).toBe(1);
    expect(row(other.before, "poison").meanMultiplier).toBe(0.85); // type immunity still counts
  });

  it("refuses an amount that is not a whole number >= 1, naming it", () => {
    expect(() => buildReport([], { profile: profile("revised-4e"), amount: 0 })).toThrow(/^amount:/);
    expect(buildReport([], { profile: profile("revised-4e") }).before.maxImbalance).toBe(0);
  });
});

describe("retrofit", () => {
  it("replaces the imported Undead poison immunity and necrotic resistance (001 'instead of immunity'; not Shadow), keeps a GM's own entry", () => {
    const defenses = defensesSchema.parse({
      immunities: [{ type: "poison", template: "import.dnd5e" }],
      resistances: [{ type: "necrotic", template: "import.dnd5e" }, { type: "necrotic", limit: 5 }],
    });
    const after = retrofit(defenses, { groups: ["undead"] });
    expect(after.immunities).toEqual([]);
    expect(after.resistances).toEqual([{ type: "necrotic", limit: 5 }, { type: "poison", template: "type.undead" }]);
    expect(after.vulnerabilities).toEqual([{ type: "radiant", template: "type.undead" }]);
    const shadow = retrofit(defenses, { groups: ["undead", "shadow"] });
    expect(shadow.resistances.map((r) => [r.type, r.template])).toContainEqual(["necrotic", "type.shadow"]);
  });

  it("maps dnd5e and 4E words to 001's groups; no template leaves the defenses as they are", () => {
    expect(templatesFor({ groups: ["aberration", "celestial", "devil", "beast"] })).toEqual(["type.immortal", "type.aberrant", "type.devil"]);
    const d = defensesSchema.parse({});
    expect(retrofit(d, { groups: ["beast"] })).toBe(d);
  });
});

describe("roles", () => {
  it("mean Fortitude / Reflex / Will relative to level + 12, beside the role table", () => {
    const pop = population([
      { count: 3, type: "humanoid", role: "brute", level: 5, defenses: { fortitude: 19, reflex: 16, will: 17 } },
      { count: 1, type: "humanoid", role: "brute", level: 5, defenses: { fortitude: 17, reflex: 16, will: 17 } },
      { count: 2, type: "humanoid", role: "soldier" },
    ]);
    const { roles } = buildReport(pop, { profile: profile("revised-4e") });
    expect(roles).toEqual([
      { role: "soldier", count: 2, measured: 0, mean: { fortitude: 0, reflex: 0, will: 0 }, expected: { fortitude: 1, reflex: 0, will: 0 } },
      { role: "brute", count: 4, measured: 4, mean: { fortitude: 1.5, reflex: -1, will: 0 }, expected: { fortitude: 1, reflex: -1, will: 0 } },
    ]);
  });
});
