/**
 * The pf2e importer: a pf2e actor's immunities, weaknesses and
 * resistances (IWR) as Damage Chain defenses, each entry tagged `import.pf2e`.
 *
 * Data shapes (read in foundryvtt/pf2e at commit 05141a62
 * `src/module/actor/data/iwr.ts`: `IWRSource { type, exceptions? }`,
 * `WeaknessSource { value }`, `ResistanceSource { value, doubleVs? }`; and the
 * bestiary files `packs/pathfinder-monster-core/*.json`, e.g.
 * `animated-armor.json` at 24887fb3: `system.attributes.immunities: []`,
 * `system.traits.value: ["construct", "mindless"]`):
 * - `system.attributes.immunities[] = { type, exceptions? }` → an immunity
 *   by damage type; a pf2e condition slug → a condition immunity (`gains`).
 * - `system.attributes.weaknesses[] = { type, value, exceptions? }` → a flat
 *   `DV` of `value` points (pf2e adds the weakness to the damage).
 * - `system.attributes.resistances[] = { type, value, exceptions?, doubleVs? }`
 *   → a flat `FDR` of `value` points (pf2e subtracts it from the damage).
 * - `exceptions` (strings: materials `silver`, `cold-iron`, `adamantine`…,
 *   traits `magical`, `ghost-touch`, damage types, categories, `all-damage`)
 *   → the entry's `ignoredBy`, the same words, read by the one definition
 *   of `core/exceptions.ts` `exceptedBy` (iwr.ts `IWR#predicate`: an
 *   exception negates the entry): a word holds when it is a trait of the hit
 *   (the adapter gives a roll's materials and item traits as event traits),
 *   the damage type of the part, or its category. Custom exceptions
 *   (`{ definition, label }`) are reported.
 * - `doubleVs` (words as for exceptions: `non-magical`, `critical-hits`…) →
 *   a second entry of twice the value that applies only to such hits
 *   (`onlyWith`); the flat step takes the highest applicable resistance, as
 *   pf2e's `applyIWR` takes each applicable resistance at
 *   `Resistance#getDoubledValue` (`src/module/actor/data/iwr.ts`: twice the
 *   value when a `doubleVs` word matches the instance), then the highest.
 * - Categories `physical` / `energy` become one entry per damage type of the
 *   category (`core/exceptions.ts` `typesOf`: a hit's part carries its damage
 *   type only, as pf2e's instance does); `all-damage` → `all`.
 * - Types that are not damage and not a condition (`critical-hits`,
 *   `precision`, `death-effects`, `cold-iron`,
 *   `axe-vulnerability`…: pf2e's `immunityTypes`, `weaknessTypes`,
 *   `resistanceTypes`, `src/scripts/config/iwr.ts`) have no chain step: they
 *   are legitimate pf2e entries, kept as the creature's `effects` (the report
 *   counts them apart), never guessed into a damage defense and not a
 *   problem. A weakness or resistance to a precious material (`cold-iron`,
 *   `silver`, `adamantine`…) is kept so too, and also acts on the physical
 *   types of a hit of that material (`onlyWith`, {@link MATERIAL_WORDS}).
 *   A weakness or resistance to a word of the hit (`holy`, `unholy`,
 *   `area-damage`, `water`, a magic tradition, `spells`, `ghost-touch`…:
 *   `pf2e-hit-words.ts`) acts on the hits that carry the word, per instance,
 *   but a weakness of pf2e's apply-once set once per hit; both are kept as
 *   `applied` effects for the report. An exception or `doubleVs` word
 *   `magical` holds where pf2e's `magical` predicate does (a magical item,
 *   a magical or tradition action: `pf2eExceptionWords`). A type that is not a pf2e slug (lower case words joined by
 *   hyphens) is reported. An immunity to `all-damage` is refused as in dnd5e
 *   (001 "Damage Immunity").
 * Trait-derived IWR (constructs, mindless, swarms) is added by pf2e at run
 * time, not stored: see {@link pf2eTraitImmunities}.
 */
import type { Defenses, FlatDefense, Immunity } from "../model/defenses.ts";
import { typesOf } from "../exceptions.ts";
import { emptyDefenses, finishImport, importTag, obj, strings, type CreatureInfo, type ImportProblem, type ImportResult, type SystemEffect } from "./types.ts";
import { PF2E_UNAFFECTED_TAG } from "./pf2e-tag.ts";
import { hitWordEntry, pf2eExceptionWords, PF2E_HIT_WORDS } from "./pf2e-hit-words.ts";

/** pf2e damage types (`CONFIG.PF2E.damageTypes`, remaster) plus the categories the chain keeps as types. */
export const PF2E_DAMAGE_TYPES = ["acid", "bleed", "bludgeoning", "cold", "electricity", "fire", "force", "mental", "piercing", "poison", "slashing", "sonic", "spirit", "untyped", "vitality", "void", "physical", "energy"] as const;

