/**
 * field-name: a problem's data path is written as the section, row and field
 * a GM knows from the Defenses tab, in the reader's language (no `flags.`,
 * no `defenses.x[1]`).
 */
import { describe, expect, it } from "vitest";
import { loadLanguage } from "../../src/cli/i18n.ts";
import { describeProblem, fieldName } from "../../src/core/field-name.ts";

const en = loadLanguage("en");
const de = loadLanguage("de");

describe("fieldName", () => {
  it("names the section, the row (from 1) and the field, without the storage prefix", () => {
    expect(fieldName("flags.damage-chain.defenses.resistances[2].limit", en)).toBe("Resistances, row 3, Limit");
    expect(fieldName("defender.defenses.shells[0].cooldown", en)).toBe("Damage Shells, row 1, Cooldown");
    expect(fieldName("flags.damage-chain.defenses.resistances[2].limit", de)).toBe("Resistenzen, Zeile 3, Limit");
  });

  it("the storage root alone is the data as a whole", () => {
    expect(fieldName("flags.damage-chain", en)).toBe("The data as a whole");
    expect(fieldName("flags.damage-chain.schemaVersion", en)).toBe("Data version");
  });

  it("a problem reads 'field: message', with no path left in it", () => {
    const text = describeProblem({ path: "flags.damage-chain.defenses.resistances[2].limit", message: "Must be a whole number." }, en);
    expect(text).toBe("Resistances, row 3, Limit: Must be a whole number.");
    expect(text).not.toMatch(/flags\.|defenses\.|\[\d+\]/);
  });
});
