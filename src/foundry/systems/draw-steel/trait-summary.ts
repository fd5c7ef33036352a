/**
 * Draw Steel's immunities and weaknesses at the top of the Defenses tab, in
 * the system's words: "Fire 5, All 2", as its own sheet lists them
 * (`src/module/applications/sheets/actor-sheet.mjs` lines 303–321:
 * `ds.CONFIG.damageTypes[type].label`, pre-localized, and
 * `DRAW_STEEL.Actor.base.FIELDS.damage.immunities.all.label` for `all`, each
 * with its value, only values above 0). The system has no separate editor:
 * they are edited on its Stats tab in edit mode, so no editor is offered.
 */
import type { SystemTraitSummary, TraitClause } from "../../actor/system-support.ts";
import { obj } from "../../../core/import/types.ts";

/** The label of a damage type key as the system shows it; the key itself when the system has none. */
export type DrawSteelLabel = (key: string) => string;

/** The clauses of a prepared `system.damage`: immune, then weak, each one item "Fire 5, All 2". Pure; never throws. */
export function drawSteelClauses(damage: unknown, label: DrawSteelLabel): TraitClause[] {
  const d = obj(damage) ?? {};
  const clauses: TraitClause[] = [];
  for (const [key, kind] of [["immunities", "immune"], ["weaknesses", "weak"]] as const) {
    const table = obj(d[key]) ?? {};
    const items = Object.entries(table).filter(([, v]) => typeof v === "number" && v > 0).map(([t, v]) => `${label(t)} ${String(v)}`);
    if (items.length > 0) clauses.push({ kind, items: [items.join(", ")] });
  }
  return clauses;
}

/** The system's labels (`ds.CONFIG.damageTypes`, pre-localized; the `all` field's label). */
function systemLabel(key: string): string {
  const i18n = game.i18n!;
  if (key === "all") {
    const k = "DRAW_STEEL.Actor.base.FIELDS.damage.immunities.all.label";
    const own = i18n.localize(k);
    return own !== k ? own : i18n.localize("DAMAGECHAIN.Type.all");
  }
  const types = (globalThis as { ds?: { CONFIG?: { damageTypes?: Record<string, { label?: unknown }> } } }).ds?.CONFIG?.damageTypes;
  const l = types?.[key]?.label;
  return typeof l === "string" && l !== "" ? i18n.localize(l) : key;
}

/** The actor's immunities and weaknesses as the tab's summary shows them; the profile reads them on every hit. */
export function drawSteelTraitSummary(actor: Actor.Implementation): SystemTraitSummary {
  const damage = (actor.system as unknown as { damage?: unknown }).damage;
  return { system: "Draw Steel", reading: "profile", clauses: drawSteelClauses(damage, systemLabel), editors: [] };
}
