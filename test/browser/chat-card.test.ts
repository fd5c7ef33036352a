/**
 * The chat card in headless Chromium: `templates/chat-card.hbs` rendered from
 * the adapter's real `cardData` for hits resolved by the real chain, with the
 * real compiled CSS, in the light and the dark theme.
 */
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema, type DamageEventInput } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { artifactPath, readLang, useBrowser } from "./support.ts";

const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
const ghoul: DefenderInput = { resources: { hp: { value: 30, max: 30 } }, defenses: { resistances: [{ type: "poison" }], vulnerabilities: [{ type: "radiant", limit: 5 }] } };
const wisp: DefenderInput = { resources: { hp: { value: 12, max: 12 } }, defenses: { immunities: [{ type: "poison" }] } };
const hit: DamageEventInput = { parts: [{ amount: 17, types: ["poison"] }], traits: ["attack"] };
const lang = readLang("en") as { DAMAGECHAIN: { Step: Record<string, string> } };

const finalOf = (d: DefenderInput) => resolve({ event: damageEventSchema.parse(hit), defender: defenderSchema.parse(d), profile, random: seededRandom(1), now: 0 }).final;

const session = useBrowser();

describe("chat card", () => {
  it("shows each target's incoming and final damage, the steps and the resources, in both themes", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await session.open(theme);
      await page.evaluate((targets) => window.harness.renderCard("#card", targets), [
        { name: "Ghoul", defender: ghoul, event: hit },
        { name: "Wisp", defender: wisp, event: hit },
      ]);
      const targets = page.locator(".damage-chain-card__target");
      expect(await targets.count()).toBe(2);
      expect(await targets.nth(0).locator(".damage-chain-card__name").textContent()).toBe("Ghoul");
      expect(await targets.nth(0).locator(".damage-chain-card__result").textContent()).toBe(`17 → ${finalOf(ghoul)}`);
      expect(await targets.nth(0).locator(".damage-chain-card__step-name").allTextContents()).toContain(lang.DAMAGECHAIN.Step.resistance);
      expect(await targets.nth(0).locator(".damage-chain-card__resources").textContent()).toContain(`30 → ${30 - finalOf(ghoul)}`);
      // Immune: prevented, "No Effect", nothing taken.
      expect(finalOf(wisp)).toBe(0);
      expect(await targets.nth(1).locator(".damage-chain-card__result").getAttribute("class")).toContain("is-no-effect");
      expect(await targets.nth(1).locator(".damage-chain-card__resources").count()).toBe(0);
      expect(await page.locator("#card").innerText()).not.toContain("DAMAGECHAIN.");
      await page.locator(".damage-chain-card__detail").first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
      await page.locator("#card").screenshot({ path: artifactPath(`chat-card-${theme}.png`) });
      await page.close();
    }
  });
});
