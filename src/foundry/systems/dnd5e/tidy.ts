/**
 * Tidy 5e Sheets (kgar/foundry-vtt-tidy-5e-sheets): the Defenses tab joins
 * Tidy's character and NPC sheets through Tidy's own API, which Tidy hands
 * out with the `tidy5e-sheet.ready` hook (src/foundry/TidyHooks.ts) and as
 * `game.modules.get("tidy5e-sheet").api`. The tab is an `api.models.HtmlTab`
 * (src/api/tab/HtmlTab.ts: title, tabId, iconClass, html, renderScheme,
 * enabled(context), onRender({ app, element, tabContentsElement, … })),
 * registered with `registerCharacterTab` / `registerNpcTab`
 * (src/api/Tidy5eSheetsApi.ts). Tidy renders the html into the tab's
 * contents on every render (`renderScheme: "handlebars"`) and then calls
 * `onRender`, where the tab is filled. Tidy's sheets are ActorSheetV2 sheets,
 * so the generic injection leaves them alone ({@link isTidySheet}).
 */
import { MODULE_ID } from "../../constants.ts";
import { actorAccess } from "../../sheet/actor-access.ts";
import { fillTab } from "../../sheet/fill.ts";

/** Tidy's tab id for the Defenses tab (module-prefixed, as Tidy asks). */
export const TIDY_TAB_ID = `${MODULE_ID}-defenses`;

/** The parts of Tidy's `OnRenderTabParams` the tab reads. */
export interface TidyRenderParams {
  app: { actor?: Actor.Implementation; document?: Actor.Implementation };
  tabContentsElement: HTMLElement;
}

/** The part of Tidy's API (`Tidy5eSheetsApi`) the module calls. */
export interface TidyApi {
  models: { HtmlTab: new (props: Record<string, unknown>) => unknown };
  registerCharacterTab(tab: unknown, options?: { layout?: string }): void;
  registerNpcTab(tab: unknown, options?: { layout?: string }): void;
}

/** True for a Tidy 5e sheet (Tidy's own test: `options.classes` has "tidy5e-sheet" and "sheet"). */
export function isTidySheet(app: { options?: { classes?: readonly string[] } }): boolean {
  const classes = app.options?.classes ?? [];
  return classes.includes("tidy5e-sheet") && classes.includes("sheet");
}

const registered = new WeakSet<object>();

/** Register the Defenses tab with Tidy's API (once per API object). Never throws; returns whether it registered. */
export function registerTidyTab(api: TidyApi | undefined | null, icon: string): boolean {
  if (!api || registered.has(api)) return false;
  try {
    const tab = new api.models.HtmlTab({
      title: "DAMAGECHAIN.Sheet.Tab",
      tabId: TIDY_TAB_ID,
      iconClass: icon,
      html: `<div class="damage-chain-host" data-damage-chain-tidy></div>`,
      renderScheme: "handlebars",
      enabled: (context: { actor?: Actor.Implementation; document?: Actor.Implementation } | undefined) => {
        const actor = context?.actor ?? context?.document;
        return actor !== undefined && actorAccess(actor) !== "hidden";
      },
      onRender: ({ app, tabContentsElement }: TidyRenderParams) => {
        const actor = app.actor ?? app.document;
        const host = tabContentsElement.querySelector<HTMLElement>("[data-damage-chain-tidy]") ?? tabContentsElement;
        if (actor !== undefined) void fillTab(host, actor, app);
      },
    });
    api.registerCharacterTab(tab);
    api.registerNpcTab(tab);
    registered.add(api);
    return true;
  } catch (err) {
    console.error(`${MODULE_ID} | Tidy 5e Sheets: the Defenses tab could not be registered`, err);
    return false;
  }
}