/** pf2e condition slugs (`CONDITION_SLUGS`, `src/module/item/condition/values.ts`). */
export const PF2E_CONDITIONS = ["blinded", "broken", "clumsy", "concealed", "confused", "controlled", "dazzled", "deafened", "doomed", "drained", "dying", "encumbered", "enfeebled", "fascinated", "fatigued", "fleeing", "frightened", "grabbed", "hidden", "immobilized", "invisible", "observed", "off-guard", "paralyzed", "persistent-damage", "petrified", "prone", "quickened", "restrained", "sickened", "slowed", "stunned", "stupefied", "unconscious", "undetected", "unnoticed", "wounded"] as const;

/** pf2e creature types that are traits (`CONFIG.PF2E.creatureTypes`); the first of an actor's traits that is one is its type. */
export const PF2E_CREATURE_TYPES = ["aberration", "animal", "astral", "beast", "celestial", "construct", "dragon", "dream", "elemental", "ethereal", "fey", "fiend", "fungus", "giant", "humanoid", "monitor", "ooze", "petitioner", "plant", "spirit", "time", "undead", "vitality", "void"] as const;

const TAG = importTag("pf2e");
const DAMAGE = new Set<string>(PF2E_DAMAGE_TYPES);
const CONDITIONS = new Set<string>(PF2E_CONDITIONS);
const TYPES = new Set<string>(PF2E_CREATURE_TYPES);

/**
 * The immunities pf2e adds from a creature's traits when it prepares the
 * actor (pf2e `src/module/actor/creature/helpers.ts` `setImmunitiesFromTraits`:
 * construct without eidolon → bleed, death-effects, disease, doomed, drained,
 * fatigued, healing, nonlethal-attacks, paralyzed, poison, sickened, spirit,
 * unconscious, vitality, void; mindless → mental; swarm → grabbed, prone,
 * restrained; characters get none). Only for SOURCE documents: a prepared
 * actor (`actor.system.attributes.immunities` at run time) already has them,
 * so the live path passes `{ traitIWR: false }` to {@link importPf2e}.
 * Returns `{ type }` entries not already in `existing`.
 */
export function pf2eTraitImmunities(actorType: string, traits: readonly string[], existing: readonly string[]): { type: string }[] {
  if (actorType === "character") return [];
  const add: string[] = [];
  if (traits.includes("construct") && !traits.includes("eidolon")) {
    add.push("bleed", "death-effects", "disease", "doomed", "drained", "fatigued", "healing", "nonlethal-attacks", "paralyzed", "poison", "sickened", "spirit", "unconscious", "vitality", "void");
  }
  if (traits.includes("mindless")) add.push("mental");
  if (traits.includes("swarm")) add.push("grabbed", "prone", "restrained");
  return [...new Set(add)].filter((t) => !existing.includes(t)).map((type) => ({ type }));
}

export { PF2E_UNAFFECTED_TAG };

/**
 * The damage types a pf2e creature is unaffected by, outside its IWR
 * (foundryvtt/pf2e `src/module/actor/base.ts` `ActorPF2e#isAffectedBy`,
 * stored copy id 5711376130 at ~14,000; step 0 of `applyIWR` in
 * `src/module/system/damage/iwr.ts` at 05066b10, before immunities):
 * vitality harms only a creature with void healing (`negativeHealing`);
 * void harms neither a construct nor one with void healing; bleed harms only
 * the living. The mode of being is `ActorPF2e#modeOfBeing`: undead (the
 * `undead` trait, not an eidolon), construct (the `construct` trait, not a
 * character, not an eidolon), else living. Not here: spirit, which pf2e
 * withholds only from a creature under a possession effect (an item, not
 * IWR data), and the pre-remaster alignment types.
 */
export function pf2eUnaffected(actorType: string, traits: readonly string[], negativeHealing: boolean): string[] {
  const eidolon = traits.includes("eidolon");
  const mode = traits.includes("undead") && !eidolon ? "undead" : traits.includes("construct") && actorType !== "character" && !eidolon ? "construct" : "living";
  const out: string[] = [];
  if (!negativeHealing) out.push("vitality");
  if (mode === "construct" || negativeHealing) out.push("void");
  if (mode !== "living") out.push("bleed");
  return out;
}

type Kind = "immunities" | "weaknesses" | "resistances";

/** The `ignoredBy` traits of an entry's exceptions (`magical` as pf2e's whole predicate, `pf2eExceptionWords`); custom (object) exceptions are reported. */
function exceptionsOf(entry: Record<string, unknown>, path: string, problems: ImportProblem[]): string[] {
  const raw = entry.exceptions;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push({ path: `${path}.exceptions`, message: "exceptions is not a list; the entry is imported without them" });
    return [];
  }
  raw.forEach((e, j) => {
    if (typeof e !== "string") problems.push({ path: `${path}.exceptions.${j}`, message: "a custom exception cannot be expressed; it is not imported" });
  });
  return pf2eExceptionWords(strings(raw));
}

