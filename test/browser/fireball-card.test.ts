/**
 * The card of an 11-target Fireball in a dnd5e world with every default
 * (the `dnd5e` profile, cards `hideNpc`): 2 player characters on the card
 * everyone reads, 9 NPCs on the GM part, 3 of the 11 saved (the damage
 * tray's ×½). Measured at the chat sidebar's 300 px, as a GM sees it (the
 * card and its GM part), in both languages and themes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { HitTarget } from "./harness/hit-card.ts";
import { artifactPath, axeFindings, useBrowser } from "./support.ts";

const session = useBrowser();

const fire = (saved: boolean) => ({ parts: [{ amount: 27, types: ["fire"] }], label: "Fireball", ...(saved ? { dnd5e: { multiplier: 0.5 } } : {}) });
const hp = (value: number, max = value) => ({ resources: { hp: { value, max } } });
const goblin = (saved = false): HitTarget => ({ name: "Goblin", defender: hp(7), event: fire(saved) });

/** The Fireball's 11 targets: 2 PCs (one saved), 9 NPCs (a goblin and a fire-resistant ogre saved). */
export const FIREBALL: HitTarget[] = [
  { name: "Aria Windrider", pc: true, defender: hp(38), event: fire(false) },
  { name: "Borin Stonefist", pc: true, defender: hp(45), event: fire(true) },
  goblin(), goblin(), goblin(), goblin(),
  goblin(true),
  { name: "Ogre", defender: { ...hp(59), dnd5e: { dr: { value: ["fire"] } } }, event: fire(true) },
  { name: "Orc", defender: hp(15), event: fire(false) },
  { name: "Orc", defender: hp(15), event: fire(false) },
  { name: "Bugbear", defender: hp(27), event: fire(false) },
];

/**
 * The cards' height before the compact card, measured by this file's
 * `fireball()` on the card as it was (commit "test: the 11-target Fireball's
 * card…", light theme): 254 + 777 px in English, 272 + 795 px in German.
 */
const BEFORE = { en: 254 + 777, de: 272 + 795 } as const;

/** The hit's messages drawn at 300 px; their cards' heights in CSS px. */
async function fireball(theme: "light" | "dark", lang: "en" | "de"): Promise<{ page: Page; heights: number[] }> {
  const page = await session.open(theme, lang);
  await page.evaluate(() => (document.querySelector<HTMLElement>("#card")!.style.width = "300px"));
  const count = await page.evaluate((targets) => window.harness.renderHit("#card", targets, { profile: "dnd5e", visibility: "hideNpc", worldProfile: "dnd5e" }), FIREBALL);
  expect(count).toBe(2);
  const heights = await page.locator("#card .damage-chain-card").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height));
  return { page, heights };
}

/** What a sighted reader sees of the line (or element) `selector` of the `n`th message: screen-reader words left out, spaces collapsed. */
const seen = (page: Page, n: number, selector: string) =>
  page.locator("#card .message").nth(n).locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const sr of copy.querySelectorAll(".damage-chain-sr")) sr.remove();
      return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
    }),
  );

describe("the 11-target Fireball's card", () => {
  it("is at most half as tall as before at 300 px (card + GM part), in both languages and themes", async () => {
    for (const lang of ["en", "de"] as const) {
      for (const theme of ["light", "dark"] as const) {
        const { page, heights } = await fireball(theme, lang);
        const total = Math.ceil(heights.reduce((a, b) => a + b, 0));
        expect(total, `Fireball card ${lang} ${theme}: ${heights.map(Math.ceil).join(" + ")} = ${total} px (before: ${BEFORE[lang]} px)`).toBeLessThanOrEqual(BEFORE[lang] / 2);
        await page.locator("#card").screenshot({ path: artifactPath(`fireball-card-300-${lang}-${theme}.png`) });
        // Opened, every line shows its steps, HP and explanation.
        await page.evaluate(() => document.querySelectorAll("#card details").forEach((d) => ((d as HTMLDetailsElement).open = true)));
        await page.locator("#card").screenshot({ path: artifactPath(`fireball-card-300-${lang}-${theme}-open.png`) });
      }
    }
  });

  it("reads: no profile named, the two PCs as rows, the NPCs one line each, identical ones shared, the save apart from resistance", async () => {
    const { page } = await fireball("light", "en");
    expect(await page.locator("#card").innerText()).not.toMatch(/Profile|Rules used|dnd5e 5/);
    expect(await seen(page, 0, ".damage-chain-card__line")).toEqual(["Aria Windrider 27 → 27", "Borin Stonefist 27 → 13"]);
    expect(await seen(page, 0, ".damage-chain-card__hp")).toEqual(["HP 38 → 11", "HP 45 → 32"]);
    expect(await seen(page, 0, "summary .damage-chain-card__chain")).toEqual(["Saved ×½ → 13"]);
    expect(await seen(page, 1, ".damage-chain-card__line")).toEqual(["Goblin ×4 27 → 27 (7 HP lost) down", "Goblin 27 → 13 (7 HP lost) down", "Ogre 27 → 6", "Orc ×2 27 → 27 (15 HP lost) down", "Bugbear 27 → 27 down"]);
    expect(await seen(page, 1, ".damage-chain-card__steps-line")).toEqual(["Saved ×½ → 13", "Saved ×½ → 13, Resist Fire → 6"]);
    expect(await seen(page, 1, ".damage-chain-card__hp")).toEqual(["HP 7 → 0", "HP 7 → 0", "HP 59 → 53", "HP 15 → 0", "HP 27 → 0"]);
    expect(await page.locator("#card").innerText()).not.toContain("Resistance, vulnerability, multiplier");
    // A screen reader hears each line's figures in words.
    const spoken = await page.locator("#card .message").nth(1).locator(".damage-chain-card__line").nth(2).evaluate((el) => {
      const walk = (n: Node): string => (n.nodeType === 3 ? n.textContent ?? "" : (n as Element).getAttribute("aria-hidden") === "true" ? "" : [...n.childNodes].map(walk).join(""));
      return walk(el).replace(/\s+/g, " ").replace(/ ,/g, ",").trim();
    });
    expect(spoken).toBe("Ogre incoming 27, dealt 6, HP 59 to 53");
  });

  it("has no serious or critical axe-core violation, closed and opened, in both themes and languages", async () => {
    for (const lang of ["en", "de"] as const) {
      for (const theme of ["light", "dark"] as const) {
        const { page } = await fireball(theme, lang);
        expect(await axeFindings(page, "#card"), `${lang} ${theme}`).toEqual([]);
        await page.evaluate(() => document.querySelectorAll("#card details").forEach((d) => ((d as HTMLDetailsElement).open = true)));
        expect(await axeFindings(page, "#card"), `${lang} ${theme} opened`).toEqual([]);
      }
    }
  });
});
