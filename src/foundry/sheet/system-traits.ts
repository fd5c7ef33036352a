/**
 * The top of the Defenses tab: the game system's own damage traits of the
 * actor, read-only, as one sentence in plain words around the system's own
 * labels ("From dnd5e: immune to Poison; resistant to Bludgeoning, Piercing,
 * and Slashing from attacks that are not Magical; damage threshold 5"), with
 * the system's own editors next to it. Pure; the system folders build the
 * {@link SystemTraitSummary} (`systems/dnd5e/trait-summary.ts`,
 * `systems/pf2e/trait-summary.ts`).
 *
 * Under a profile that does not read the system's traits (`reading: "none"`,
 * e.g. Revised 4E in a dnd5e world without *Count the system's own traits*),
 * the tab does not list them: a list there would read as if they counted.
 * It says in one line that this profile does not read them, and offers the
 * import (which turns them into the chain's own entries).
 */
import type { SystemTraitSummary, TraitClause, TraitReading } from "../actor/system-support.ts";
import type { Localizer } from "./localizer.ts";

/** The summary as the template renders it. */
export interface SystemTraitsView {
  system: string;
  reading: TraitReading;
  /** The traits are listed (the profile or the system applies them); else only `note` says that this profile does not read them. */
  listed: boolean;
  /** "immune to Poison; resistant to …", or "" (then `none` is shown). */
  text: string;
  /** The actor has no such traits: "no damage traits". */
  none: string;
  /** How the chain meets them, in one line. */
  note: string;
  /** The system's own editors (edit mode, and only when the profile reads the traits). */
  editors: { id: string; label: string }[];
  /** The system has an importer: the tab offers to turn the traits into the chain's entries. */
  canImport: boolean;
}

/** Lang key of a clause's sentence part, by kind (written out so the i18n test sees each). */
const CLAUSE_KEYS: Readonly<Record<TraitClause["kind"], string>> = {
  immune: "DAMAGECHAIN.Sheet.SystemTraits.Clause.immune",
  resistant: "DAMAGECHAIN.Sheet.SystemTraits.Clause.resistant",
  vulnerable: "DAMAGECHAIN.Sheet.SystemTraits.Clause.vulnerable",
  weak: "DAMAGECHAIN.Sheet.SystemTraits.Clause.weak",
  modified: "DAMAGECHAIN.Sheet.SystemTraits.Clause.modified",
  threshold: "DAMAGECHAIN.Sheet.SystemTraits.Clause.threshold",
  conditions: "DAMAGECHAIN.Sheet.SystemTraits.Clause.conditions",
};

/** Lang key of an editor's name, by the kind of clause it edits. */
const EDITOR_KEYS: Readonly<Record<TraitClause["kind"], string>> = {
  immune: "DAMAGECHAIN.Sheet.SystemTraits.Editor.immune",
  resistant: "DAMAGECHAIN.Sheet.SystemTraits.Editor.resistant",
  vulnerable: "DAMAGECHAIN.Sheet.SystemTraits.Editor.vulnerable",
  weak: "DAMAGECHAIN.Sheet.SystemTraits.Editor.weak",
  modified: "DAMAGECHAIN.Sheet.SystemTraits.Editor.modified",
  threshold: "DAMAGECHAIN.Sheet.SystemTraits.Editor.threshold",
  conditions: "DAMAGECHAIN.Sheet.SystemTraits.Editor.conditions",
};

const NOTE_KEYS: Readonly<Record<TraitReading, string>> = {
  profile: "DAMAGECHAIN.Sheet.SystemTraits.Reading.profile",
  system: "DAMAGECHAIN.Sheet.SystemTraits.Reading.system",
  none: "DAMAGECHAIN.Sheet.SystemTraits.Reading.none",
};

/** The clauses as one sentence: each clause's words around its entries (joined by "; " as dnd5e's stat block does), the clauses joined by "; ". */
export function traitSentence(clauses: readonly TraitClause[], t: Localizer): string {
  return clauses.map((c) => t.format(CLAUSE_KEYS[c.kind], { list: c.items.join("; ") })).join("; ");
}

/**
 * The view of `summary` (undefined: the system has no summary, and then
 * the block shows only when the system has an importer). `profileName`: the
 * active profile as the GM reads it; `editable`: the GM may edit the actor.
 */
export function systemTraitsView(summary: SystemTraitSummary | undefined, importSystem: string | undefined, profileName: string, editable: boolean, t: Localizer): SystemTraitsView | undefined {
  if (summary === undefined && importSystem === undefined) return undefined;
  const system = summary?.system ?? importSystem ?? "";
  const reading = summary?.reading ?? "none";
  const listed = reading !== "none" && summary !== undefined;
  return {
    system,
    reading,
    listed,
    text: listed ? traitSentence(summary.clauses, t) : "",
    none: listed && summary.clauses.length === 0 ? t.localize("DAMAGECHAIN.Sheet.SystemTraits.None") : "",
    note: t.format(NOTE_KEYS[reading], { system, profile: profileName }),
    editors: editable && listed ? summary.editors.map((e) => ({ id: e.id, label: t.localize(e.labelKey ?? EDITOR_KEYS[e.kind]) })) : [],
    canImport: editable && importSystem !== undefined && reading === "none",
  };
}
