/**
 * Foundry's own `<multi-select>` (`foundry.applications.elements.HTMLMultiSelectElement`,
 * v13 and v14) as the Defenses tab uses it for its type pickers.
 * DOM only. The element builds, on connect, a `div.tags` of the chosen values
 * (`div.tag[data-key]`, each with an `a.remove` link) and a `<select>` that
 * adds one (v13 `client/applications/elements/multi-select.mjs` `_buildElements`,
 * `_refresh`; `string-tags.mjs` `renderTag`). Two gaps are closed here:
 * - the `<select>` it builds has no name of its own (a `<label>` around the
 *   element names the element, not its select): it gets the field's label;
 * - the remove links are not focusable (an `<a>` without `href`): they become
 *   buttons a keyboard reaches, named after their value ("Remove Fire"), and
 *   Enter or Space removes the value as a click does.
 * - a chip's label is read from its option's `innerText` when the element
 *   connects (`AbstractMultiSelectElement#_initialize`), and Chromium gives ""
 *   for an option inside a closed `<details>` (the preview, a row's "More"):
 *   an empty chip gets its option's text.
 * Nothing else of the element is touched; where its markup differs, nothing happens.
 */

/** Name the pickers' selects, label their empty chips and make their remove links reachable, for every `<multi-select>` under `root`. */
export function enhanceMultiSelects(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>("multi-select")) {
    const select = el.querySelector<HTMLSelectElement>(":scope > select");
    const label = el.dataset.label;
    if (select && label) select.setAttribute("aria-label", label);
    const pattern = el.dataset.removeLabel;
    for (const tag of el.querySelectorAll<HTMLElement>(":scope > .tags > .tag")) {
      const text = tag.querySelector("span");
      const option = [...(select?.options ?? [])].find((o) => o.value === tag.dataset.key);
      if (text && text.textContent === "" && option) text.textContent = option.textContent.trim();
    }
    for (const link of el.querySelectorAll<HTMLElement>(":scope > .tags > .tag > .remove")) {
      link.tabIndex = 0;
      link.setAttribute("role", "button");
      const name = link.closest(".tag")?.textContent?.trim() ?? "";
      if (pattern) link.setAttribute("aria-label", pattern.replace("{name}", name));
    }
  }
}

/**
 * Enter or Space on a picker's remove link: remove that value (the element's
 * own click handler does it) and put the focus on the picker's select, as the
 * link is gone. Returns whether the key was handled.
 */
export function removeByKey(event: KeyboardEvent): boolean {
  if (event.key !== "Enter" && event.key !== " ") return false;
  const link = event.target as HTMLElement;
  const picker = link.closest<HTMLElement>("multi-select");
  if (!picker || !link.matches(".tag > .remove")) return false;
  event.preventDefault();
  link.click();
  picker.querySelector<HTMLSelectElement>(":scope > select")?.focus();
  return true;
}
