/**
 * The Defenses tab in a dnd5e world: the actor's own dnd5e traits at the top
 * (as the dnd5e profile reads them), then only what the profile applies. The
 * profile's steps are given explicitly: the built-in dnd5e profile with the
 * chain's own links (prevention, negates, a ward pool, guard, damage limits
 * and shells, endurance, triggers). Screenshots go to artifacts/.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { artifactPath, axeFindings, useBrowser } from "./support.ts";

/** The dnd5e profile's steps with the chain's own links (each runs only when the actor has such defenses). */
const DND5E_STEPS = ["dnd5eImmunity", "prevention", "bdn", "dnd5eModification", "dnd5eResistance", "dnd5eThreshold", "midiDr", "fdn", "pools", "guard", "damageLimit", "damageShell", "endurance", "life", "triggers"];
/** The pf2e profile's, likewise. */
const PF2E_STEPS = ["immunity", "prevention", "bdn", "dv", "fdr", "fdn", "pools", "guard", "damageLimit", "damageShell", "endurance", "life", "triggers"];
/** The pools those steps take damage from: the ward (pools step), guard, HP (life). */
const RESOURCES = ["ward", "guard", "hp"];

/** An NPC of the SRD Ogre's shape (a giant of 59 HP) with the traits of the summary's example. */
const OGRE = {
  name: "Ogre",
  type: "npc",
  system: {
    attributes: { hp: { value: 59, max: 59, dt: 5 } },
    details: { type: { value: "giant" } },
    traits: { di: { value: ["poison"], bypasses: [] }, dr: { value: ["bludgeoning", "piercing", "slashing"], bypasses: ["mgc"] }, dv: { value: [], bypasses: [] }, dm: { amount: {}, bypasses: [] } },
  },
};

/** The Ogre as the tab reads it: a 12-point ward and a 30-per-round damage limit on top of dnd5e's rules. */
const OGRE_DEFENDER: DefenderInput = {
  name: "Ogre",
  resources: { hp: { value: 59, max: 59 }, ward: { value: 12, max: 12 } },
  defenses: { damageLimits: [{ value: 30, label: "Boss" }] },
};

const session = useBrowser();
const settle = (page: Page) => page.evaluate(() => window.harness.settled());

async function mountOgre(page: Page, o: { defender?: DefenderInput; steps?: string[]; language?: "en" | "de"; reading?: "profile" | "none"; profile?: string } = {}): Promise<void> {
  await page.evaluate((x) => window.harness.mount("#tab", x), {
    defender: o.defender ?? OGRE_DEFENDER,
    editable: true,
    profile: o.profile ?? "dnd5e",
    mapped: { hp: "system.attributes.hp.value" },
    dnd5eActor: OGRE,
    dnd5eSummary: { reading: o.reading ?? "profile" },
    steps: o.steps ?? DND5E_STEPS,
    resources: RESOURCES,
    system: o.profile === "pf2e" ? "pf2e" : "dnd5e",
    language: o.language ?? "en",
  });
  await settle(page);
}

