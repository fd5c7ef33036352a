/**
 * pf2e's own immunities, weaknesses and resistances (IWR) on the Defenses
 * tab: the summary at its top and the button that opens pf2e's own editor.
 *
 * Read in foundryvtt/pf2e (commit 05141a6238dcd9e3901fcd45ea074a5c73644329,
 * `src/module/actor/data/iwr.ts`): a prepared actor's
 * `system.attributes.immunities|weaknesses|resistances` hold `Immunity`,
 * `Weakness`, `Resistance` objects whose `label` getter already says type,
 * value, exceptions and `doubleVs` in pf2e's words
 * (`PF2E.Damage.IWR.CompositeLabel.Exceptions<n>DoubleVs<m>`), as pf2e's NPC
 * sidebar shows them (`static/templates/actors/npc/partials/sidebar.hbs`,
 * `{{immunity.label}}`). An entry without a label (source data) is written
 * from its type, value, exceptions and doubleVs with pf2e's type labels
 * (`CONFIG.PF2E.immunityTypes|weaknessTypes|resistanceTypes`).
 *
 * pf2e's editor: `IWREditor` (`src/module/actor/sheet/popups/iwr-editor.ts`,
 * one per category) is not exposed by pf2e; its actor sheets open it from
 * their own controls `a[data-action="edit-immunities|weaknesses|resistances"]`
 * (`src/module/actor/sheet/base.ts`, `activateClickListener`:
 * `handlers[\`edit-${listName}\`] = () => new IWREditor(this.actor, { category })`;
 * the NPC sidebar has them when the sheet is editable). The button clicks
 * that control of the sheet the tab is in; a sheet without it (pf2e's
 * character sheet, whose IWR come from rule elements) gets a notice instead.
 */
import type { SystemTraitSummary, TraitClause } from "../../actor/system-support.ts";
import { obj } from "../../../core/import/types.ts";

type Category = "immunities" | "weaknesses" | "resistances";

const KINDS: Readonly<Record<Category, TraitClause["kind"]>> = { immunities: "immune", weaknesses: "weak", resistances: "resistant" };

/** How an entry without its own label is written: the type's label, the exceptions and doubleVs labels (pf2e's), in the reader's words. */
export interface Pf2eFallback {
  type(category: Category, id: string): string;
  except(item: string, list: readonly string[]): string;
  doubleVs(item: string, list: readonly string[]): string;
}

/** One IWR entry in pf2e's words. */
function entryText(category: Category, raw: unknown, fallback: Pf2eFallback): string | undefined {
  const label = (raw as { label?: unknown } | null)?.label;
  if (typeof label === "string" && label.trim() !== "") return label.trim();
  const e = obj(raw);
  if (e === undefined || typeof e.type !== "string" || e.type === "") return undefined;
  const named = (x: unknown) => (typeof x === "string" ? fallback.type(category, x) : typeof obj(x)?.label === "string" ? String(obj(x)!.label) : "");
  let text = fallback.type(category, e.type);
  if (typeof e.value === "number") text = `${text} ${e.value}`;
  const exceptions = (Array.isArray(e.exceptions) ? e.exceptions : []).map(named).filter((x) => x !== "");
  const doubled = (Array.isArray(e.doubleVs) ? e.doubleVs : []).map(named).filter((x) => x !== "");
  if (exceptions.length > 0) text = fallback.except(text, exceptions);
  if (doubled.length > 0) text = fallback.doubleVs(text, doubled);
  return text;
}

/**
 * The clauses of a pf2e actor's prepared `system.attributes`: immune, weak,
 * resistant, each listing its entries in pf2e's words (joined by ", " into
 * one item). Categories without entries give no clause. Pure; never throws.
 */
export function pf2eClauses(attributes: unknown, fallback: Pf2eFallback): TraitClause[] {
  const a = obj(attributes) ?? {};
  const clauses: TraitClause[] = [];
  for (const category of ["immunities", "weaknesses", "resistances"] as const) {
    const list = Array.isArray(a[category]) ? (a[category] as unknown[]) : [];
    const texts = list.map((e) => entryText(category, e, fallback)).filter((x): x is string => x !== undefined);
    if (texts.length > 0) clauses.push({ kind: KINDS[category], items: [texts.join(", ")] });
  }
  return clauses;
}

/** pf2e's editors, one per category (the ids are the categories). */
export const PF2E_EDITORS: readonly { id: Category; kind: TraitClause["kind"] }[] = [
  { id: "immunities", kind: "immune" },
  { id: "weaknesses", kind: "weak" },
  { id: "resistances", kind: "resistant" },
];

/** pf2e's type labels (`CONFIG.PF2E.<category without s>Types`), and the tab's own words for exceptions. */
function fallback(): Pf2eFallback {
  const config = (CONFIG as unknown as { PF2E?: Record<string, Record<string, string> | undefined> }).PF2E ?? {};
  const i18n = game.i18n!;
  const list = new Intl.ListFormat(i18n.lang || "en", { style: "long", type: "conjunction" });
  const table: Record<Category, string> = { immunities: "immunityTypes", weaknesses: "weaknessTypes", resistances: "resistanceTypes" };
  return {
    type: (category, id) => {
      const key = config[table[category]]?.[id];
      return typeof key === "string" ? i18n.localize(key) : id;
    },
    except: (item, l) => i18n.format("DAMAGECHAIN.Sheet.SystemTraits.Except", { item, list: list.format(l) }),
    doubleVs: (item, l) => i18n.format("DAMAGECHAIN.Sheet.SystemTraits.DoubleVs", { item, list: list.format(l) }),
  };
}

/** The actor's IWR as the tab's summary shows them. `replacing`: pf2e's replace mode (the chain reads them) rather than pf2e applying them first. */
export function pf2eTraitSummary(actor: Actor.Implementation, replacing: boolean): SystemTraitSummary {
  const attributes = (actor.system as unknown as { attributes?: unknown }).attributes;
  return { system: "pf2e", reading: replacing ? "profile" : "system", clauses: pf2eClauses(attributes, fallback()), editors: [...PF2E_EDITORS] };
}

/** Click the sheet's own control for pf2e's editor of `editor` (a category), from an element inside that sheet; false when the sheet has none. */
export function openPf2eTraitEditor(_actor: Actor.Implementation, editor: string, from: HTMLElement): boolean {
  if (!PF2E_EDITORS.some((e) => e.id === editor)) return false;
  const sheet = from.closest(".app, .application, .window-app");
  const control = sheet?.querySelector<HTMLElement>(`[data-action="edit-${editor}"]`);
  if (!control) return false;
  control.click();
  return true;
}
