/**
 * Adding the Defenses tab to a sheet whose template the module does not own
 * (core ApplicationV2 sheets of any system, legacy ApplicationV1 sheets):
 * find the sheet's tab navigation, add a nav item and an empty panel shaped
 * like the sheet's own (shallow clones, so the system's classes and
 * `data-action="tab"` wiring apply), and switch tabs. DOM only, no Foundry
 * globals; idempotent, so it can run on every render.
 */

/** Where the tab was added. */
export interface Injected {
  group: string;
  navItem: HTMLElement;
  panel: HTMLElement;
}

/**
 * The tab-navigation element to use: only a real one, a `.tabs` element with
 * `[data-tab]` items whose tab group is named (`data-group` on the nav or on
 * its items: core ApplicationV2 and ApplicationV1 tab controllers); group
 * "primary" if there is one, else the first. A `nav` without `.tabs` or an
 * unnamed group (a filter bar, a sheet's own widget) is never used.
 */
export function findNav(root: HTMLElement): HTMLElement | null {
  const navs = [...root.querySelectorAll<HTMLElement>(".tabs")].filter((n) => n.querySelector("[data-tab]") !== null && (n.dataset.group !== undefined || n.querySelector("[data-tab][data-group]") !== null));
  return navs.find((n) => n.dataset.group === "primary") ?? navs[0] ?? null;
}

/** Where tab `tabId` goes in `root`: the nav's items, its group, the panels of that group and the last of each; null when nowhere. */
function locate(root: HTMLElement, tabId: string): { items: HTMLElement[]; group: string; panels: HTMLElement[]; last: HTMLElement; lastItem: HTMLElement } | null {
  const nav = findNav(root);
  if (!nav) return null;
  const items = [...nav.querySelectorAll<HTMLElement>("[data-tab]")];
  const group = nav.dataset.group ?? items[0]?.dataset.group ?? "primary";
  const names = new Set(items.map((i) => i.dataset.tab));
  const panels = [...root.querySelectorAll<HTMLElement>(".tab[data-tab]")].filter((p) => !nav.contains(p) && names.has(p.dataset.tab) && (p.dataset.group ?? group) === group);
  const last = panels.at(-1);
  const lastItem = items.filter((i) => i.dataset.tab !== tabId).at(-1);
  return last && lastItem ? { items, group, panels, last, lastItem } : null;
}

/** True when `injectTab(root, tabId, …)` adds (or finds) the tab: the sheet has a tab navigation to join. Changes nothing. */
export function canInject(root: HTMLElement, tabId: string): boolean {
  return locate(root, tabId) !== null;
}

/**
 * Add (or find) nav item and panel `tabId` in the sheet `root`. `label` is
 * the localized tab name, `icon` Font Awesome classes. Returns null when the
 * sheet has no tab navigation with matching panels (the tab is then not shown).
 */
export function injectTab(root: HTMLElement, tabId: string, label: string, icon: string): Injected | null {
  const place = locate(root, tabId);
  if (!place) return null;
  const { items, group, panels, last, lastItem } = place;

  let navItem = items.find((i) => i.dataset.tab === tabId);
  if (!navItem) {
    navItem = lastItem.cloneNode(false) as HTMLElement;
    navItem.classList.remove("active");
    navItem.removeAttribute("aria-selected");
    navItem.removeAttribute("aria-pressed");
    navItem.removeAttribute("id");
    navItem.dataset.tab = tabId;
    navItem.dataset.tooltip = label;
    navItem.setAttribute("aria-label", label);
    const i = root.ownerDocument.createElement("i");
    i.className = icon;
    i.setAttribute("inert", "");
    navItem.append(i);
    // Text labels only where the sheet's own items show text.
    if ((lastItem.textContent ?? "").trim() !== "") navItem.append(" ", label);
    lastItem.after(navItem);
  }
  let panel = panels.find((p) => p.dataset.tab === tabId);
  if (!panel) {
    panel = last.cloneNode(false) as HTMLElement;
    panel.classList.remove("active");
    panel.removeAttribute("id");
    panel.dataset.tab = tabId;
    if (last.dataset.group !== undefined) panel.dataset.group = group;
    panel.classList.add("damage-chain-host");
    last.after(panel);
  }
  return { group, navItem, panel };
}

/** Show tab `tabId` of `group` in `root`: its nav item and panel become active, the others not. */
export function activateTab(root: HTMLElement, group: string, tabId: string): void {
  const nav = findNav(root);
  if (!nav) return;
  const inGroup = (el: HTMLElement) => (el.dataset.group ?? group) === group;
  const items = [...nav.querySelectorAll<HTMLElement>("[data-tab]")].filter(inGroup);
  const names = new Set(items.map((i) => i.dataset.tab));
  for (const item of items) item.classList.toggle("active", item.dataset.tab === tabId);
  for (const panel of root.querySelectorAll<HTMLElement>(".tab[data-tab]")) {
    if (!nav.contains(panel) && inGroup(panel) && names.has(panel.dataset.tab)) panel.classList.toggle("active", panel.dataset.tab === tabId);
  }
}
