/**
 * The GM's Bestiary window content (`src/foundry/apps/bestiary/view.ts`) in
 * headless Chromium: the report of a generated bestiary with its three
 * Chart.js charts drawn, the retrofit form and a per-actor preview, every
 * text from the lang file. A screenshot goes to artifacts/.
 */
import { describe, expect, it } from "vitest";
import { buildReport } from "../../src/core/bestiary/report.ts";
import { planRetrofit } from "../../src/core/bestiary/retrofit-plan.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import type { BestiaryViewData } from "../../src/foundry/apps/bestiary/view.ts";
import { OLD_RULES, population } from "../core/population.ts";
import { artifactPath, axeFindings, useBrowser } from "./support.ts";

const session = useBrowser();
const pop = population(OLD_RULES);
const report = buildReport(pop, { profile: BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")! });
const ghoul = pop[0]!;
const row = planRetrofit({ id: "a1", name: "Ghoul", doc: {}, stored: ghoul.defenses, creature: ghoul.creature }, { templates: true });

const data: BestiaryViewData = {
  report,
  packs: [{ value: "world.monsters", label: "Monsters", selected: true }],
  folders: [{ value: "f1", label: "Crypt", selected: true }],
  creatureTypes: [{ value: "undead", label: "undead", selected: false }],
  roles: [],
  importSystem: "dnd5e",
  doImport: true,
  doTemplates: true,
  preview: { rows: [row], skipped: ["Broken"] },
  canUndo: true,
};

describe("Bestiary window", () => {
  it("renders the report with its three charts drawn, the retrofit form and the preview", async () => {
    const page = await session.open("light");
    const charts = await page.evaluate((d) => window.harness.renderBestiary("#card", d), data);
    expect(charts).toBe(3);
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLCanvasElement>("canvas[data-chart]")].map((c) => {
        const px = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        let blue = 0;
        for (let i = 0; i < px.length; i += 4) if (px[i] === 0x4e && px[i + 1] === 0x79 && px[i + 2] === 0xa7) blue++;
        return blue;
      }),
    );
    expect(drawn).toHaveLength(3);
    for (const n of drawn) expect(n).toBeGreaterThan(50);
    const text = (await page.locator("#card").textContent()) ?? "";
    expect(text).toContain("200 creatures, profile revised-4e");
    expect(text).toContain("Strongest for an attacker: Radiant now");
    expect(text).not.toContain("DAMAGECHAIN.");
    expect(await page.locator('select[name="folder"] option:checked').textContent()).toBe("Crypt");
    expect(await page.locator('input[name="doImport"]').isChecked()).toBe(true);
    const preview = await page.locator("table").last().locator("tbody tr").first().locator("td").allTextContents();
    expect(preview).toEqual(["Ghoul", "Undead", String(row.added), String(row.removed)]);
    expect(text).toContain("Left out, their Damage Chain data cannot be read: Broken");
    await page.screenshot({ path: artifactPath("bestiary-window.png"), fullPage: true });
  });
});

describe("Bestiary window accessibility", () => {
  it("has no serious or critical axe-core violation, in both themes and languages", async () => {
    for (const lang of ["en", "de"] as const) {
      for (const theme of ["light", "dark"] as const) {
        const page = await session.open(theme, lang);
        await page.evaluate((d) => window.harness.renderBestiary("#card", d), data);
        const found = await axeFindings(page, "#card");
        expect(found, `${lang} ${theme}`).toEqual([]);
      }
    }
  });
});
