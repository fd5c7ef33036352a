/**
 * The chat card in headless Chromium: `templates/chat-card.hbs` rendered from
 * the adapter's real `cardData` for hits resolved by the real chain, with the
 * real compiled CSS, in the light and the dark theme, in English and German,
 * at the chat sidebar's width (300 px). Checks each row's layout (no figure
 * wraps, no step runs past the card), what a screen reader reads, and
 * axe-core's serious and critical findings; screenshots go to artifacts/.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema, type DamageEventInput } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { artifactPath, axeFindings, readLang, useBrowser } from "./support.ts";

const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
const ghoul: DefenderInput = { resources: { hp: { value: 30, max: 30 } }, defenses: { resistances: [{ type: "poison" }], vulnerabilities: [{ type: "radiant", limit: 5 }] } };
const wisp: DefenderInput = { resources: { hp: { value: 12, max: 12 } }, defenses: { immunities: [{ type: "poison" }] } };
const knight: DefenderInput = {
  resources: { hp: { value: 1234, max: 1500 } },
  defenses: { resistances: [{ type: "poison", limit: 5, label: "Amulet of the ever-vigilant wardens" }, { type: "necrotic", limit: 1000 }], vulnerabilities: [{ type: "radiant", limit: 3 }] },
};
const hit: DamageEventInput = { parts: [{ amount: 17, types: ["poison"] }], traits: ["attack"] };
const big: DamageEventInput = { parts: [{ amount: 1017, types: ["poison"] }, { amount: 999, types: ["necrotic"] }, { amount: 40, types: ["radiant"] }] };
type Lang = { DAMAGECHAIN: { Step: Record<string, string>; Strip: Record<string, string>; Card: Record<string, string> } };

const finalOf = (d: DefenderInput, e: DamageEventInput = hit) => resolve({ event: damageEventSchema.parse(e), defender: defenderSchema.parse(d), profile, random: seededRandom(1), now: 0 }).final;

const session = useBrowser();

/** The text a sighted reader sees in `selector` (screen-reader-only words left out). */
const seen = (page: Page, row: number, selector: string) =>
  page.locator(".damage-chain-card__target").nth(row).locator(selector).first().evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const sr of copy.querySelectorAll(".damage-chain-sr")) sr.remove();
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  });

/** The card for the three targets at the chat sidebar's width. */
async function card(theme: "light" | "dark", lang: "en" | "de"): Promise<Page> {
  const page = await session.open(theme, lang);
  await page.evaluate(() => (document.querySelector<HTMLElement>("#card")!.style.width = "300px"));
  await page.evaluate((targets) => window.harness.renderCard("#card", targets), [
    { name: "Ghoul", defender: ghoul, event: hit },
    { name: "Wisp", defender: wisp, event: hit },
    { name: "Knight-Commander of the Ashen Gate", defender: knight, event: big },
  ]);
  return page;
}

/** Layout faults of the rows: a figure on two lines, or a step past the card's right edge. */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const figures = document.querySelectorAll<HTMLElement>(".damage-chain-card__result, .damage-chain-card__figures, .damage-chain-card__after");
    for (const el of figures) {
      const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) faults.push(`wraps: ${el.textContent}`);
    }
    const right = document.querySelector("#card")!.getBoundingClientRect().right + 0.5;
    for (const step of document.querySelectorAll<HTMLElement>(".damage-chain-card__link")) {
      if (step.getBoundingClientRect().right > right) faults.push(`overflows: ${step.textContent}`);
      const lines = new Set([...step.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) faults.push(`step wraps: ${step.textContent}`);
    }
    return faults;
  });
}

describe("chat card", () => {
  for (const lang of ["en", "de"] as const) {
    it(`draws each target's chain at 300 px without wrapping a figure (${lang}), in both themes`, async () => {
      const t = readLang(lang) as Lang;
      for (const theme of ["light", "dark"] as const) {
        const page = await card(theme, lang);
        // The summary in the reader's language: type and trait labels, not ids.
        expect((await page.locator(".damage-chain-card__summary").textContent())?.trim()).toBe(lang === "en" ? "17 Poison (Attack)" : "17 Gift (Angriff)");
        const targets = page.locator(".damage-chain-card__target");
        expect(await targets.count()).toBe(3);
        expect(await targets.nth(0).locator(".damage-chain-card__name").textContent()).toBe("Ghoul");
        expect(await seen(page, 0, ".damage-chain-card__in")).toBe("17");
        expect(await seen(page, 0, ".damage-chain-card__out")).toBe(String(finalOf(ghoul)));
        expect(await seen(page, 0, ".damage-chain-card__figures")).toBe(`30 → ${30 - finalOf(ghoul)}`);
        // Immune: prevented, "No Effect", no HP line.
        expect(await targets.nth(1).locator(".damage-chain-card__result").innerText()).toBe(t.DAMAGECHAIN.Card.NoEffect);
        expect(await targets.nth(1).locator(".damage-chain-card__hp").count()).toBe(0);
        expect(await targets.nth(2).locator(".damage-chain-card__link").count()).toBeGreaterThanOrEqual(1);
        expect(await seen(page, 2, ".damage-chain-card__out")).toBe(String(finalOf(knight, big)));
        expect(await layoutFaults(page)).toEqual([]);
        expect(await page.locator("#card").innerText()).not.toContain("DAMAGECHAIN.");
        // What a screen reader gets: the row's figures in words, arrows hidden.
        const spoken = await targets.nth(0).locator(".damage-chain-card__result").evaluate((el) => {
          const walk = (n: Node): string => (n.nodeType === 3 ? n.textContent ?? "" : (n as Element).getAttribute("aria-hidden") === "true" ? "" : [...n.childNodes].map(walk).join(""));
          return walk(el).replace(/\s+/g, " ").trim();
        });
        expect(spoken).toBe(`${t.DAMAGECHAIN.Strip.Incoming} 17, ${t.DAMAGECHAIN.Strip.Dealt} ${finalOf(ghoul)}`);
        expect(spoken).not.toContain("→");
        await page.locator(".damage-chain-card__detail").first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
        await page.locator("#card").screenshot({ path: artifactPath(`chat-card-300-${lang}-${theme}.png`) });
      }
    });
  }

  it("has no serious or critical axe-core violation, in both themes and languages", async () => {
    for (const lang of ["en", "de"] as const) {
      for (const theme of ["light", "dark"] as const) {
        const page = await card(theme, lang);
        const found = await axeFindings(page, "#card");
        expect(found, `${lang} ${theme}`).toEqual([]);
      }
    }
  });
});
