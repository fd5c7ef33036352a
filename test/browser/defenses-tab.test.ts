/**
 * The Defenses tab in headless Chromium, as it renders: every section, the
 * preview, resources and state, both languages, accessible names, the
 * templates and the dnd5e import, and the read-only view; its editing is in
 * `defenses-tab-editing.test.ts`. Rendered from the real templates with the
 * real compiled CSS, driven through the real controller. Expected numbers
 * come from the rules core, run here in Node on the same data. Screenshots go
 * to artifacts/ (not committed).
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { SECTIONS } from "../../src/foundry/sheet/fields.ts";
import { artifactPath, readLang } from "./support.ts";
import { GM_DEFENDER, expectedFinal, finalShown, lang, settle, useDefensesTab } from "./defenses-tab-shared.ts";

const { mounted } = useDefensesTab();

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
  });

  it("renders in German with every text translated", async () => {
    const de = readLang("de") as typeof lang;
    const page = await mounted("light", { defender: GM_DEFENDER, editable: true }, "de");
    expect(await page.locator('[data-section="resistances"] .damage-chain-section__title').textContent()).toContain(de.DAMAGECHAIN.Sheet.Section.resistances);
    const text = await page.locator("#tab").innerText();
    expect(text).not.toContain("DAMAGECHAIN.");
    expect(text).not.toContain(lang.DAMAGECHAIN.Sheet.Section.vulnerabilities);
    await page.screenshot({ path: artifactPath("defenses-tab-gm-de.png"), fullPage: true });
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
    }
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
    }
  });

  it("GM view in the dark theme (screenshot)", async () => {
    const page = await mounted("dark", { defender: GM_DEFENDER, editable: true });
    await page.screenshot({ path: artifactPath("defenses-tab-gm-dark.png"), fullPage: true });
    expect(await page.locator("[data-preview-final]").count()).toBe(1);
  });
});
