/**
 * A header control on actor sheets that have no place for the Defenses tab
 *: ApplicationV2 actor sheets whose HTML has no real tab
 * navigation (`inject.ts`), other than dnd5e's own sheets (static tab) and
 * Tidy 5e sheets (Tidy's API). The control opens the Defenses editor as its
 * own window (`sheet/defenses-window.ts`). Foundry v13 and v14 both read a
 * header control's `onClick` (v13 `ApplicationHeaderControlsEntry.onClick`,
 * v14 the same in the header's context menu); the action is also registered
 * on the sheet (`options.actions`), which v13's dropdown dispatches through
 * (a public copy of an earlier ApplicationV2 binds no `onClick`). In builds that do both, one click
 * reaches both: the control answers each click event once.
 * Foundry reads `visible` when it builds the controls, before the `render…`
 * hooks add the tab: the caller's `hasTab` must answer from the sheet's HTML.
 */
import { openDefensesWindow } from "./defenses-window.ts";
import { actorAccess } from "./actor-access.ts";
import { TAB_ID } from "./paths.ts";
import { systemData } from "../actor/system-support.ts";

/** True when the world's system renders the tab in `app` itself (Tidy 5e under dnd5e: `systems/dnd5e/tidy.ts`). */
const ownsSheet = (app: unknown): boolean => systemData()?.ownsSheet?.(app) === true;

/** Click events the control has answered (the same event reaches `onClick` and the action). */
const handled = new WeakSet<Event>();

/** The action name of the control. */
export const HEADER_ACTION = "damageChainDefenses";

/** A header control entry (`ApplicationHeaderControlsEntry`; `onClick` is typed locally: fvtt-types 13.345 lacks it). */
export interface HeaderControl {
  action: string;
  icon: string;
  label: string;
  visible?: boolean | (() => boolean);
  onClick?: (event: Event) => void;
}

/** The parts of an ActorSheetV2 this code reads. */
export interface SheetLike {
  actor: Actor.Implementation;
  options?: { classes?: readonly string[]; actions?: Record<string, unknown> };
  constructor: unknown;
}

/** Sheets that show the tab by registration: dnd5e's (static TABS) and Tidy's. */
function hasRegisteredTab(app: SheetLike): boolean {
  const tabs = (app.constructor as { TABS?: unknown }).TABS;
  return ownsSheet(app) || (Array.isArray(tabs) && tabs.some((t: { tab?: string }) => t?.tab === TAB_ID));
}

/**
 * Handler for `getHeaderControlsActorSheetV2(app, controls)`: add the
 * Defenses control, shown while `hasTab(app)` is false (no tab was injected
 * into the sheet). Never throws.
 */
export function addDefensesControl(app: SheetLike, controls: HeaderControl[], icon: string, hasTab: (app: SheetLike) => boolean): void {
  try {
    if (hasRegisteredTab(app) || actorAccess(app.actor) === "hidden" || controls.some((c) => c.action === HEADER_ACTION)) return;
    // v13 binds `onClick` to the control's button AND runs the action when the click bubbles to the sheet
    // (`_renderHeaderControl`, `#onClickAction`): one click, one call.
    const open = (event?: Event) => {
      if (event !== undefined && handled.has(event)) return;
      if (event !== undefined) handled.add(event);
      openDefensesWindow(app.actor);
    };
    const actions = app.options?.actions;
    if (actions !== undefined && !(HEADER_ACTION in actions)) actions[HEADER_ACTION] = open;
    controls.push({ action: HEADER_ACTION, icon, label: "DAMAGECHAIN.Sheet.Tab", visible: () => !hasTab(app), onClick: open });
  } catch (err) {
    console.error("damage-chain | header control", err);
  }
}

/**
 * Legacy ApplicationV1 sheets without a tab navigation: a *Defenses* button
 * in the window header (beside V1's own header buttons, before *Close*) that
 * opens the Defenses window. `frame` is the sheet's outer element
 * (`app.element[0]`); added once. Never throws.
 */
export function addV1HeaderButton(frame: HTMLElement | undefined, actor: Actor.Implementation, icon: string, label: string): void {
  try {
    const header = frame?.querySelector<HTMLElement>(".window-header");
    if (!header || header.querySelector(".damage-chain-defenses") !== null) return;
    const button = header.ownerDocument.createElement("a");
    button.className = "header-button control damage-chain-defenses";
    const i = header.ownerDocument.createElement("i");
    i.className = icon;
    button.append(i, ` ${label}`);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      openDefensesWindow(actor);
    });
    const close = header.querySelector(".close");
    if (close) close.before(button);
    else header.append(button);
  } catch (err) {
    console.error("damage-chain | header button", err);
  }
}
