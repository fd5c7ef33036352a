// @vitest-environment happy-dom
/**
 * Where the Defenses tab goes on sheets the module does not own:
 * - Tidy 5e Sheets, through Tidy's API: a double with the shape of
 *   kgar/foundry-vtt-tidy-5e-sheets (src/api/Tidy5eSheetsApi.ts registerCharacterTab /
 *   registerNpcTab, which drop tabs that are not `instanceof api.models.HtmlTab` or
 *   lack a tabId; src/api/tab/HtmlTab.ts; src/sheets/CustomContentRendererV2.ts: the html
 *   goes into `[data-tab-contents-for=<tabId>]`, then `onRender({ app, element, data,
 *   isFullRender, tabContentsElement, nodes })`), handed out by `tidy5e-sheet.ready`;
 * - any other sheet: a tab only in a real tab navigation; else a header control
 *   (`getHeaderControlsActorSheetV2`) that opens the Defenses window. Sheets rendered
 *   through the double's ApplicationV2 (`double-app.ts`) get Foundry's order: header
 *   controls built before the `render…` hooks.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { hp5e } from "./dnd5e-double.ts";
import { World, type ActorDouble } from "./double.ts";
import { ActorSheetV2 } from "./double-app.ts";

/** Tidy's HtmlTab: props merged onto the instance (Tidy uses foundry.utils.mergeObject). */
class HtmlTab {
  title: string | (() => string) = "";
  tabId = "";
  iconClass?: string;
  html: string | ((data: unknown) => string) = "";
  renderScheme: "handlebars" | "force" = "handlebars";
  enabled?: (context: unknown) => boolean;
  onRender?: (params: { app: unknown; element: HTMLElement; data: unknown; isFullRender: boolean; tabContentsElement: HTMLElement; nodes: Node[] }) => void;
  constructor(props: Partial<HtmlTab> = {}) {
    Object.assign(this, props);
  }
}

/** Tidy's API object, as far as registration goes. */
class TidyApiDouble {
  readonly models = { HtmlTab };
  readonly character: HtmlTab[] = [];
  readonly npc: HtmlTab[] = [];
  #accept(tab: unknown): tab is HtmlTab {
    return tab instanceof HtmlTab && tab.tabId.trim() !== "";
  }
  registerCharacterTab(tab: unknown): void {
    if (this.#accept(tab)) this.character.push(tab);
  }
  registerNpcTab(tab: unknown): void {
    if (this.#accept(tab)) this.npc.push(tab);
  }
}

/**
 * Wait until the Defenses tab in `root` is filled: the fill loads the tab's chunk and runs after the
 * render hook returns, and would otherwise run on into the next test's world.
 */
const filled = (root: ParentNode) => expect.poll(() => root.querySelector("[data-damage-chain-tab]")).not.toBeNull();

/** Tidy's `Hooks.callAll("tidy5e-sheet.ready", api)` (not in the module's hook types). */
const tidyReady = (api: TidyApiDouble) => (Hooks.callAll as unknown as (hook: string, ...args: unknown[]) => boolean)("tidy5e-sheet.ready", api);

let world: World;
let gm: Awaited<ReturnType<World["connect"]>>;
let knight: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  world.addUser("player", false);
  knight = world.addActor({ id: "knight", name: "Knight", system: { attributes: { hp: hp5e(30, 30) } }, ownership: { player: 0 } });
  gm = await world.connect(world.users.get("gm")!);
  const { registerDefensesTab } = await import("../../src/foundry/sheet/index.ts");
  registerDefensesTab();
});

