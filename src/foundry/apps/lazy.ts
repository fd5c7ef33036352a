/**
 * What the entry file knows of the windows (the Apply Damage dialog, the
 * profile editor, the resource-mapping editor, the bestiary window): small
 * stand-ins that load a window's own chunk (a dynamic `import()`, which Vite
 * splits off) the first time it is opened, so a world downloads a window's
 * code only when someone opens it.
 */
import { MODULE_ID } from "../constants.ts";
import { loadPlan } from "../hit/load-plan.ts";

/** Report a chunk that failed to load (network, a stale cache after an update). */
function failed(what: string): (err: unknown) => void {
  return (err) => {
    console.error(`${MODULE_ID} | could not load the ${what}`, err);
    ui.notifications?.error(game.i18n!.localize("DAMAGECHAIN.Notify.LoadFailed"));
  };
}

/** Open the Apply Damage dialog (`apply-dialog.ts`), loading it on first use. */
export function openApplyDialog(): void {
  // With the hit planner, which its previews run (`hit/load-plan.ts`; loading since `init`).
  Promise.all([import("./apply-dialog.ts"), loadPlan()])
    .then(([{ openApplyDialog: open }]) => open())
    .catch(failed("Apply Damage dialog"));
}

/** Open the bestiary window (`bestiary/window.ts`, GMs only), loading it on first use. */
export function openBestiaryWindow(): void {
  import("./bestiary/window.ts")
    .then(({ openBestiaryWindow: open }) => open())
    .catch(failed("bestiary window"));
}

/** Open the damage log (`damage-log.ts`): the world's, or `actor`'s history; loading it on first use. */
export function openDamageLog(actor?: Actor.Implementation): void {
  import("./damage-log.ts")
    .then(({ openDamageLog: open }) => open(actor))
    .catch(failed("damage log"));
}

/** A window class of a settings menu: Foundry creates it and renders it when the menu's button is clicked. */
type MenuWindow = new () => { render(options: { force: boolean }): unknown };

/**
 * A settings-menu class for `game.settings.registerMenu`, which requires an
 * ApplicationV2 subclass. Foundry's settings window does `new menu.type()`
 * then `render(true)` on a click; this stand-in's `render` loads the real
 * window with `load` and renders that instead. Build it at `init` (it needs
 * Foundry's classes).
 */
/** (Return type inferred: `registerMenu` checks the class it gets.) */
export function lazyMenu(what: string, load: () => Promise<MenuWindow>) {
  return class LazyMenu extends foundry.applications.api.ApplicationV2 {
    override render(): Promise<this> {
      return load()
        .then((Window) => new Window().render({ force: true }))
        .catch(failed(what))
        .then(() => this);
    }
  };
}
