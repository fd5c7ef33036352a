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
import { artifactPath, useBrowser } from "./support.ts";

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

/** The hit's messages drawn at 300 px; their cards' heights in CSS px. */
async function fireball(theme: "light" | "dark", lang: "en" | "de"): Promise<{ page: Page; heights: number[] }> {
  const page = await session.open(theme, lang);
  await page.evaluate(() => (document.querySelector<HTMLElement>("#card")!.style.width = "300px"));
  const count = await page.evaluate((targets) => window.harness.renderHit("#card", targets, { profile: "dnd5e", visibility: "hideNpc", worldProfile: "dnd5e" }), FIREBALL);
  expect(count).toBe(2);
  const heights = await page.locator("#card .damage-chain-card").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height));
  return { page, heights };
}

describe("the 11-target Fireball's card", () => {
  it("measures", async () => {
    for (const lang of ["en", "de"] as const) {
      const { page, heights } = await fireball("light", lang);
      console.log(lang, heights, heights.reduce((a, b) => a + b, 0));
      await page.locator("#card").screenshot({ path: artifactPath(`fireball-before-${lang}.png`) });
      await page.close();
    }
  });
});