describe("Tidy 5e Sheets", () => {
  it("registers the Defenses tab on Tidy's character and NPC sheets through tidy5e-sheet.ready, and Tidy's render fills it", async () => {
    const api = new TidyApiDouble();
    tidyReady(api);
    expect(api.character).toHaveLength(1);
    expect(api.npc).toEqual(api.character);
    const tab = api.character[0]!;
    expect(tab.tabId).toBe("damage-chain-defenses");
    expect(tab.title).toBe("DAMAGECHAIN.Sheet.Tab");
    expect(tab.enabled?.({ actor: knight })).toBe(true);

    // Tidy's render: the html into the tab's contents, then onRender.
    const element = document.createElement("div");
    element.innerHTML = `<section data-tab-contents-for="${tab.tabId}"></section>`;
    const tabContentsElement = element.querySelector<HTMLElement>("section")!;
    tabContentsElement.insertAdjacentHTML("afterbegin", tab.html as string);
    const app = { actor: knight, options: { classes: ["tidy5e-sheet", "sheet", "actor", "character"] } };
    tab.onRender?.({ app, element, data: {}, isFullRender: true, tabContentsElement, nodes: [] });
    await expect.poll(() => tabContentsElement.querySelector("[data-damage-chain-tab]")).not.toBeNull();
    expect(tabContentsElement.textContent).toContain("Damage Chain defenses"); // the tab's title

    // Tidy sheets are ActorSheetV2: the generic injection leaves them alone.
    element.insertAdjacentHTML("afterbegin", `<nav class="tabs" data-group="primary"><a data-tab="main">Main</a></nav><div class="tab" data-tab="main"></div>`);
    Hooks.callAll("renderActorSheetV2", app as never, element as never, {} as never, {} as never);
    expect(element.querySelectorAll('[data-tab="damageChain"]')).toHaveLength(0);
  });

  it("hides the tab from a user who may not see the actor's defenses", async () => {
    const api = new TidyApiDouble();
    tidyReady(api);
    const player = await world.connect(world.users.get("player")!);
    expect(world.as(player, () => api.character[0]!.enabled?.({ actor: knight }))).toBe(false);
    void gm;
  });
});

describe("other sheets", () => {
  const sheet = (html: string) => {
    const element = document.createElement("div");
    element.innerHTML = html;
    const app = { actor: knight, options: { classes: ["sheet", "actor"], actions: {} as Record<string, unknown> }, tabGroups: {} as Record<string, string>, changeTab: () => undefined };
    return { element, app };
  };

  it("joins a real tab navigation (.tabs with a data-group)", async () => {
    const { element, app } = sheet(`<nav class="sheet-tabs tabs" data-group="primary"><a data-action="tab" data-group="primary" data-tab="main">Main</a></nav><section class="tab active" data-group="primary" data-tab="main"></section>`);
    Hooks.callAll("renderActorSheetV2", app as never, element as never, {} as never, {} as never);
    expect(element.querySelectorAll('[data-tab="damageChain"]')).toHaveLength(2);
    await filled(element);
    // The header control of such a sheet, in Foundry's order (controls before the render hooks): below.
  });

  it("a nav that is no tab navigation (no .tabs, or no named group) gets no tab but a header control", () => {
    for (const html of [
      `<nav class="filters" data-group="filter"><a data-tab="all">All</a></nav><div class="tab" data-tab="all"></div>`,
      `<nav class="sheet-tabs"><a class="item" data-tab="main">Main</a></nav><div class="tab" data-tab="main"></div>`,
    ]) {
      const { element, app } = sheet(html);
      // Foundry's order: the header controls (`_updateFrame`), then the render hooks.
      const controls: { action: string; label: string; visible?: () => boolean; onClick?: () => void }[] = [];
      Hooks.callAll("getHeaderControlsActorSheetV2", app as never, controls as never);
      Hooks.callAll("renderActorSheetV2", app as never, element as never, {} as never, {} as never);
      expect(element.querySelectorAll('[data-tab="damageChain"]')).toHaveLength(0);
      expect(controls).toHaveLength(1);
      expect(controls[0]).toMatchObject({ action: "damageChainDefenses", label: "DAMAGECHAIN.Sheet.Tab" });
      expect(controls[0]!.visible?.()).toBe(true);
      expect(app.options.actions.damageChainDefenses).toBeTypeOf("function");
    }
  });

  it("a legacy ApplicationV1 sheet without tabs gets a Defenses button in its window header, once", () => {
    const frame = document.createElement("div");
    frame.innerHTML = `<header class="window-header"><h4 class="window-title">Knight</h4><a class="header-button control close">Close</a></header><section class="window-content"><form><p>no tabs</p></form></section>`;
    const html = [frame.querySelector<HTMLElement>("form")!];
    const app = { actor: knight, element: [frame] };
    Hooks.callAll("renderActorSheet", app as never, html as never, {} as never);
    Hooks.callAll("renderActorSheet", app as never, html as never, {} as never);
    const buttons = frame.querySelectorAll(".window-header .damage-chain-defenses");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent?.trim()).toBe("Defenses");
    expect(buttons[0]!.nextElementSibling?.classList.contains("close")).toBe(true);
  });

  // pf2e's sheets (ApplicationV1), their navigation as foundryvtt/pf2e draws it:
  // static/templates/actors/npc/sheet.hbs (`nav.sheet-tabs.tabs[data-group=primary]`, `a.item[data-tab]`) and
  // static/templates/actors/character/sheet.hbs (`nav.sheet-navigation[data-group=primary]`, no `.tabs`).
  it("pf2e's NPC sheet gets the Defenses tab in its tab navigation; its character sheet, whose navigation is no `.tabs`, a header button", async () => {
    const npc = document.createElement("div");
    npc.innerHTML = `<header class="window-header"><h4 class="window-title">Goblin</h4><a class="header-button control close">Close</a></header><section class="window-content"><form><div class="npc-body"><nav class="sheet-tabs tabs" data-group="primary"><a class="item active" data-tab="main">Main</a><a class="item" data-tab="notes">Notes</a></nav><section class="sheet-body"><div class="tab main active" data-tab="main" data-group="primary"></div><div class="tab notes" data-tab="notes" data-group="primary"></div></section></div></form></section>`;
    Hooks.callAll("renderActorSheet", { actor: knight, element: [npc] } as never, [npc.querySelector("form")!] as never, {} as never);
    expect(npc.querySelectorAll('nav [data-tab="damageChain"]')).toHaveLength(1);
    expect(npc.querySelectorAll('.tab[data-tab="damageChain"]')).toHaveLength(1);
    await filled(npc);
    const pc = document.createElement("div");
    pc.innerHTML = `<header class="window-header"><h4 class="window-title">Amiri</h4><a class="header-button control close">Close</a></header><section class="window-content"><form><nav class="sheet-navigation" data-group="primary" role="tablist"><a class="item" data-tab="character" role="tab">C</a></nav><section class="sheet-body"><section class="sheet-content"><div class="tab" data-tab="character" data-group="primary"></div></section></section></form></section>`;
    Hooks.callAll("renderActorSheet", { actor: knight, element: [pc] } as never, [pc.querySelector("form")!] as never, {} as never);
    expect(pc.querySelectorAll('[data-tab="damageChain"]')).toHaveLength(0);
    expect(pc.querySelectorAll(".window-header .damage-chain-defenses")).toHaveLength(1);
  });

  it("no sheet throws because of the module, whatever its HTML: what fails is logged", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const app = { actor: null, options: {} };
      expect(() => Hooks.callAll("renderActorSheetV2", app as never, document.createElement("div") as never, {} as never, {} as never)).not.toThrow();
      expect(() => Hooks.callAll("getHeaderControlsActorSheetV2", app as never, [] as never)).not.toThrow();
      expect(error.mock.calls.map(([text]) => text)).toEqual(["damage-chain | Defenses tab (render)", "damage-chain | header control"]);
    } finally {
      error.mockRestore();
    }
  });
});