/**
 * Weaknesses and resistances to a precious material, as the words of a hit
 * that carry it: pf2e's `IWRData#describe` (`src/module/actor/data/iwr.ts`,
 * `materialDamageEffects`) tests the instance's material, and counts keep-stone
 * as adamantine, sovereign steel as cold iron, mithral (dawnsilver since the
 * remaster) as silver. Its darkwood against undead also counts peachwood; that
 * needs the creature's mode, and is not imported.
 * pf2e puts a weapon's material on its own damage instance, not on a rune's
 * energy, so the entry covers the physical types only.
 */
const MATERIAL_WORDS: Readonly<Record<string, readonly string[]>> = {
  adamantine: ["adamantine", "keep-stone"],
  "cold-iron": ["cold-iron", "sovereign-steel"],
  silver: ["silver", "mithral", "dawnsilver"],
  darkwood: ["darkwood"],
  duskwood: ["duskwood"],
  dawnsilver: ["dawnsilver"],
  mithral: ["mithral"],
  orichalcum: ["orichalcum"],
  "sisterstone-dusk": ["sisterstone-dusk"],
  "sisterstone-scarlet": ["sisterstone-scarlet"],
  warpglass: ["warpglass"],
};
const PHYSICAL = ["bludgeoning", "piercing", "slashing"] as const;

/** pf2e's type as a chain damage type, or undefined when it is not damage. */
function damageTypeOf(type: string): string | undefined {
  if (type === "all-damage") return "all";
  return DAMAGE.has(type) ? type : undefined;
}

/** A pf2e IWR slug (`death-effects`, `cold-iron`): lower case words joined by hyphens. */
const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Keep a non-damage entry as an effect when its type is a pf2e slug (`applied`: the chain also applies it to some hits); report it otherwise. */
function effectOrProblem(kind: Kind, type: string, value: number | undefined, path: string, effects: SystemEffect[], problems: ImportProblem[], applied = false): void {
  if (SLUG.test(type)) effects.push({ list: kind, type, ...(value === undefined ? {} : { value }), ...(applied ? { applied: true as const } : {}) });
  else problems.push({ path, message: `"${type}" is not a pf2e type; it is not imported` });
}

/** Read one IWR list into `defenses` (non-damage entries into `effects`). */
function readList(kind: Kind, list: unknown, defenses: Defenses, effects: SystemEffect[], problems: ImportProblem[]): void {
  const base = `system.attributes.${kind}`;
  if (list === undefined || list === null) return;
  if (!Array.isArray(list)) {
    problems.push({ path: base, message: "is not a list; it is not imported" });
    return;
  }
  list.forEach((raw, i) => {
    const path = `${base}.${i}`;
    const entry = obj(raw);
    const type = typeof entry?.type === "string" ? entry.type.trim().toLowerCase() : "";
    if (entry === undefined || type === "") {
      problems.push({ path, message: "has no type; it is not imported" });
      return;
    }
    const ignored = exceptionsOf(entry, path, problems);
    const extra = ignored.length > 0 ? { ignoredBy: ignored } : {};
    if (kind === "immunities") {
      if (CONDITIONS.has(type)) {
        defenses.conditionImmunities.push({ gains: type, template: TAG, ...extra });
        return;
      }
      const t = damageTypeOf(type);
      if (t === "all") {
        problems.push({ path, message: "immunity to all damage is not imported (001: nothing is immune to all damage)" });
        return;
      }
      if (t === undefined) {
        effectOrProblem(kind, type, undefined, path, effects, problems);
        return;
      }
      for (const each of typesOf(t)) defenses.immunities.push({ type: each, template: TAG, ...extra } as Immunity);
      return;
    }
    const value = entry.value;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      problems.push({ path: `${path}.value`, message: `"${String(value)}" is not a whole number of points; it is not imported` });
      return;
    }
    const t = damageTypeOf(type);
    if (t === undefined && PF2E_HIT_WORDS.has(type)) {
      // holy, water, spells, area-damage…: applied to the hits that carry the word (`pf2e-hit-words.ts`); the report counts them as applied.
      effects.push({ list: kind, type, value, applied: true });
      if (kind === "resistances" && entry.doubleVs !== undefined && entry.doubleVs !== null) {
        problems.push({ path: `${path}.doubleVs`, message: "doubleVs on a resistance to a word of the hit cannot be expressed; the resistance is imported at its plain value" });
      }
      if (value > 0) defenses.flat.push(hitWordEntry(kind, type, value, TAG, extra));
      return;
    }
    if (t === undefined) {
      const words = Object.hasOwn(MATERIAL_WORDS, type) ? MATERIAL_WORDS[type] : undefined;
      effectOrProblem(kind, type, value, path, effects, problems, words !== undefined && value > 0);
      // A material's weakness or resistance still acts on a hit of that material (kept as an effect too, for the report).
      if (words !== undefined && value > 0) {
        for (const each of PHYSICAL) defenses.flat.push({ type: each, kind: kind === "weaknesses" ? "DV" : "FDR", value, natural: false, template: TAG, onlyWith: [...words], ...extra });
      }
      return;
    }
    const doubleVs = kind === "resistances" ? strings(entry.doubleVs) : [];
    if (kind === "resistances" && entry.doubleVs !== undefined && entry.doubleVs !== null && (!Array.isArray(entry.doubleVs) || doubleVs.length !== entry.doubleVs.length)) {
      problems.push({ path: `${path}.doubleVs`, message: "doubleVs is not a list of words; the resistance is imported at its plain value" });
    }
    if (value === 0) return;
    for (const each of typesOf(t)) {
      const flat: FlatDefense = { type: each, kind: kind === "weaknesses" ? "DV" : "FDR", value, natural: false, template: TAG, ...extra };
      defenses.flat.push(flat);
      if (doubleVs.length > 0) defenses.flat.push({ ...flat, value: value * 2, onlyWith: pf2eExceptionWords(doubleVs) });
    }
  });
}

