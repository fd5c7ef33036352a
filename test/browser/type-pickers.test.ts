/**
 * The compact type pickers of the Defenses tab: a prevention's
 * types, a defense's "ignored by" and the preview's types are Foundry's
 * `<multi-select>` (modelled in the page by `harness/multi-select.ts`). Shown
 * in both themes and languages with every picker unfolded, axe-core finds no
 * serious or critical violation, and each chosen value reads as a chip.
 * Screenshots go to artifacts/ (not committed).
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { artifactPath, axeFindings, useBrowser } from "./support.ts";

const session = useBrowser();
const warded: DefenderInput = {
  name: "Ember Champion",
  resources: { hp: { value: 30, max: 30 } },
  defenses: { prevention: [{ kind: "ongoing", types: ["fire", "cold"], ignoredBy: ["magical"], label: "Ember ward" }], resistances: [{ type: "poison", limit: 5 }] },
};

describe("the type pickers", () => {
  it("keep one width whatever is chosen, so a later row's fields stay under the first row's labels", async () => {
    const page = await session.open("light", "de");
    await page.evaluate(() => (document.querySelector<HTMLElement>(".window-content")!.style.width = "800px"));
    const rows: DefenderInput = { defenses: { prevention: [{ kind: "ongoing", types: ["acid", "cold", "fire"] }, { kind: "oneTime", uses: 1 }, { kind: "ongoing", types: ["necrotic"] }] } };
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender: rows, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    const lefts = await page.locator('[data-row][data-list="prevention"] [data-field="tags"]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(lefts).toHaveLength(3);
    expect(new Set(lefts).size).toBe(1);
    await page.locator('[data-section="prevention"]').screenshot({ path: artifactPath("type-pickers-rows-de.png") });
  });


  for (const lang of ["en", "de"] as const) {
    for (const theme of ["light", "dark"] as const) {
      it(`show the chosen types as chips, with a named select, and axe finds nothing serious (${lang}, ${theme})`, async () => {
        const page = await session.open(theme, lang);
        await page.evaluate((o) => window.harness.mount("#tab", o), { defender: warded, editable: true, now: 0 });
        await page.evaluate(() => window.harness.settled());
        await page.locator("details[data-preview] > summary").click();
        await page.locator('[data-row][data-list="prevention"] details.damage-chain-row__more > summary').click();
        await page.evaluate(() => window.harness.settled());
        const pickers = page.locator("#tab multi-select");
        expect(await pickers.count()).toBe(6); // the prevention's types, its and the resistance's "ignored by" and "only with", the preview's types
        expect(await page.locator('#tab multi-select[data-field="onlyWith"]').count()).toBe(2);
        const chips = (selector: string) => page.locator(`${selector} .tag`).allTextContents();
        expect(await chips('[data-row][data-list="prevention"] multi-select[data-field="types"]')).toEqual(lang === "en" ? ["Cold", "Fire"] : ["Kälte", "Feuer"]);
        expect(await chips('[data-row][data-list="prevention"] multi-select[data-field="ignoredBy"]')).toEqual([lang === "en" ? "Magical" : "Magisch"]);
        expect(await chips("multi-select[data-preview-types]")).toEqual([lang === "en" ? "Fire" : "Feuer"]);
        // Every picker's select has a name; every chip's remove button too.
        const unnamed = await pickers.evaluateAll((els) => els.flatMap((el) => [...el.querySelectorAll("select, [role=button]")].filter((c) => !c.getAttribute("aria-label")).map((c) => c.outerHTML)));
        expect(unnamed).toEqual([]);
        expect(await axeFindings(page, "#tab"), `${lang} ${theme}`).toEqual([]);
        await page.locator("#tab").screenshot({ path: artifactPath(`type-pickers-${lang}-${theme}.png`) });
      });
    }
  }
});
