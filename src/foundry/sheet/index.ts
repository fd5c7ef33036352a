/**
 * The Defenses tab on actor sheets. `registerDefensesTab()` is
 * called once at `init` and wires:
 * - a system's own sheets, through its folder (`systems/<id>/`): dnd5e 5.x
 *   character and NPC sheets by static TABS / PARTS registration, Tidy 5e
 *   Sheets through Tidy's API (`systems/types.ts` `registerSheets`);
 * - any other ApplicationV2 actor sheet: the `renderActorSheetV2` hook adds
 *   a nav item and panel to the sheet's own tab navigation, only when it has
 *   a real one (`inject.ts`); the sheet's `tabGroups` keeps the tab active
 *   across re-renders. A sheet without one gets a header control that opens
 *   the Defenses window instead (`header-control.ts`);
 * - legacy ApplicationV1 sheets: the `renderActorSheet` hook does the same,
 *   and remembers the active tab per sheet because V1 tab controllers forget
 *   a tab that was not there when they bound.
 * Users with limited permission never get the tab. No sheet throws because
 * of the module: every handler catches and logs its own errors.
 */
import { MODULE_ID } from "../constants.ts";
import { actorAccess } from "./actor-access.ts";
import { fillTab } from "./fill.ts";
import { addDefensesControl, addV1HeaderButton, type HeaderControl, type SheetLike } from "./header-control.ts";
import { activateTab, canInject, injectTab } from "./inject.ts";
import { HOST_TEMPLATE, PARTIALS, PREVIEW_TEMPLATE, TAB_ID, TAB_TEMPLATE } from "./paths.ts";
import { systemData } from "../actor/system-support.ts";

/** The tab's icon (Font Awesome classes), also given to the system's own sheet hosts. */
export const ICON = "fa-solid fa-shield-halved";

/** V1 sheets: the tab the user last picked, per sheet. */
const lastTab = new WeakMap<object, string>();
/** Sheets the tab was injected into (they need no header control). */
const tabbed = new WeakSet<object>();

/**
 * True when the sheet `app` has (or will get) the Defenses tab: it was
 * injected, or the sheet's HTML has a tab navigation to join. Foundry builds
 * the header controls (and reads their `visible`) in `_updateFrame`, after the
 * sheet's HTML is in place but BEFORE the `render…` hooks inject the tab (v13
 * `ApplicationV2#render`), so the HTML is asked too.
 */
function hasTab(app: SheetLike): boolean {
  const element = (app as { element?: HTMLElement | null }).element;
  return tabbed.has(app) || (typeof element?.querySelectorAll === "function" && canInject(element, TAB_ID));
}

/** Run a sheet hook handler; an error is logged, never thrown into the sheet. */
function safely(what: string, run: () => void): void {
  try {
    run();
  } catch (err) {
    console.error(`${MODULE_ID} | Defenses tab (${what})`, err);
  }
}

function onRenderV2(app: foundry.applications.sheets.ActorSheetV2.Any, element: HTMLElement): void {
  if (systemData()?.ownsSheet?.(app) === true) return; // the sheet renders the tab itself (Tidy 5e: systems/dnd5e/tidy.ts)
  const actor = app.actor;
  const host = element.querySelector<HTMLElement>("[data-damage-chain-host]");
  if (host) {
    void fillTab(host, actor, app); // dnd5e part
    return;
  }
  if (actorAccess(actor) === "hidden") return;
  const injected = injectTab(element, TAB_ID, game.i18n!.localize("DAMAGECHAIN.Sheet.Tab"), ICON);
  if (!injected) return;
  tabbed.add(app);
  if (!injected.navItem.dataset.action) {
    injected.navItem.addEventListener("click", (event) => {
      event.preventDefault();
      app.changeTab(TAB_ID, injected.group);
    });
  }
  if (app.tabGroups[injected.group] === TAB_ID) activateTab(element, injected.group, TAB_ID);
  void fillTab(injected.panel, actor, app);
}

interface V1Tabs {
  group?: string | null;
  activate(name: string): void;
}

function onRenderV1(app: foundry.appv1.sheets.ActorSheet.Any, html: JQuery): void {
  const root = html[0];
  const actor = app.actor;
  if (!root || actorAccess(actor) === "hidden") return;
  const injected = injectTab(root, TAB_ID, game.i18n!.localize("DAMAGECHAIN.Sheet.Tab"), ICON);
  if (!injected) {
    addV1HeaderButton((app as unknown as { element?: JQuery }).element?.[0], actor, ICON, game.i18n!.localize("DAMAGECHAIN.Sheet.Tab"));
    return;
  }
  const nav = injected.navItem.parentElement;
  nav?.addEventListener("click", (event) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>("[data-tab]");
    if (item?.dataset.tab) lastTab.set(app, item.dataset.tab);
  });
  if (lastTab.get(app) === TAB_ID) {
    const tabs = ((app as unknown as { _tabs?: V1Tabs[] })._tabs ?? []).find((t) => (t.group ?? injected.group) === injected.group);
    if (tabs) tabs.activate(TAB_ID);
    else activateTab(root, injected.group, TAB_ID);
  }
  void fillTab(injected.panel, actor, app);
}

/** Wire the Defenses tab on any sheet. Call once, in the `init` hook; a system's own sheets are registered by its folder (`systems/`). */
export function registerDefensesTab(): void {
  void foundry.applications.handlebars.loadTemplates({ ...PARTIALS });
  void foundry.applications.handlebars.loadTemplates([TAB_TEMPLATE, PREVIEW_TEMPLATE, HOST_TEMPLATE]);
  Hooks.on("renderActorSheetV2", (app, element) => safely("render", () => onRenderV2(app, element)));
  Hooks.on("renderActorSheet", (app, html) => safely("render", () => onRenderV1(app, html)));
  Hooks.on("getHeaderControlsActorSheetV2", (app, controls) => addDefensesControl(app as unknown as SheetLike, controls as unknown as HeaderControl[], ICON, hasTab));
}
