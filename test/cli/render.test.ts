/**
 * Rendering without a child process: lang placeholders, colour on a TTY and
 * none without, and the wrapping of long explanations to the terminal width.
 */
import { describe, expect, it } from "vitest";
import { loadEnglish, translator } from "../../src/cli/i18n.ts";
import { renderTable } from "../../src/cli/render-table.ts";
import { parseScenario, runScenario } from "../../src/core/scenario.ts";

describe("translator", () => {
  const t = translator({ A: { B: "Resist {value} {type}: {value}!", C: "plain" } });
  it("fills every {param} and leaves unknown placeholders as written", () => {
    expect(t.format("A.B", { value: 10, type: "Fire" })).toBe("Resist 10 Fire: 10!");
    expect(t.format("A.B", { value: 10 })).toBe("Resist 10 {type}: 10!");
  });
  it("returns an unknown key itself, as Foundry does", () => {
    expect(t.format("A.Missing")).toBe("A.Missing");
    expect(t.has("A.C")).toBe(true);
    expect(t.has("A")).toBe(false);
  });
  it("loads lang/en.json with every trace step name", () => {
    const en = loadEnglish();
    expect(en.format("DAMAGECHAIN.Step.damageShell")).toBe("Damage Shell");
  });
});

/** The escape character that starts every ANSI colour code. */
const ESC = String.fromCharCode(27);

describe("renderTable", () => {
  const parsed = parseScenario({
    profile: "revised-4e",
    defender: { resources: { hp: { value: 30 } }, defenses: { resistances: [{ type: "fire", limit: 5, label: "Resist 5 Fire" }] } },
    events: [{ label: "Torch", hit: { parts: [{ amount: 12, types: ["fire"] }] } }],
  });
  if (!parsed.ok) throw new Error("test scenario invalid");
  const { hits } = runScenario(parsed.value);
  const t = loadEnglish();

  it("uses ANSI colours only when asked", () => {
    expect(renderTable(hits, t, { color: true })).toContain(`${ESC}[32m12 → 7${ESC}[39m`);
    expect(renderTable(hits, t, { color: false })).not.toContain(ESC);
  });

  it("keeps every line within the terminal width when it is known", () => {
    const narrow = renderTable(hits, t, { color: false, columns: 80 });
    for (const line of narrow.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect(narrow).toContain("Final damage: 7 (of 12)");
  });
});
