/**
 * The compact Defenses tab: the sample Undead of the
 * compendium (Grave Wraith, `packs-src/sample-creatures/revised-4e.yml`),
 * read-only, at 560 px wide, is at most half as tall as the 2,500 px it
 * measured before: empty sections are hidden, hints sit in tooltips and the
 * seed numbers are out of the titles. In edit mode, at 800 px wide, it is at
 * most 1,250 px tall (2,113 px before): the preview box starts
 * folded, a section's rows read as a table under the first row's labels, and
 * a row's "More" sits at the end of its line.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { useBrowser } from "./support.ts";

const session = useBrowser();
const wraith = parse(readFileSync(new URL("../../packs-src/sample-creatures/revised-4e.yml", import.meta.url), "utf8")) as { name: string; system: { attributes: { hp: { value: number; max: number } } }; flags: { "damage-chain": { defenses: DefenderInput["defenses"]; traits: string[] } } };

/** The Grave Wraith as the tab reads it. */
const undead = (): DefenderInput => ({ name: wraith.name, traits: wraith.flags["damage-chain"].traits, resources: { hp: wraith.system.attributes.hp }, defenses: wraith.flags["damage-chain"].defenses });

describe("the compact Defenses tab", () => {
  for (const language of ["en", "de"] as const) {
    it(`the sample Undead, read-only at 560 px (${language}), is at most 1,250 px tall, and shows no empty section`, async () => {
      const page = await session.open("light", language);
      await page.evaluate(() => (document.querySelector<HTMLElement>(".window-content")!.style.width = "560px"));
      await page.evaluate((o) => window.harness.mount("#tab", o), { defender: undead(), editable: false });
      await page.evaluate(() => window.harness.settled());
      const height = await page.evaluate(() => document.querySelector<HTMLElement>("#tab")!.getBoundingClientRect().height);
      expect(height, `sample Undead, read-only, 560 px, ${language}: ${Math.round(height)} px`).toBeLessThanOrEqual(1250);
      expect(await page.locator(".damage-chain-section--empty").count()).toBe(0);
      expect(await page.locator("p.damage-chain-section__hint").count()).toBe(0);
      // Types read as their labels, not ids.
      const values = await page.locator(".damage-chain-field--type .damage-chain-field__value").allTextContents();
      expect(values).toContain(language === "en" ? "Necrotic" : "Nekrotisch");
      expect(values).not.toContain("necrotic");
    });

    it(`the sample Undead, in edit mode at 800 px (${language}), is at most 1,250 px tall, its preview folded`, async () => {
      const page = await session.open("light", language);
      await page.evaluate(() => (document.querySelector<HTMLElement>(".window-content")!.style.width = "800px"));
      await page.evaluate((o) => window.harness.mount("#tab", o), { defender: undead(), editable: true });
      await page.evaluate(() => window.harness.settled());
      const height = await page.evaluate(() => document.querySelector<HTMLElement>("#tab")!.getBoundingClientRect().height);
      expect(height, `sample Undead, edit, 800 px, ${language}: ${Math.round(height)} px`).toBeLessThanOrEqual(1250);
      expect(await page.locator("details[data-preview]").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      // Every row still offers its fields, each named for a screen reader (the first row's labels head the columns).
      const resistances = page.locator('[data-row][data-list="resistances"]');
      expect(await resistances.count()).toBe(4);
      expect(await resistances.nth(3).getByLabel("Limit", { exact: true }).count()).toBe(1); // "Limit" in both languages
    });
  }
});
