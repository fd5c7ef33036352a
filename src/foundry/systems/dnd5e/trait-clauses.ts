/**
 * A dnd5e actor's own damage traits as the clauses of the Defenses tab's
 * summary, in dnd5e's words. Pure: labels come from the caller (the adapter
 * reads `CONFIG.DND5E`; tests pass their own), so the same function feeds
 * Foundry and the browser test.
 *
 * Read as dnd5e presents them, checked against foundryvtt/dnd5e 5.3.3
 * (commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449):
 * - `module/data/actor/npc.mjs` lines 752-780 (the stat block): per trait,
 *   the types a bypass does not touch, then the physical types with bypasses
 *   in `DND5E.DAMAGE.PhysicalBypass.Description` ("{damageTypes} from attacks
 *   that are not {bypassTypes}", a conjunction and a disjunction list), the
 *   entries joined by "; ";
 * - `module/applications/actor/api/base-actor-sheet.mjs` lines 635-690
 *   (`_prepareTraits`): `dm` as "<type> +n", its bypasses on physical types
 *   only; condition immunities `ci` shown with the damage immunities;
 * - `module/data/actor/templates/attributes.mjs` line 40: `hp.dt`, the
 *   damage threshold.
 */
import type { Dnd5eTraits } from "../../../core/model/dnd5e.ts";
import type { TraitClause } from "../../actor/system-support.ts";

/** How dnd5e names things, in the reader's language. */
export interface Dnd5eLabels {
  /** A damage type (`fire` → "Fire"); `all` → dnd5e's "All Damage". */
  type(id: string): string;
  /** True for dnd5e's physical damage types (`CONFIG.DND5E.damageTypes[id].isPhysical`). */
  isPhysical(id: string): boolean;
  /** An item property that bypasses (`mgc` → "Magical"). */
  property(id: string): string;
  /** A condition (`poisoned` → "Poisoned"). */
  condition(id: string): string;
  /** dnd5e's bypass phrase for these physical types and properties (already labelled). */
  bypass(types: readonly string[], properties: readonly string[]): string;
  /** A list joined as the reader's language does ("A, B, and C"). */
  list(items: readonly string[]): string;
}

/** The entries of `di`, `dr` or `dv`: the plain types, then the physical types a bypass lets through. */
function traitItems(trait: { value: readonly string[]; bypasses: readonly string[] }, labels: Dnd5eLabels): string[] {
  const bypassed = trait.bypasses.length > 0 ? trait.value.filter((t) => labels.isPhysical(t)) : [];
  const plain = trait.value.filter((t) => !bypassed.includes(t));
  const items: string[] = [];
  if (plain.length > 0) items.push(labels.list(plain.map((t) => labels.type(t))));
  if (bypassed.length > 0) items.push(labels.bypass(bypassed.map((t) => labels.type(t)), trait.bypasses.map((p) => labels.property(p))));
  return items;
}

/** "+5" / "−2": a signed whole number. */
const signed = (n: number) => (n > 0 ? `+${n}` : `\u2212${Math.abs(n)}`);

/**
 * The clauses of `traits` (and the condition immunities `ci`, ids), in the
 * order dnd5e's stat block reads: immunities, resistances, vulnerabilities,
 * then the modification, the threshold and the condition immunities. A
 * trait the actor lacks gives no clause; no traits give `[]`.
 */
export function dnd5eClauses(traits: Dnd5eTraits, ci: readonly string[], labels: Dnd5eLabels): TraitClause[] {
  const clauses: TraitClause[] = [];
  const add = (kind: TraitClause["kind"], items: string[]) => {
    if (items.length > 0) clauses.push({ kind, items });
  };
  add("immune", traitItems(traits.di, labels));
  add("resistant", traitItems(traits.dr, labels));
  add("vulnerable", traitItems(traits.dv, labels));
  const dm = Object.entries(traits.dm.amount).filter(([, n]) => n !== 0);
  const dmBypassed = traits.dm.bypasses.length > 0 ? dm.filter(([t]) => labels.isPhysical(t)) : [];
  const dmItems = dm.filter((e) => !dmBypassed.includes(e)).map(([t, n]) => `${labels.type(t)} ${signed(n)}`);
  if (dmBypassed.length > 0) dmItems.push(labels.bypass(dmBypassed.map(([t, n]) => `${labels.type(t)} ${signed(n)}`), traits.dm.bypasses.map((p) => labels.property(p))));
  add("modified", dmItems);
  if (traits.dt !== undefined && traits.dt > 0) add("threshold", [String(traits.dt)]);
  add("conditions", ci.length > 0 ? [labels.list(ci.map((c) => labels.condition(c)))] : []);
  return clauses;
}

/** The dnd5e editors behind each clause kind: its trait id for `TraitsConfig` / `DamagesConfig`, or `hp` for the hit points editor (threshold). */
export const DND5E_EDITORS: readonly { id: string; kind: TraitClause["kind"] }[] = [
  { id: "di", kind: "immune" },
  { id: "dr", kind: "resistant" },
  { id: "dv", kind: "vulnerable" },
  { id: "dm", kind: "modified" },
  { id: "dt", kind: "threshold" },
  { id: "ci", kind: "conditions" },
];
