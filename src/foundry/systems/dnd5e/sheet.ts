/**
 * dnd5e 5.x: the Defenses tab joins the character and NPC sheets through
 * their static registration, at `init`: a `TABS` entry (its `condition`
 * hides the tab from users who may not see it, and dnd5e then drops the
 * part) and a `PARTS` entry in the sheet's tab body, rendered from
 * `templates/parts/tab-host.hbs`; the tab is filled after render. dnd5e keeps
 * the active tab in `tabGroups.primary` across re-renders.
 */
import { actorAccess } from "../../sheet/actor-access.ts";
import { HOST_TEMPLATE, TAB_ID } from "../../sheet/paths.ts";

/** dnd5e's tab descriptor (`PrimarySheetMixin.TABS`). */
interface Dnd5eTab {
  tab: string;
  label: string;
  icon?: string;
  condition?: (doc: Actor.Implementation) => boolean;
}

/** The static side of a dnd5e actor sheet class. */
interface Dnd5eSheetClass {
  TABS: Dnd5eTab[];
  PARTS: Record<string, { container?: { id?: string; classes?: string[] }; template: string } & Record<string, unknown>>;
}

/** The dnd5e sheet classes that get the tab, from the system's public `dnd5e.applications.actor`. */
function sheetClasses(): Dnd5eSheetClass[] {
  const actorApps = (globalThis as { dnd5e?: { applications?: { actor?: Record<string, unknown> } } }).dnd5e?.applications?.actor ?? {};
  return ["CharacterActorSheet", "NPCActorSheet"].map((name) => actorApps[name]).filter((c): c is Dnd5eSheetClass => typeof c === "function" && Array.isArray((c as unknown as Dnd5eSheetClass).TABS));
}

/** Insert `entry` right after the last part that lives in the tab body (so the tab renders with the others). */
function withPart(parts: Dnd5eSheetClass["PARTS"], entry: Dnd5eSheetClass["PARTS"][string]): Dnd5eSheetClass["PARTS"] {
  const keys = Object.keys(parts).filter((k) => k !== TAB_ID);
  const lastTab = keys.filter((k) => parts[k]?.container?.id === "tabs").at(-1);
  const out: Dnd5eSheetClass["PARTS"] = {};
  for (const k of keys) {
    out[k] = parts[k]!;
    if (k === lastTab) out[TAB_ID] = entry;
  }
  if (!(TAB_ID in out)) out[TAB_ID] = entry;
  return out;
}

/** Register the tab on dnd5e's character and NPC sheets. Returns how many sheet classes got it. Call at `init`. */
export function registerDnd5eTab(): number {
  const classes = sheetClasses();
  for (const cls of classes) {
    if (cls.TABS.some((t) => t.tab === TAB_ID)) continue;
    cls.TABS = [...cls.TABS, { tab: TAB_ID, label: "DAMAGECHAIN.Sheet.Tab", icon: "fa-solid fa-shield-halved", condition: (actor) => actorAccess(actor) !== "hidden" }];
    cls.PARTS = withPart(cls.PARTS, { container: { classes: ["tab-body"], id: "tabs" }, template: HOST_TEMPLATE, scrollable: [""] });
  }
  return classes.length;
}
