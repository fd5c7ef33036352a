/**
 * PF1's own damage traits on the Defenses tab: the summary at its top, in
 * PF1's words, and the buttons that open PF1's own editors.
 *
 * Read in foundryvtt/pf1 v10.8 (bee79fd5):
 * - `module/documents/actor/actor-pf.mjs` lines 3706-3761
 *   `ActorPF#parseResistances("dr" | "eres")`: each entry as PF1 writes it
 *   ("5/Silver", "Fire 10"), the custom text included;
 * - `module/registry/damage-types.mjs`: each type's `name`, a lang key;
 * - `public/templates/actors/parts/actor-traits.hbs` lines 41-74: the sheet's
 *   editors are `a.resistance-selector[data-options="eres"|"dr"]` and
 *   `a.trait-selector[data-for="system.traits.di"|"system.traits.dv"]`
 *   (`module/applications/actor/actor-sheet.mjs` line 968 binds them).
 * The pf1 profile reads these traits on every hit, so the reading is always
 * `profile`.
 */
import type { SystemTraitSummary, TraitClause } from "../../actor/system-support.ts";

interface Pf1Actor {
  parseResistances?(kind: "dr" | "eres"): Record<string, string>;
  system?: { traits?: { di?: { value?: unknown; custom?: unknown }; dv?: { value?: unknown; custom?: unknown }; hardness?: unknown } };
}

/** The sheet's control of each PF1 editor the tab offers. */
const CONTROLS: Readonly<Record<string, string>> = {
  dr: 'a.resistance-selector[data-options="dr"]',
  eres: 'a.resistance-selector[data-options="eres"]',
  di: 'a.trait-selector[data-for="system.traits.di"]',
  dv: 'a.trait-selector[data-for="system.traits.dv"]',
};

/** A damage type's label as PF1 names it (`pf1.registry.damageTypes`), else its id. */
function typeName(id: string): string {
  const name = (globalThis as { pf1?: { registry?: { damageTypes?: { get(id: string): { name?: string } | undefined } } } }).pf1?.registry?.damageTypes?.get(id)?.name;
  return typeof name === "string" ? game.i18n!.localize(name) : id;
}

const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "") : typeof v === "string" ? v.split(";").map((s) => s.trim()).filter((s) => s !== "") : []);

/** The actor's PF1 damage traits, as the tab's summary shows them. */
export function pf1TraitSummary(actor: Actor.Implementation): SystemTraitSummary {
  const a = actor as unknown as Pf1Actor;
  const traits = a.system?.traits ?? {};
  const clauses: TraitClause[] = [];
  const list = (trait: { value?: unknown; custom?: unknown } | undefined) => [...texts(trait?.value).map(typeName), ...texts(trait?.custom)];
  const immune = list(traits.di);
  if (immune.length > 0) clauses.push({ kind: "immune", items: immune });
  const resisted = [...Object.values(a.parseResistances?.("dr") ?? {}), ...Object.values(a.parseResistances?.("eres") ?? {})];
  const hardness = Number(traits.hardness);
  if (Number.isInteger(hardness) && hardness > 0) resisted.push(game.i18n!.format("DAMAGECHAIN.Defense.pf1.all", { value: String(hardness) }));
  if (resisted.length > 0) clauses.push({ kind: "resistant", items: resisted });
  const vulnerable = list(traits.dv);
  if (vulnerable.length > 0) clauses.push({ kind: "vulnerable", items: vulnerable });
  return { system: "pf1", reading: "profile", clauses, editors: [{ id: "di", kind: "immune" }, { id: "dr", kind: "resistant", labelKey: "DAMAGECHAIN.Sheet.SystemTraits.Editor.pf1Dr" }, { id: "eres", kind: "resistant", labelKey: "DAMAGECHAIN.Sheet.SystemTraits.Editor.pf1Eres" }, { id: "dv", kind: "vulnerable" }] };
}

/** Click the sheet's own control for PF1's editor `editor`, from an element inside that sheet; false when the sheet has none. */
export function openPf1TraitEditor(_actor: Actor.Implementation, editor: string, from: HTMLElement): boolean {
  const selector = Object.hasOwn(CONTROLS, editor) ? CONTROLS[editor] : undefined;
  const sheet = from.closest(".app, .application, .window-app");
  const control = selector === undefined ? null : sheet?.querySelector<HTMLElement>(selector);
  if (!control) return false;
  control.click();
  return true;
}