describe("ApplicationV2 sheets rendered in Foundry's order", () => {
  const TABBED = `<nav class="sheet-tabs tabs" data-group="primary"><a data-action="tab" data-group="primary" data-tab="main">Main</a></nav><section class="tab active" data-group="primary" data-tab="main"></section>`;
  const PLAIN = `<form><p>no tabs</p></form>`;
  const defensesWindows = () => [...document.body.children].filter((el) => el.id === "damage-chain-defenses-knight");
  beforeEach(() => document.body.replaceChildren());

  it("a tabbed V2 sheet shows the Defenses tab and no header control", async () => {
    const sheet = await new ActorSheetV2(knight, TABBED).render({ force: true });
    expect(sheet.element!.querySelectorAll('[data-tab="damageChain"]')).toHaveLength(2);
    expect(sheet.controls.map((c) => c.action)).not.toContain("damageChainDefenses");
    await filled(sheet.element!);
  });

  it("one click on the Defenses header control opens one window; a second click brings it to the front", async () => {
    const sheet = await new ActorSheetV2(knight, PLAIN).render({ force: true });
    expect(sheet.controls.map((c) => c.action)).toEqual(["damageChainDefenses"]);
    sheet.clickControl("damageChainDefenses");
    await expect.poll(() => defensesWindows().length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(defensesWindows()).toHaveLength(1);
    sheet.clickControl("damageChainDefenses");
    await new Promise((r) => setTimeout(r, 50));
    expect(defensesWindows()).toHaveLength(1);
    expect((world.clients[0]!.instances.get("damage-chain-defenses-knight") as { fronted: number }).fronted).toBe(1);
  });
});
