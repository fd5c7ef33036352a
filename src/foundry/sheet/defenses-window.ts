/**
 * The Defenses editor as its own ApplicationV2 window, for sheets with no
 * tab navigation to join: the header control of such a sheet
 * opens it. One window per actor (`foundry.applications.instances`); it
 * shows the same Defenses tab (`sheet/mount.ts` fillTab) and is re-rendered
 * with the actor (`actor.apps`). The class is built on first use, when
 * Foundry's application classes exist.
 */
import { fillTab } from "./fill.ts";

const ICON = "fa-solid fa-shield-halved";
const windowId = (actor: Actor.Implementation) => `damage-chain-defenses-${actor.id ?? "actor"}`;

function makeClass() {
  const { ApplicationV2 } = foundry.applications.api;
  return class DefensesWindow extends ApplicationV2 {
    static override DEFAULT_OPTIONS = {
      classes: ["damage-chain-window"],
      window: { title: "DAMAGECHAIN.Sheet.Tab", icon: ICON, resizable: true },
      position: { width: 620, height: 700 },
    };

    constructor(readonly actor: Actor.Implementation) {
      super({ id: windowId(actor) });
    }

    override get title(): string {
      return `${game.i18n!.localize("DAMAGECHAIN.Sheet.Tab")}: ${this.actor.name ?? ""}`;
    }

    override async _renderHTML(): Promise<HTMLElement> {
      const host = document.createElement("div");
      host.className = "damage-chain-host";
      await fillTab(host, this.actor, this);
      return host;
    }

    override _replaceHTML(result: unknown, content: HTMLElement): void {
      content.replaceChildren(result as HTMLElement);
    }
  };
}

let cls: ReturnType<typeof makeClass> | undefined;
/** Ids of the windows whose first render is under way (v13 `ApplicationV2#render` registers the instance after `_renderHTML`). */
const opening = new Set<string>();

/**
 * Open (or bring to the front) the Defenses window of `actor`; while its
 * first render is under way, a second call does nothing (one click may reach
 * both the control's `onClick` and its action). Never throws.
 */
export function openDefensesWindow(actor: Actor.Implementation): void {
  try {
    const open = foundry.applications.instances.get(windowId(actor));
    if (open !== undefined) {
      open.bringToFront();
      return;
    }
    // Foundry registers a window in `instances` only once its first render is done: one being opened is not opened again.
    if (opening.has(windowId(actor))) return;
    cls ??= makeClass();
    const app = new cls(actor);
    (actor.apps as Record<string, unknown>)[app.id] = app; // re-rendered when the actor changes
    opening.add(app.id);
    void app.render({ force: true }).finally(() => opening.delete(app.id));
  } catch (err) {
    console.error("damage-chain | Defenses window", err);
  }
}