/** The creature facts of a pf2e actor: its creature-type trait, all its traits as groups, its level; `from`: the system it is reported as. */
function creatureOf(name: string, system: Record<string, unknown> | undefined, from: "pf2e" | "sf2e"): CreatureInfo {
  const traits = strings(obj(system?.traits)?.value);
  const level = obj(obj(obj(system?.details)?.level))?.value;
  return { name, system: from, type: traits.find((t) => TYPES.has(t)), groups: traits, level: typeof level === "number" && Number.isFinite(level) ? level : undefined };
}

/**
 * Import a pf2e actor document (plain data `{ name, type, system }`, as in
 * pf2e's `packs/<bestiary>/*.json` or `actor.toObject()`). `traitIWR`
 * (default true) adds the trait-derived immunities of
 * {@link pf2eTraitImmunities}; pass false for a prepared actor's data.
 * Always adds, first, the immunities of {@link pf2eUnaffected} (template
 * {@link PF2E_UNAFFECTED_TAG}); void healing is `attributes.hp.negativeHealing`
 * (a prepared actor's), or, where a source document lacks it, the `undead`
 * trait (the project's reading: pf2e's undead have void healing).
 * `system` (default `pf2e`): the system the creature is reported as
 * (`sf2e`: Starfinder 2e, the same engine and data, `sf2e.ts`); the entries'
 * tag is pf2e's either way. Pure; never throws: what it cannot read or
 * express is in `problems` with its path.
 */
export function importPf2e(actor: unknown, options: { traitIWR?: boolean; system?: "pf2e" | "sf2e" } = {}): ImportResult {
  const doc = obj(actor) ?? {};
  const name = typeof doc.name === "string" ? doc.name : "";
  const system = obj(doc.system);
  const attributes = obj(system?.attributes);
  const problems: ImportProblem[] = [];
  const defenses: Defenses = emptyDefenses();
  let immunities = attributes?.immunities;
  if (options.traitIWR !== false && (immunities === undefined || Array.isArray(immunities))) {
    const list = (immunities ?? []) as unknown[];
    const existing = list.map((e) => obj(e)?.type).filter((t): t is string => typeof t === "string");
    const added = pf2eTraitImmunities(typeof doc.type === "string" ? doc.type : "", strings(obj(system?.traits)?.value), existing);
    immunities = [...list, ...added];
  }
  // pf2e's step 0 comes before its immunities: first in the list, so the card names "unaffected".
  const hp = obj(attributes?.hp);
  const negativeHealing = typeof hp?.negativeHealing === "boolean" ? hp.negativeHealing : strings(obj(system?.traits)?.value).includes("undead");
  for (const type of pf2eUnaffected(typeof doc.type === "string" ? doc.type : "", strings(obj(system?.traits)?.value), negativeHealing)) {
    defenses.immunities.push({ type, template: PF2E_UNAFFECTED_TAG });
  }
  const effects: SystemEffect[] = [];
  readList("immunities", immunities, defenses, effects, problems);
  readList("weaknesses", attributes?.weaknesses, defenses, effects, problems);
  readList("resistances", attributes?.resistances, defenses, effects, problems);

  const creature = creatureOf(name, system, options.system ?? "pf2e");
  if (effects.length > 0) creature.effects = effects;
  return finishImport(defenses, creature, problems);
}
