/**
 * Adding the Defenses tab to sheets the module does not own, in Chromium:
 * a core ApplicationV2-style sheet (tab navigation with data-action="tab"
 * and data-group on panels) and a legacy ApplicationV1-style sheet (nav
 * items without actions, panels inside a sheet body).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support.ts";

const V2_SHEET = `
<div id="sheet" class="application sheet actor">
  <nav class="sheet-tabs tabs" data-group="primary">
    <a class="active" data-action="tab" data-group="primary" data-tab="details"><i class="fa-solid fa-user"></i></a>
    <a data-action="tab" data-group="primary" data-tab="items"><i class="fa-solid fa-box"></i></a>
  </nav>
  <section class="tab details scrollable active" data-group="primary" data-tab="details">details</section>
  <section class="tab items scrollable" data-group="primary" data-tab="items">items</section>
</div>`;

const V1_SHEET = `
<form id="sheet" class="sheet actor">
  <nav class="sheet-tabs tabs" data-group="primary">
    <a class="item active" data-tab="description">Description</a>
    <a class="item" data-tab="attributes">Attributes</a>
  </nav>
  <section class="sheet-body">
    <div class="tab description active" data-tab="description">
      <nav class="tabs" data-group="inner"><a class="item active" data-tab="notes">Notes</a></nav>
      <div class="tab notes active" data-tab="notes" data-group="inner">notes</div>
    </div>
    <div class="tab attributes" data-tab="attributes">attributes</div>
  </section>
</form>`;

/**
 * Draw Steel's NPC sheet (MetaMorphic-Digital/draw-steel 68856d4): header part
 * `templates/sheets/actor/npc-sheet/header.hbs` (`header.sheet-header`), the
 * `tabs` part is core's `templates/generic/tab-navigation.hbs`
 * (`src/module/applications/sheets/npc-sheet.mjs` PARTS lines 31–61; TABS in
 * `actor-sheet.mjs` 75–89, group `primary`), panels as in `npc-sheet/stats.hbs`
 * line 2, `npc-sheet/features.hbs` 1, `shared/abilities.hbs` 2, `shared/effects.hbs` 2,
 * `npc-sheet/biography.hbs` 2. The nav is written as in {@link V2_SHEET}.
 */
const DRAW_STEEL_NPC_SHEET = `
<div id="sheet" class="application sheet draw-steel actor npc">
  <header class="sheet-header">header</header>
  <nav class="sheet-tabs tabs" data-group="primary">
    <a class="active" data-action="tab" data-group="primary" data-tab="stats"><span>Stats</span></a>
    <a data-action="tab" data-group="primary" data-tab="features"><span>Features</span></a>
    <a data-action="tab" data-group="primary" data-tab="abilities"><span>Abilities</span></a>
    <a data-action="tab" data-group="primary" data-tab="effects"><span>Effects</span></a>
    <a data-action="tab" data-group="primary" data-tab="biography"><span>Biography</span></a>
  </nav>
  <section class="tab stats standard-form active" data-group="primary" data-tab="stats">stats</section>
  <section class="tab features " data-group="primary" data-tab="features">features</section>
  <section class="tab abilities " data-group="primary" data-tab="abilities">abilities</section>
  <section class="tab effects  standard-form" data-group="primary" data-tab="effects">effects</section>
  <section class="tab biography standard-form " data-group="primary" data-tab="biography">biography</section>
</div>`;

const session = useBrowser();

async function sheet(html: string): Promise<Page> {
  const page = await session.open("light");
  await page.evaluate((h) => (document.querySelector("#card")!.innerHTML = h), html);
  return page;
}

describe("injectTab", () => {
  it("ApplicationV2-style sheet: adds a nav item wired like the others and a panel beside theirs, once", async () => {
    const page = await sheet(V2_SHEET);
    const first = await page.evaluate(() => window.harness.injectTab("#sheet", "damageChain", "Defenses"));
    expect(first).toEqual({ group: "primary", navTag: "A", panelTag: "SECTION" });
    await page.evaluate(() => window.harness.injectTab("#sheet", "damageChain", "Defenses"));
    const item = page.locator('nav [data-tab="damageChain"]');
    expect(await item.count()).toBe(1);
    expect(await item.getAttribute("data-action")).toBe("tab");
    expect(await item.getAttribute("data-group")).toBe("primary");
    expect(await item.evaluate((e) => e.classList.contains("active"))).toBe(false);
    expect(await item.textContent()).toBe(""); // icon-only, like the sheet's own items
    const panel = page.locator('section.tab[data-tab="damageChain"]');
    expect(await panel.count()).toBe(1);
    expect(await panel.getAttribute("class")).toBe("tab items scrollable damage-chain-host");
    expect(await panel.getAttribute("data-group")).toBe("primary");

    await page.evaluate(() => window.harness.activateTab("#sheet", "primary", "damageChain"));
    expect(await page.locator("#sheet .active").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab))).toEqual(["damageChain", "damageChain"]);
  });

  it("ApplicationV1-style sheet: text label, panel in the sheet body, nested tab groups left alone", async () => {
    const page = await sheet(V1_SHEET);
    expect(await page.evaluate(() => window.harness.injectTab("#sheet", "damageChain", "Defenses"))).toEqual({ group: "primary", navTag: "A", panelTag: "DIV" });
    expect((await page.locator('nav [data-tab="damageChain"]').textContent())?.trim()).toBe("Defenses");
    expect(await page.locator('.sheet-body > .tab[data-tab="damageChain"]').count()).toBe(1);
    await page.evaluate(() => window.harness.activateTab("#sheet", "primary", "damageChain"));
    expect(await page.locator('.tab[data-tab="description"]').getAttribute("class")).not.toContain("active");
    expect(await page.locator('.tab[data-tab="notes"]').getAttribute("class")).toContain("active");
    expect(await page.locator('.tab[data-tab="damageChain"]').getAttribute("class")).toContain("active");
  });

  it("Draw Steel's NPC sheet: the tab joins its primary group after Biography, panel beside its sections", async () => {
    const page = await sheet(DRAW_STEEL_NPC_SHEET);
    expect(await page.evaluate(() => window.harness.injectTab("#sheet", "damageChain", "Defenses"))).toEqual({ group: "primary", navTag: "A", panelTag: "SECTION" });
    const tabs = await page.locator("nav [data-tab]").evaluateAll((items) => items.map((i) => i.getAttribute("data-tab")));
    expect(tabs).toEqual(["stats", "features", "abilities", "effects", "biography", "damageChain"]);
    const panel = page.locator('section.tab[data-tab="damageChain"]');
    expect(await panel.getAttribute("data-group")).toBe("primary");
    expect(await panel.evaluate((p) => p.previousElementSibling?.getAttribute("data-tab"))).toBe("biography");
  });

  it("a sheet without tabs gets nothing", async () => {
    const page = await sheet(`<div id="sheet"><p>no tabs</p></div>`);
    expect(await page.evaluate(() => window.harness.injectTab("#sheet", "damageChain", "Defenses"))).toBeNull();
  });
});
