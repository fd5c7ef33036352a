/**
 * What the Defenses tab's browser tests share (`defenses-tab.test.ts`,
 * `defenses-tab-editing.test.ts`): a GM's defender, the rules core's own
 * answer for a preview, the English lang file, and mounting the tab in a
 * Chromium page.
 */
import type { Page } from "playwright-core";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { readLang, useBrowser } from "./support.ts";

export const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;

/** What the core says 20 fire does to `defender`. */
export function expectedFinal(defender: DefenderInput, amount = 20, types = ["fire"], traits: string[] = []): number {
  const event = damageEventSchema.parse({ parts: [{ amount, types }], traits });
  return resolve({ event, defender: defenderSchema.parse(defender), profile, random: seededRandom(1), now: 0 }).final;
}

export const lang = readLang("en") as {
  DAMAGECHAIN: { Validation: Record<string, string>; Sheet: { Error: Record<string, string>; Section: Record<string, string>; Kind: Record<string, string> }; Warning: Record<string, string>; Type: Record<string, string> };
};

export const GM_DEFENDER: DefenderInput = {
  name: "Ghoul",
  resources: { hp: { value: 40, max: 40 }, guard: { value: 5 } },
  defenses: {
    immunities: [{ tag: "fear" }],
    vulnerabilities: [{ type: "radiant", template: "type.undead" }],
    resistances: [{ type: "poison", template: "type.undead" }],
    shells: [{ id: "s1", value: 10, label: "Last stand" }],
    prevention: [{ kind: "oneTime", id: "ward", uses: 2, label: "Spirit ward" }],
  },
  state: { roundLifeLost: 7, conditions: ["slowed"], shellCooldowns: { s1: 90_000 }, oneTimeUses: { ward: 1 } },
};

/** Mounting the tab: a browser for the calling test file (`useBrowser`, so call it at the file's top level), and `mounted` to open a page with the tab in it. */
export function useDefensesTab(): { mounted: (theme: "light" | "dark", options: { defender: DefenderInput; editable: boolean; mapped?: Record<string, string>; dnd5eActor?: unknown }, language?: "en" | "de") => Promise<Page> } {
  const session = useBrowser();
  return {
    async mounted(theme, options, language = "en") {
      const page = await session.open(theme, language);
      await page.evaluate((o) => window.harness.mount("#tab", o), options);
      await page.evaluate(() => window.harness.settled());
      return page;
    },
  };
}

export const settle = (page: Page) => page.evaluate(() => window.harness.settled());
/** Add a row to an empty section through the "Add defense" menu (a section with rows has its own Add button). */
export async function addDefense(page: Page, list: string): Promise<void> {
  await page.locator("[data-add-list]").selectOption(list);
  await page.click('[data-dc-action="addList"]');
}
export const finalShown = async (page: Page) => Number(await page.locator("[data-preview-final]").textContent());
