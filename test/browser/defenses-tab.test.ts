/**
 * The Defenses tab in headless Chromium: rendered from the real templates
 * with the real compiled CSS, driven through the real controller. Expected
 * numbers come from the rules core, run here in Node on the same data.
 * Screenshots go to artifacts/ (not committed).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { SECTIONS } from "../../src/foundry/sheet/fields.ts";
import { artifactPath, readLang, useBrowser } from "./support.ts";

const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;

/** What the core says 20 fire does to `defender`. */
function expectedFinal(defender: DefenderInput, amount = 20, types = ["fire"], traits: string[] = []): number {
  const event = damageEventSchema.parse({ parts: [{ amount, types }], traits });
  return resolve({ event, defender: defenderSchema.parse(defender), profile, random: seededRandom(1), now: 0 }).final;
}

const lang = readLang("en") as {
  DAMAGECHAIN: { Validation: Record<string, string>; Sheet: { Error: Record<string, string>; Section: Record<string, string>; Kind: Record<string, string> }; Warning: Record<string, string>; Type: Record<string, string> };
};

const GM_DEFENDER: DefenderInput = {
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

const session = useBrowser();

async function mounted(theme: "light" | "dark", options: { defender: DefenderInput; editable: boolean; mapped?: Record<string, string>; dnd5eActor?: unknown }, language: "en" | "de" = "en"): Promise<Page> {
  const page = await session.open(theme, language);
  await page.evaluate((o) => window.harness.mount("#tab", o), options);
  await page.evaluate(() => window.harness.settled());
  return page;
}

const settle = (page: Page) => page.evaluate(() => window.harness.settled());
/** Add a row to an empty section through the "Add defense" menu (a section with rows has its own Add button). */
async function addDefense(page: Page, list: string): Promise<void> {
  await page.locator("[data-add-list]").selectOption(list);
  await page.click('[data-dc-action="addList"]');
}
const finalShown = async (page: Page) => Number(await page.locator("[data-preview-final]").textContent());

describe("Defenses tab, GM view", () => {
  it("renders every section, the preview, templates, resources and state", async () => {
    const page = await mounted("light", { defender: GM_DEFENDER, editable: true, mapped: { hp: "system.attributes.hp.value" } });
    // A section with rows is shown; an empty one is offered in the "Add defense" menu.
    const menu = await page.locator("[data-add-list] option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    for (const s of SECTIONS) {
      if (menu.includes(s.list)) expect(await page.locator(`[data-section="${s.list}"]`).count()).toBe(0);
      else await expect(page.locator(`[data-section="${s.list}"] .damage-chain-section__title`).textContent()).resolves.toContain(lang.DAMAGECHAIN.Sheet.Section[s.list]);
    }
    expect(menu).toContain("armor");
    for (const extra of ["preview", "templates", "keywords", "resources", "state"]) expect(await page.locator(`[data-section="${extra}"]`).count()).toBe(1);
    // Rows carry their list and template; the preview shows the chain's own number.
    expect(await page.locator('[data-row][data-list="resistances"]').getAttribute("data-template")).toBe("type.undead");
    expect(await finalShown(page)).toBe(expectedFinal(GM_DEFENDER, 10, ["fire"]));
    // State: round damage, shell cooldown with time left, one-time uses, conditions.
    expect(await page.locator('[data-state-value="roundLifeLost"]').textContent()).toBe("7");
    expect(await page.locator('[data-state="shell"]').textContent()).toContain("1d 1h");
    expect((await page.locator('[data-state="oneTime"]').textContent())?.replace(/\s+/g, " ")).toContain("1 / 2");
    expect(await page.locator('[data-state="conditions"] .damage-chain-chip').textContent()).toContain("Slowed");
    // The resource the game system owns is shown, not editable.
    expect(await page.locator('[data-resource][data-mapped] input').count()).toBe(0);
    expect(await page.locator('[data-resource]:not([data-mapped]) input').count()).toBe(3);
    // Every text is localized: no lang key shows through.
    expect(await page.locator("#tab").innerText()).not.toContain("DAMAGECHAIN.");
    await page.screenshot({ path: artifactPath("defenses-tab-gm-light.png"), fullPage: true });
    await page.close();
  });

  it("renders in German with every text translated", async () => {
    const de = readLang("de") as typeof lang;
    const page = await mounted("light", { defender: GM_DEFENDER, editable: true }, "de");
    expect(await page.locator('[data-section="resistances"] .damage-chain-section__title').textContent()).toContain(de.DAMAGECHAIN.Sheet.Section.resistances);
    const text = await page.locator("#tab").innerText();
    expect(text).not.toContain("DAMAGECHAIN.");
    expect(text).not.toContain(lang.DAMAGECHAIN.Sheet.Section.vulnerabilities);
    await page.screenshot({ path: artifactPath("defenses-tab-gm-de.png"), fullPage: true });
    await page.close();
  });

  it("adding a resistance row changes the preview to what the chain computes", async () => {
    const defender: DefenderInput = { resources: { hp: { value: 50 } } };
    const page = await mounted("light", { defender, editable: true });
    // The preview starts folded (issue 23 §4); unfolded, it stays so across the re-renders below.
    expect(await page.locator('[data-preview-field="amount"]').isVisible()).toBe(false);
    await page.locator("details[data-preview] > summary").click();
    await page.fill('[data-preview-field="amount"]', "20");
    await settle(page);
    expect(await finalShown(page)).toBe(expectedFinal(defender));

    await addDefense(page, "resistances");
    await settle(page);
    const row = page.locator('[data-row][data-list="resistances"]');
    expect(await row.count()).toBe(1);
    await row.locator('[data-field="type"]').selectOption("fire");
    await settle(page);
    const resisted = { ...defender, defenses: { resistances: [{ type: "fire" }] } };
    expect(expectedFinal(resisted)).toBeLessThan(expectedFinal(defender));
    expect(await finalShown(page)).toBe(expectedFinal(resisted));
    expect(await page.locator(".damage-chain-trace").textContent()).toContain("Resist");

    expect(await page.locator("details[data-preview]").getAttribute("open")).not.toBeNull();
    await row.locator('[data-field="limit"]').fill("5");
    await settle(page);
    expect(await finalShown(page)).toBe(expectedFinal({ ...defender, defenses: { resistances: [{ type: "fire", limit: 5 }] } }));

    await page.click('[data-dc-action="save"]');
    await settle(page);
    const log = await page.evaluate(() => window.harness.log());
    expect(log.saved.at(-1)?.defenses.resistances).toEqual([{ type: "fire", limit: 5 }]);
    await page.close();
  });

  for (const language of ["en", "de"] as const) {
    it(`types and shows a shell's cooldown as a duration, not seconds (${language})`, async () => {
      const defender: DefenderInput = { defenses: { shells: [{ id: "s1", value: 10, cooldown: 1_209_600 }] } };
      const page = await mounted("light", { defender, editable: true }, language);
      const input = page.locator('[data-path="defenses.shells[0].cooldown"] input');
      expect(await input.inputValue()).toBe(language === "en" ? "2w" : "2W");
      await input.fill(language === "en" ? "1h 30m" : "1Std 30Min");
      await settle(page);
      await page.click('[data-dc-action="save"]');
      await settle(page);
      expect((await page.evaluate(() => window.harness.log())).saved.at(-1)?.defenses.shells).toEqual([{ id: "s1", value: 10, cooldown: 5_400 }]);
      await page.close();
    });
  }

  it("reorders and removes rows, and discards unsaved edits", async () => {
    const defender: DefenderInput = { defenses: { vulnerabilities: [{ type: "cold" }, { type: "acid", limit: 5 }, { type: "fire" }] } };
    const page = await mounted("light", { defender, editable: true });
    const types = () => page.locator('[data-row][data-list="vulnerabilities"] [data-field="type"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await page.click('[data-list="vulnerabilities"] [data-dc-action="down"][data-index="0"]');
    await settle(page);
    expect(await types()).toEqual(["acid", "cold", "fire"]);
    await page.click('[data-list="vulnerabilities"] [data-dc-action="remove"][data-index="2"]');
    await settle(page);
    expect(await types()).toEqual(["acid", "cold"]);
    expect(await page.locator('[data-row][data-list="vulnerabilities"]').first().locator('[data-field="limit"]').inputValue()).toBe("5");
    // Unsaved edits can be thrown away: back to what the actor stores.
    await page.click('[data-dc-action="discard"]');
    await settle(page);
    expect(await types()).toEqual(["cold", "acid", "fire"]);
    expect(await page.locator("[data-dirty]").isHidden()).toBe(true);
    expect((await page.evaluate(() => window.harness.log())).saved).toEqual([]);
    await page.close();
  });

  it("validates inline: whole numbers >= 0, one Hard layer, no immunity to all, newest invulnerability refused, non-stacking groups", async () => {
    const allButThunder = profile.options.damageTypes.filter((t) => t !== "thunder").map((type) => ({ type }));
    const defender: DefenderInput = {
      defenses: {
        immunities: allButThunder,
        armor: [{ type: "physical", value: 2, layer: "hard" }],
        resistances: [{ type: "cold", limit: 5, group: "ring" }, { type: "cold", limit: 10, group: "ring" }],
      },
    };
    const page = await mounted("dark", { defender, editable: true });
    const E = lang.DAMAGECHAIN.Validation;
    // Non-stacking: the second entry of group "ring" is marked as not used.
    await expect(page.locator('[data-path="defenses.resistances[1]"] > [data-problems]').textContent()).resolves.toContain("ring");
    expect(await page.locator('[data-path="defenses.resistances[1]"]').getAttribute("class")).toContain("damage-chain-warned");

    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("2.5");
    await settle(page);
    expect(await page.locator('[data-path="defenses.resistances[0].limit"] [data-problems]').textContent()).toBe(E.WholeNumber);
    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("-3");
    expect(await page.locator('[data-path="defenses.resistances[0].limit"] [data-problems]').textContent()).toBe(E.Min!.replace("{min}", "0"));
    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("5");
    expect(await page.locator('[data-path="defenses.resistances[0].limit"] [data-problems]').textContent()).toBe("");

    await page.click('[data-dc-action="add"][data-list="armor"]');
    await settle(page);
    await page.locator('[data-path="defenses.armor[1].layer"] select').selectOption("hard");
    expect(await page.locator('[data-path="defenses.armor[1].layer"] [data-problems]').textContent()).toBe(E.HardLayer);
    // Rows of one piece are one layer: two Hard rows of "Plate" are fine; a Soft row of the Hard piece is not.
    await page.locator('[data-path="defenses.armor[0].piece"] input').fill("Plate");
    await page.locator('[data-path="defenses.armor[1].piece"] input').fill("Plate");
    await settle(page);
    expect(await page.locator('[data-path="defenses.armor[1].layer"] [data-problems]').textContent()).toBe("");
    await page.locator('[data-path="defenses.armor[1].layer"] select').selectOption("soft");
    await settle(page);
    expect(await page.locator('[data-path="defenses.armor[1].layer"] [data-problems]').textContent()).toBe(E.PieceLayer!.replace("{piece}", "Plate").replace("{layer}", lang.DAMAGECHAIN.Sheet.Kind.hard!));
    await page.locator('[data-path="defenses.armor[1].piece"] input').fill("");

    await page.locator('[data-path="defenses.armor[1].layer"] select').selectOption("soft");
    await page.click('[data-dc-action="add"][data-list="immunities"]');
    await settle(page);
    const newest = `defenses.immunities[${allButThunder.length}]`;
    await page.locator(`[data-path="${newest}.type"] select`).selectOption("all");
    expect(await page.locator(`[data-path="${newest}.type"] [data-problems]`).textContent()).toBe(E.ImmuneAll);
    await page.locator(`[data-path="${newest}.type"] select`).selectOption("thunder");
    // Completing immunity to every type: the newest entry is refused (a warning on its row).
    expect(await page.locator(`[data-path="${newest}"] > [data-problems]`).textContent()).toContain(
      lang.DAMAGECHAIN.Warning.InvulnerableTypes!.replace("{types}", lang.DAMAGECHAIN.Type.thunder!),
    );
    expect(await page.locator(`[data-path="defenses.immunities[0]"] > [data-problems]`).textContent()).toBe("");
    await page.screenshot({ path: artifactPath("defenses-tab-validation-dark.png"), fullPage: true });

    // Saving with an error is refused and nothing is written.
    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("x");
    await page.click('[data-dc-action="save"]');
    await settle(page);
    expect((await page.evaluate(() => window.harness.log())).saved).toEqual([]);
    await page.close();
  });

  it("names each repeated button by its section and row, and ties each field's error text to it (aria-describedby)", async () => {
    for (const [language, add, remove] of [["en", "Add to Resistances", "Remove row 1 of Resistances"], ["de", "Zu Resistenzen hinzufügen", "Zeile 1 von Resistenzen entfernen"]] as const) {
      const page = await mounted("light", { defender: GM_DEFENDER, editable: true }, language);
      expect(await page.locator('[data-dc-action="add"][data-list="resistances"]').getAttribute("aria-label")).toBe(add);
      expect(await page.locator('[data-dc-action="remove"][data-list="resistances"][data-index="0"]').getAttribute("aria-label")).toBe(remove);
      const names = await page.locator('[data-dc-action="remove"]').evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
      expect(new Set(names).size).toBe(names.length);
      await page.locator('[data-path="defenses.shells[0].value"] input').fill("2.5");
      await settle(page);
      const described = await page.locator('[data-path="defenses.shells[0].value"] input').evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? null);
      expect(described).toBe(language === "en" ? "Must be a whole number." : "Muss eine ganze Zahl sein.");
      await page.close();
    }
  });

  it("conditions are picked from a list", async () => {
    const page = await mounted("light", { defender: {}, editable: true });
    await addDefense(page, "triggers");
    await settle(page);
    const options = await page.locator('[data-list="triggers"] [data-field="gains"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toContain("slowed");
    expect(options).toContain("dying");
    const whenOptions = await page.locator('[data-list="triggers"] [data-field="condition"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(whenOptions).toEqual(["", "advantage", "noAdvantage", "critical", "ongoing", "silvered", "notSilvered", "paragon", "notParagon", "epic", "notEpic", "burstBlast", "noBurstBlast", "attack", "environmental"]);
    await page.close();
  });
});

describe("Defenses tab, templates and state", () => {
  it("imports a dnd5e actor's traits in one click, bypasses as 'ignored by', and removes the import exactly", async () => {
    const defender: DefenderInput = { defenses: { resistances: [{ type: "fire", limit: 5 }], immunities: [{ type: "acid" }] } };
    const traits = { di: { value: ["poison"], bypasses: [] }, dr: { value: ["slashing", "necrotic"], bypasses: ["mgc"] }, dv: { value: ["radiant"], bypasses: [] }, ci: { value: ["charmed"] }, dm: { amount: {}, bypasses: [] } };
    const page = await mounted("light", { defender, editable: true, dnd5eActor: { name: "Wight", type: "npc", system: { traits, details: { type: { value: "undead" } } } } });
    const before = await page.evaluate(() => window.harness.draft());
    await page.click('[data-dc-action="importSystem"]');
    await settle(page);
    let log = await page.evaluate(() => window.harness.log());
    const tag = "import.dnd5e";
    expect(log.saved.at(-1)?.defenses.immunities).toEqual([{ type: "acid" }, { type: "poison", template: tag }]);
    expect(log.saved.at(-1)?.defenses.resistances).toEqual([{ type: "fire", limit: 5 }, { type: "slashing", ignoredBy: ["magical"], template: tag }, { type: "necrotic", template: tag }]);
    expect(log.saved.at(-1)?.defenses.vulnerabilities).toEqual([{ type: "radiant", template: tag }]);
    expect(log.saved.at(-1)?.defenses.conditionImmunities).toEqual([{ gains: "charmed", template: tag }]);
    expect(await page.locator(`[data-applied-template="${tag}"]`).textContent()).toContain("dnd5e traits");

    await page.click(`[data-dc-action="removeTemplate"][data-id="${tag}"]`);
    await settle(page);
    log = await page.evaluate(() => window.harness.log());
    expect(log.saved.at(-1)?.defenses).toEqual(before?.defenses);
    await page.close();
  });

  it("applies the Undead template in one click and removes it as a unit", async () => {
    const defender: DefenderInput = { defenses: { resistances: [{ type: "fire", limit: 5 }] } };
    const page = await mounted("light", { defender, editable: true });
    const before = await page.evaluate(() => window.harness.draft());
    await page.locator('[data-template-field="id"]').selectOption("type.undead");
    await page.click('[data-dc-action="applyTemplate"]');
    await settle(page);
    let log = await page.evaluate(() => window.harness.log());
    expect(log.saved.at(-1)?.defenses.resistances).toEqual([{ type: "fire", limit: 5 }, { type: "poison", template: "type.undead" }]);
    expect(await page.locator('[data-applied-template="type.undead"]').count()).toBe(1);
    expect(await page.locator('[data-row][data-template="type.undead"]').count()).toBe(2);

    await page.click('[data-dc-action="removeTemplate"][data-id="type.undead"]');
    await settle(page);
    log = await page.evaluate(() => window.harness.log());
    expect(log.saved.at(-1)?.defenses).toEqual(before?.defenses);
    expect(await page.locator('[data-row][data-template="type.undead"]').count()).toBe(0);
    await page.close();
  });

  it("applies with limits: 5 per tier of the level", async () => {
    const page = await mounted("light", { defender: {}, editable: true });
    await page.locator('[data-template-field="id"]').selectOption("type.plant");
    await page.locator('[data-template-field="limits"]').check();
    await page.locator('[data-template-field="level"]').fill("14");
    await page.click('[data-dc-action="applyTemplate"]');
    await settle(page);
    const saved = (await page.evaluate(() => window.harness.log())).saved.at(-1);
    expect(saved?.defenses.vulnerabilities).toEqual([
      { type: "poison", limit: 10, template: "type.plant" },
      { type: "fire", limit: 10, template: "type.plant" },
    ]);
    await page.close();
  });

  it("reset buttons write the reset state", async () => {
    const page = await mounted("light", { defender: GM_DEFENDER, editable: true });
    await page.click('[data-dc-action="reset"][data-reset="round"]');
    await settle(page);
    await page.click('[data-dc-action="reset"][data-reset="shell"][data-id="s1"]');
    await settle(page);
    await page.click('[data-dc-action="reset"][data-reset="condition"][data-id="slowed"]');
    await settle(page);
    const states = (await page.evaluate(() => window.harness.log())).states;
    expect(states.map((s) => [s.roundLifeLost, s.shellCooldowns, s.conditions])).toEqual([
      [0, { s1: 90_000 }, ["slowed"]],
      [0, {}, ["slowed"]],
      [0, {}, []],
    ]);
    expect(await page.locator('[data-state-value="roundLifeLost"]').textContent()).toBe("0");
    await page.close();
  });
});

describe("Defenses tab, read-only view", () => {
  it("has no inputs and no buttons, and still shows the defenses and state", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await mounted(theme, { defender: GM_DEFENDER, editable: false });
      expect(await page.locator("#tab input, #tab select, #tab textarea, #tab button").count()).toBe(0);
      expect(await page.locator('[data-row][data-list="vulnerabilities"]').textContent()).toContain("Radiant");
      expect(await page.locator('[data-state-value="roundLifeLost"]').textContent()).toBe("7");
      expect(await page.locator("[data-preview]").count()).toBe(0);
      await page.screenshot({ path: artifactPath(`defenses-tab-readonly-${theme}.png`), fullPage: true });
      await page.close();
    }
  });

  it("GM view in the dark theme (screenshot)", async () => {
    const page = await mounted("dark", { defender: GM_DEFENDER, editable: true });
    await page.screenshot({ path: artifactPath("defenses-tab-gm-dark.png"), fullPage: true });
    expect(await page.locator("[data-preview-final]").count()).toBe(1);
    await page.close();
  });
});
