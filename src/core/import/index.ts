/**
 * Importers by system (issue 9 item 1): which system an actor document is
 * from, and its import. Pure functions over plain document data.
 */
import { importDnd4e } from "./dnd4e.ts";
import { importDnd5e } from "./dnd5e.ts";
import { emptyDefenses, obj, type ImportResult, type ImportSystem } from "./types.ts";

export * from "./types.ts";
export { importDnd5e, DND5E_BYPASS_TRAITS, DND5E_DAMAGE_TYPES, DND5E_PHYSICAL } from "./dnd5e.ts";
export { importDnd4e } from "./dnd4e.ts";
export { dnd5eTraitsFromSystem, type Dnd5eTraitsOptions } from "./dnd5e-traits.ts";
export { describeImportRules, importRuleNotes, type ImportRuleNote } from "./rules-note.ts";

/** Importer by system id. */
export const IMPORTERS: Readonly<Record<ImportSystem, (actor: unknown) => ImportResult>> = { dnd5e: importDnd5e, dnd4e: importDnd4e };

/**
 * The system an actor document is from: its `_stats.systemId` when that is a
 * known system, else its data's shape (dnd5e: `system.traits.di`; dnd4e:
 * `system.resistances` or `system.defences`), else undefined.
 */
export function detectSystem(actor: unknown): ImportSystem | undefined {
  const doc = obj(actor);
  const stated = obj(doc?._stats)?.systemId;
  if (stated === "dnd5e" || stated === "dnd4e") return stated;
  const system = obj(doc?.system);
  if (obj(obj(system?.traits)?.di) !== undefined || obj(obj(system?.traits)?.dr) !== undefined) return "dnd5e";
  if (obj(system?.resistances) !== undefined || obj(system?.defences) !== undefined) return "dnd4e";
  return undefined;
}

/**
 * Import an actor with the importer of `system` (pass
 * `detectSystem(actor)` to detect it). `undefined`, or an actor of no known
 * system, gives empty defenses and a creature with only its name.
 */
export function importActor(actor: unknown, system: ImportSystem | undefined): ImportResult {
  if (system !== undefined) return IMPORTERS[system](actor);
  const name = obj(actor)?.name;
  return { defenses: emptyDefenses(), creature: { name: typeof name === "string" ? name : "", system: "none", groups: [] }, problems: [] };
}
