/**
 * The CLI's translator (`src/cli/i18n.ts`) finds a key however the lang file
 * nests it, and nothing that is not a string of the file.
 */
import { describe, expect, it } from "vitest";
import { loadEnglish, translator } from "../../src/cli/i18n.ts";

describe("translator", () => {
  const t = translator({ A: { B: { C: "nested {n}" }, "D.E": "dotted inside" }, "F.G": { H: "dotted outside" }, "I.J": "flat", K: { "I.J": "deep flat" } });

  it("finds nested, dotted and mixed keys and fills placeholders", () => {
    expect(t.format("A.B.C", { n: 3 })).toBe("nested 3");
    expect(t.format("A.D.E")).toBe("dotted inside");
    expect(t.format("F.G.H")).toBe("dotted outside");
    expect(t.format("I.J")).toBe("flat");
    expect(t.format("K.I.J")).toBe("deep flat");
    expect(t.has("A.B.C")).toBe(true);
  });

  it("returns an unknown key as it is, and finds no objects or inherited properties", () => {
    for (const key of ["A.B", "A", "A.B.C.D", "A.X", "constructor", "A.constructor", "__proto__", "A.__proto__.x", "toString", ""]) {
      expect(t.format(key)).toBe(key);
      expect(t.has(key)).toBe(false);
    }
  });

  it("reads the module's English file", () => {
    const en = loadEnglish();
    expect(en.has("DAMAGECHAIN.Cli.Profile")).toBe(true);
    expect(en.format("DAMAGECHAIN.Cli.Profile", { id: "x", name: "y" })).toContain("x");
  });
});
