/**
 * Filling a Defenses tab from the entry file's side: the tab's body (form,
 * preview, validation: `mount.ts` and what it imports) is its own chunk, a
 * dynamic `import()` downloaded the first time a sheet or window shows the tab.
 */
import { MODULE_ID } from "../constants.ts";

/**
 * Fill `panel` with `actor`'s Defenses tab (see `mount.ts` `fillTab`),
 * loading the tab's chunk on first use. A chunk that cannot be loaded is
 * logged; the sheet renders on without the tab's content.
 */
export function fillTab(panel: HTMLElement, actor: Actor.Implementation, sheet: object): Promise<void> {
  return import("./mount.ts").then(
    ({ fillTab: fill }) => fill(panel, actor, sheet),
    (err: unknown) => console.error(`${MODULE_ID} | could not load the Defenses tab`, err),
  );
}
