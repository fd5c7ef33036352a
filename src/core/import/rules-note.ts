/**
 * What an import of a system's traits means under a profile, said in the
 * GM's language: the seed profiles read imported dnd5e traits
 * by their own rules, not dnd5e's, and the GM is told which rules now apply
 * ("Revised 4E resistances (001): a resistance removes half, rounded down; a
 * vulnerability adds half"). Language-neutral notes (lang keys under
 * `DAMAGECHAIN.ImportRules`), written out through a {@link Localizer}.
 */
import { profileLabel, type Localizer } from "../explain.ts";
import type { Defenses } from "../model/defenses.ts";
import type { Profile, StepId } from "../model/profile.ts";

const KEY = "DAMAGECHAIN.ImportRules";
/** The 001 note by the profile's rounding of halves. */
const RESISTANCE_NOTE = { down: "resistance.down", up: "resistance.up", nearest: "resistance.nearest" } as const;

/** One rule the import now follows, as a lang key under `DAMAGECHAIN.ImportRules`. */
export interface ImportRuleNote {
  key: string;
}

/**
 * The rules that `imported` entries follow under `profile`, one note per kind
 * of entry imported, in chain order: which step reads them and how (001
 * halves with the profile's rounding, 000 flat and negate steps, the 003 and
 * 004 immunity step), or that no step of the profile reads them. Under a
 * profile with dnd5e steps, one note says the actor's own traits are read
 * live by dnd5e's rules and the imported entries count only for other steps.
 */
export function importRuleNotes(profile: Profile, imported: Defenses): ImportRuleNote[] {
  const on = new Set<StepId>(profile.steps.filter((l) => l.enabled).map((l) => l.step));
  const notes: ImportRuleNote[] = [];
  const note = (key: string) => notes.push({ key: `${KEY}.${key}` });
  if (on.has("dnd5eImmunity") || on.has("dnd5eResistance")) note("dnd5eLive");
  if (imported.immunities.length > 0) note(on.has("immunity") ? "immunity" : "immunityUnread");
  if (imported.resistances.length > 0 || imported.vulnerabilities.length > 0) {
    note(on.has("resistance") ? RESISTANCE_NOTE[profile.options.rounding] : "resistanceUnread");
  }
  if (imported.flat.length > 0) note(on.has("bdr") || on.has("dv") || on.has("fdr") ? "modification" : "modificationUnread");
  if (imported.negates.length > 0) note(on.has("fdn") ? "threshold" : "thresholdUnread");
  return notes;
}

/**
 * The notes of {@link importRuleNotes} as one line in the reader's language:
 * "<profile>: <rule>; <rule>". Empty when nothing was imported.
 */
export function describeImportRules(profile: Profile, imported: Defenses, l: Localizer): string {
  const notes = importRuleNotes(profile, imported);
  if (notes.length === 0) return "";
  return l.format(`${KEY}.line`, { profile: profileLabel(profile, l), rules: notes.map((n) => l.format(n.key)).join("; ") });
}