const menuValues = (page: Page) => page.locator("[data-add-list] option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));

describe("the Defenses tab of a dnd5e NPC under the dnd5e profile", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const language of ["en", "de"] as const) {
      it(`shows the Ogre's dnd5e traits at the top, no 4E sections, its ward and damage limit; at most 900 px tall at 800 px, axe clean (${theme}, ${language})`, async () => {
        const page = await session.open(theme, language);
        await page.evaluate(() => (document.querySelector<HTMLElement>(".window-content")!.style.width = "800px"));
        await mountOgre(page, { language });
        const summary = (await page.locator("[data-system-traits]").textContent())?.trim();
        expect(summary).toBe(
          language === "en"
            ? "immune to Poison; resistant to Bludgeoning, Piercing, and Slashing from attacks that are not Magical; damage threshold 5"
            : "immun gegen Gift; resistent gegen Wucht, Stich und Hieb durch Angriffe, die nicht Magisch sind; Schadensschwelle 5",
        );
        expect(await page.locator(".damage-chain-system__text strong").textContent()).toBe(language === "en" ? "From dnd5e:" : "Aus dnd5e:");
        // No 4E or card-game parts under this profile.
        for (const gone of ["templates", "keywords", "roleDefenses", "resistances", "flat"]) expect(await page.locator(`[data-section="${gone}"]`).count()).toBe(0);
        expect(await page.locator("[data-traits]").count()).toBe(0);
        expect(await page.locator("[data-unused]").count()).toBe(0);
        // The chain's own defenses on top: the damage limit and the ward.
        expect(await page.locator('[data-row][data-list="damageLimits"]').count()).toBe(1);
        expect(await page.locator('[data-resource] [data-resource-field="key"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["ward"]);
        // "Add defense" offers what the profile applies, and nothing else.
        const menu = await menuValues(page);
        expect(menu).toEqual([
          "recipe:arcaneWard", "recipe:relentlessEndurance", "recipe:undeadFortitude", "recipe:uncannyDodge", "recipe:bossLimit", "recipe:bossShell", "recipe:spiritShield",
          "conditionImmunities", "prevention", "negates", "triggers", "shells", "endurance", "reactions", "resource:guard",
        ]);
        const height = await page.evaluate(() => document.querySelector<HTMLElement>("#tab")!.getBoundingClientRect().height);
        expect(height, `dnd5e Ogre, edit, 800 px, ${theme}, ${language}: ${Math.round(height)} px`).toBeLessThanOrEqual(900);
        expect(await axeFindings(page, "#tab")).toEqual([]);
        expect(await page.locator("#tab").innerText()).not.toContain("DAMAGECHAIN.");
        await page.screenshot({ path: artifactPath(`defenses-tab-dnd5e-ogre-${theme}-${language}.png`), fullPage: true });
      });
    }
  }

  it("opens dnd5e's own editors from the summary", async () => {
    const page = await session.open("light", "en");
    await mountOgre(page);
    await page.locator(".damage-chain-menu > summary").click();
    await page.getByRole("button", { name: "Resistances", exact: true }).click();
    await page.getByRole("button", { name: "Damage threshold (hit points)" }).click();
    expect((await page.evaluate(() => window.harness.log())).editors).toEqual(["dr", "dt"]);
  });

  it("adds a recipe through Add defense, recipes first: Relentless Endurance becomes an endurance row named after it, saved with its tag", async () => {
    const page = await session.open("light", "en");
    await mountOgre(page);
    expect((await menuValues(page))[0]).toBe("recipe:arcaneWard");
    await page.locator("[data-add-list]").selectOption("recipe:relentlessEndurance");
    await page.click('[data-dc-action="addList"]');
    await settle(page);
    expect(await page.locator('[data-row][data-list="endurance"]').count()).toBe(1);
    await page.click('[data-dc-action="save"]');
    await settle(page);
    const saved = (await page.evaluate(() => window.harness.log())).saved.at(-1) as unknown as { defenses: { endurance: Record<string, unknown>[] } };
    expect(saved.defenses.endurance).toEqual([{ id: "relentless-endurance", hp: 1, uses: 1, recharge: "longRest", label: "Relentless Endurance", template: "recipe.relentlessEndurance" }]);
  });

  it("the Arcane Ward recipe adds a 12-point ward pool", async () => {
    const page = await session.open("light", "en");
    await mountOgre(page, { defender: { name: "Wizard", resources: { hp: { value: 40, max: 40 } } } });
    await page.locator("[data-add-list]").selectOption("recipe:arcaneWard");
    await page.click('[data-dc-action="addList"]');
    await settle(page);
    expect(await page.locator('[data-resource] [data-resource-field="key"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["ward"]);
    expect(await page.locator('[data-resource] [data-resource-field="value"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["12"]);
  });

  it("adds a ward through Add defense, as a pool named ward", async () => {
    const page = await session.open("light", "en");
    await mountOgre(page, { defender: { name: "Ogre", resources: { hp: { value: 59, max: 59 } } } });
    expect(await menuValues(page)).toContain("resource:ward");
    await page.locator("[data-add-list]").selectOption("resource:ward");
    await page.click('[data-dc-action="addList"]');
    await settle(page);
    expect(await page.locator('[data-resource] [data-resource-field="key"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["ward"]);
    expect(await menuValues(page)).not.toContain("resource:ward");
  });

  it("keeps 4E entries, keywords and creature traits the profile does not read: folded, flagged, and saved unchanged", async () => {
    const page = await session.open("light", "en");
    const defender: DefenderInput = { ...OGRE_DEFENDER, traits: ["immortal"], defenses: { ...OGRE_DEFENDER.defenses, resistances: [{ type: "fire", limit: 5 }], keywords: ["swarm"] } };
    await mountOgre(page, { defender });
    const unused = page.locator("details[data-unused]");
    expect(await unused.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await unused.locator(":scope > summary").textContent()).toContain("Not used by this profile (3)");
    expect(await unused.locator('[data-section="resistances"] .damage-chain-chip').textContent()).toBe("not used by this profile");
    // Edit what the profile uses and save: what it does not use comes back as it was.
    await page.fill('[data-row][data-list="damageLimits"] [data-field="value"]', "25");
    await page.click('[data-dc-action="save"]');
    await settle(page);
    const saved = (await page.evaluate(() => window.harness.log())).saved.at(-1)!;
    expect(saved.defenses.damageLimits).toEqual([{ value: 25, label: "Boss" }]);
    expect(saved.defenses.resistances).toEqual([{ type: "fire", limit: 5 }]);
    expect(saved.defenses.keywords).toEqual(["swarm"]);
    expect(saved.traits).toEqual(["immortal"]);
  });

  it("under a profile that does not read dnd5e's traits, says so and offers the import instead of listing them", async () => {
    const page = await session.open("light", "en");
    await mountOgre(page, { profile: "revised-4e", steps: ["immunity", "resistance", "life", "triggers", "variableResistance"], reading: "none" });
    const text = await page.locator('[data-section="system-traits"]').innerText();
    expect(text).toContain("does not read dnd5e’s own damage traits");
    expect(await page.locator("[data-system-traits]").count()).toBe(0);
    expect(await page.locator('[data-dc-action="systemEditor"]').count()).toBe(0);
    expect(await page.locator('[data-section="system-traits"] [data-dc-action="importSystem"]').count()).toBe(1);
    // This profile is 001's: its templates, keywords and resistances are offered.
    expect(await page.locator('[data-section="templates"]').count()).toBe(1);
    expect(await page.locator('[data-section="keywords"]').count()).toBe(1);
    expect(await menuValues(page)).toContain("resistances");
  });
});

describe("the Defenses tab under the pf2e profile's steps", () => {
  it("offers flat reductions as FDR and DV only, a new row starting as FDR", async () => {
    const page = await session.open("light", "en");
    await page.evaluate((x) => window.harness.mount("#tab", x), { defender: { name: "Troll", resources: { hp: { value: 60 } } }, editable: true, profile: "pf2e", steps: PF2E_STEPS, resources: RESOURCES });
    await settle(page);
    await page.locator("[data-add-list]").selectOption("flat");
    await page.click('[data-dc-action="addList"]');
    await settle(page);
    const kind = page.locator('[data-row][data-list="flat"] [data-field="kind"]');
    expect(await kind.inputValue()).toBe("FDR");
    expect(await kind.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(["FDR", "DV"]);
  });
});
