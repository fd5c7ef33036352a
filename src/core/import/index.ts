/**
 * Importers by system: which system an actor document is
 * from, and its import. Pure functions over plain document data.
 */
import { importDnd4e } from "./dnd4e.ts";
import { importDaggerheart } from "./daggerheart.ts";
import { importDnd5e } from "./dnd5e.ts";
import { importPf2e } from "./pf2e.ts";
import { importSf2e } from "./sf2e.ts";
import { importDrawSteel } from "./draw-steel.ts";
import { importPf1 } from "./pf1.ts";
import { emptyDefenses, obj, type ImportResult, type ImportSystem } from "./types.ts";

export * from "./types.ts";
export { importDnd5e, DND5E_BYPASS_TRAITS, DND5E_DAMAGE_TYPES, DND5E_PHYSICAL } from "./dnd5e.ts";
export { importDnd4e } from "./dnd4e.ts";
export { importDaggerheart, daggerheartTraitsFromSystem } from "./daggerheart.ts";
export { dnd5eTraitsFromSystem, type Dnd5eTraitsOptions } from "./dnd5e-traits.ts";
export { describeImportRules, importRuleNotes, type ImportRuleNote } from "./rules-note.ts";
export { importDrawSteel, drawSteelEvent, DRAW_STEEL_DAMAGE_TYPES, DRAW_STEEL_DIRECT, DRAW_STEEL_UNTYPED, drawSteelIgnoreTrait } from "./draw-steel.ts";
export { importPf1, PF1_BYPASS, PF1_DAMAGE_TYPES, PF1_PHYSICAL } from "./pf1.ts";
export { importPf2e, pf2eTraitImmunities, PF2E_CONDITIONS, PF2E_CREATURE_TYPES, PF2E_DAMAGE_TYPES } from "./pf2e.ts";
export { importSf2e } from "./sf2e.ts";

/** Importer by system id. */
export const IMPORTERS: Readonly<Record<ImportSystem, (actor: unknown) => ImportResult>> = { dnd5e: importDnd5e, dnd4e: importDnd4e, pf2e: (actor) => importPf2e(actor), sf2e: (actor) => importSf2e(actor), "draw-steel": importDrawSteel, daggerheart: importDaggerheart, pf1: importPf1 };

/**
 * The system an actor document is from: its `_stats.systemId` when that is a
 * known system (`sf2e` included: Starfinder 2e's data is pf2e's, so only the
 * stated id tells them apart), else its data's shape (pf1: `system.traits.eres` or a
 * numeric `system.traits.hardness`; dnd5e: `system.traits.di`; dnd4e:
 * `system.resistances` or `system.defences`; draw-steel: `system.damage.immunities` with `system.stamina`; pf2e: a list at
 * `system.attributes.immunities|weaknesses|resistances`, or a
 * `system.traits.value` list with a `system.details.level` object;
 * daggerheart: `system.resistance.physical` and `system.damageThresholds`), else undefined.
 */
export function detectSystem(actor: unknown): ImportSystem | undefined {
  const doc = obj(actor);
  const stated = obj(doc?._stats)?.systemId;
  if (stated === "dnd5e" || stated === "dnd4e" || stated === "pf2e" || stated === "sf2e" || stated === "draw-steel" || stated === "daggerheart" || stated === "pf1") return stated;
  const system = obj(doc?.system);
  // Draw Steel: `system.damage.{immunities,weaknesses}` tables and `system.stamina` (base-actor.mjs lines 24-52).
  if (obj(obj(system?.damage)?.immunities) !== undefined && obj(system?.stamina) !== undefined) return "draw-steel";
  // Daggerheart: physical/magical resistance entries and damage thresholds (base.mjs, adversary.mjs).
  if (obj(obj(system?.resistance)?.physical) !== undefined && obj(system?.damageThresholds) !== undefined) return "daggerheart";
  // PF1 keeps energy resistance (`traits.eres`) and hardness in its traits; dnd5e has neither.
  if (obj(system?.traits)?.eres !== undefined || typeof obj(system?.traits)?.hardness === "number") return "pf1";
  if (obj(obj(system?.traits)?.di) !== undefined || obj(obj(system?.traits)?.dr) !== undefined) return "dnd5e";
  const attributes = obj(system?.attributes);
  if (["immunities", "weaknesses", "resistances"].some((k) => Array.isArray(attributes?.[k]))) return "pf2e";
  if (obj(system?.resistances) !== undefined || obj(system?.defences) !== undefined) return "dnd4e";
  // A pf2e creature without IWR lists (packs/<bestiary>/*.json carry no _stats): traits.value list + details.level object.
  if (Array.isArray(obj(system?.traits)?.value) && obj(obj(system?.details)?.level) !== undefined) return "pf2e";
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
