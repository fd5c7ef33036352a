/**
 * The Defenses tab as a GM uses it: keyboard focus after
 * add, remove, move and reset stays on the row or moves to its neighbour
 * (never `<body>`); icon buttons draw their Font Awesome glyph; the preview
 * draws the hit with the chat card's chain strip.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { artifactPath, useBrowser } from "./support.ts";

const session = useBrowser();
const defender: DefenderInput = {
  defenses: { vulnerabilities: [{ type: "cold" }, { type: "acid", limit: 5 }, { type: "fire" }], shells: [{ id: "s1", value: 10 }] },
  state: { roundLifeLost: 7, shellCooldowns: { s1: 90_000 } },
};

/** Where the focus is: the row (list and index) and the element's action, field or state line. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (el === null || el === document.body) return "body";
    const row = el.closest<HTMLElement>("[data-row]");
    const where = row ? `${row.dataset.list}[${row.dataset.index}]` : (el.closest<HTMLElement>("[data-state]")?.dataset.state ?? el.tagName);
    return `${where} ${el.dataset.dcAction ?? el.dataset.field ?? ""}`.trim();
  });

describe("focus in the Defenses tab", () => {
  it("stays on the row or its neighbour after add, move, remove and reset", async () => {
    const page = await session.open("light", "en");
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    const click = async (selector: string) => {
      await page.locator(selector).focus();
      await page.keyboard.press("Enter");
      await page.evaluate(() => window.harness.settled());
    };
    const row = (i: number) => `[data-row][data-list="vulnerabilities"][data-index="${i}"]`;

    await click(`${row(1)} [data-dc-action="up"]`);
    expect(await focused(page)).toBe("vulnerabilities[0] down"); // moved to the top: its up button is disabled
    await click(`${row(0)} [data-dc-action="down"]`);
    expect(await focused(page)).toBe("vulnerabilities[1] down");
    await click(`${row(2)} [data-dc-action="remove"]`);
    expect(await focused(page)).toBe("vulnerabilities[1] remove"); // the last row gone: its neighbour above
    await click(`${row(0)} [data-dc-action="remove"]`);
    expect(await focused(page)).toBe("vulnerabilities[0] remove"); // the next row took its place
    await click('[data-section="vulnerabilities"] [data-dc-action="add"]');
    expect(await focused(page)).toBe("vulnerabilities[1] type"); // the new row's first field
    await click('[data-dc-action="reset"][data-reset="round"]');
    expect(await focused(page)).toBe("round");
  });
});

describe("icons", () => {
  it("icon buttons draw their Font Awesome glyph, as in Foundry", async () => {
    const page = await session.open("dark", "en");
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    const icon = await page.locator('[data-dc-action="remove"] i.fa-trash').first().evaluate((el) => {
      const style = getComputedStyle(el, "::before");
      return { family: style.fontFamily, content: style.content, width: el.getBoundingClientRect().width, loaded: document.fonts.check('900 16px "Font Awesome 6 Free"') };
    });
    expect(icon.family).toContain("Font Awesome 6 Free");
    expect(icon.content).not.toBe("none");
    expect(icon.loaded).toBe(true);
    expect(icon.width).toBeGreaterThan(4);
    await page.locator("#tab").screenshot({ path: artifactPath("defenses-tab-icons-dark.png") });
  });
});

describe("the tab's preview", () => {
  it("draws the hit with the chat card's chain strip", async () => {
    const page = await session.open("light", "en");
    const ward: DefenderInput = { resources: { hp: { value: 30, max: 30 } }, defenses: { resistances: [{ type: "fire", limit: 5, label: "Fire ward" }] } };
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender: ward, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    await page.locator("details[data-preview] > summary").click();
    await page.fill('[data-preview-field="amount"]', "12");
    // The hit's types in Foundry's <multi-select>: fire is chosen by default; take it out and pick it again.
    const types = page.locator("multi-select[data-preview-types]");
    await types.locator('.tag[data-key="fire"] .remove').click();
    await page.evaluate(() => window.harness.settled());
    expect(await types.evaluate((el) => (el as unknown as { value: string[] }).value)).toEqual([]);
    await types.locator("select").selectOption({ label: "Fire" });
    await page.evaluate(() => window.harness.settled());
    const strip = page.locator("[data-preview-result] .damage-chain-strip");
    expect((await strip.locator(".damage-chain-strip__chain").textContent())?.replace(/\s+/g, " ").trim()).toBe("incoming 12, ▸ Fire ward −5, ▸ dealt 7");
    expect((await strip.locator(".damage-chain-strip__resource").textContent())?.replace(/\s+/g, " ").trim()).toBe("HP 30 → to 23");
  });
});

describe("picking from lists", () => {
  it("a prevention's damage types and a defense's 'ignored by' are picked by label in Foundry's <multi-select>, and saved as ids in the list's order", async () => {
    const page = await session.open("light", "de");
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender: { defenses: { prevention: [{ kind: "ongoing" as const }] } }, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    const row = page.locator('[data-row][data-list="prevention"][data-index="0"]');
    // The picker's select is named after its field; picked Feuer, Kälte, Säure, then Kälte taken out by its chip's button.
    const types = row.getByRole("combobox", { name: "Arten", exact: true });
    for (const label of ["Feuer", "Kälte", "Säure"]) await types.selectOption({ label });
    await row.getByRole("button", { name: "Kälte entfernen", exact: true }).click();
    expect(await row.locator('multi-select[data-field="types"] .tag').allTextContents()).toEqual(["Feuer", "Säure"]);
    await row.locator("details.damage-chain-row__more summary").click();
    await row.locator('multi-select[data-field="ignoredBy"] select').selectOption({ label: "Magisch" });
    await page.evaluate(() => window.harness.settled());
    await page.click('[data-dc-action="save"]');
    await page.evaluate(() => window.harness.settled());
    const saved = (await page.evaluate(() => window.harness.log())).saved.at(-1);
    // Saved as the checkboxes saved them: ids, in the profile's order (acid before fire), none given: absent.
    expect(saved?.defenses.prevention).toMatchObject([{ kind: "ongoing", types: ["acid", "fire"], ignoredBy: ["magical"] }]);
  });

  it("a stored type the profile does not list stays chosen and is saved unchanged", async () => {
    const page = await session.open("dark", "en");
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender: { defenses: { prevention: [{ kind: "ongoing" as const, types: ["fire", "void"] }] } }, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    expect(await page.locator('multi-select[data-field="types"] .tag').evaluateAll((tags) => tags.map((t) => (t as HTMLElement).dataset.key))).toEqual(["fire", "void"]);
    await page.click('[data-dc-action="save"]');
    await page.evaluate(() => window.harness.settled());
    expect((await page.evaluate(() => window.harness.log())).saved.at(-1)?.defenses.prevention).toMatchObject([{ kind: "ongoing", types: ["fire", "void"] }]);
  });

  it("a chosen value is removed from the keyboard: its button is reached with Tab, Enter removes it, and the focus goes to the picker", async () => {
    const page = await session.open("light", "en");
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender: { defenses: { prevention: [{ kind: "ongoing" as const, types: ["cold", "fire"] }] } }, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    await page.getByRole("button", { name: "Remove Cold", exact: true }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove Fire");
    await page.keyboard.press("Enter");
    await page.evaluate(() => window.harness.settled());
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest("multi-select")?.getAttribute("data-field"))).toBe("types");
    expect(await page.evaluate(() => window.harness.draft()?.defenses.prevention)).toMatchObject([{ types: ["cold"] }]);
    // The remaining chip is named again after the redraw.
    expect(await page.getByRole("button", { name: "Remove Cold", exact: true }).count()).toBe(1);
  });
});
