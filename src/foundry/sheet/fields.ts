/**
 * What the Defenses tab edits: one section per defense list of RULES.md §2,
 * each with the fields of its schema in `src/core/model/defenses.ts`, plus
 * the lists the tab offers in its selects. Pure data (no Foundry, no DOM);
 * every label is a lang key written out in full, so the i18n test sees it.
 */
import { KNOWN_TRAITS } from "../../core/model/event.ts";
import type { Condition } from "../../core/model/common.ts";
import type { Defenses, Keyword } from "../../core/model/defenses.ts";
import type { StepId } from "../../core/model/profile.ts";
import type { Localizer } from "./localizer.ts";

/**
 * How a field is edited and read back:
 * - `text`: free text; empty = absent.
 * - `type`: a damage type (free text with suggestions).
 * - `number`: a whole number; empty = absent; anything else is kept as typed so validation can name it.
 * - `select`: one of `options`; empty = absent unless `required`.
 * - `list`: comma-separated words, kept as an array; empty = absent.
 * - `bool`: a checkbox; unchecked = absent.
 */
/** How a field is typed; `duration`: game seconds, typed and shown as "2w", "1h 30m" (`core/duration.ts`). */
export type FieldKind = "text" | "type" | "number" | "duration" | "select" | "list" | "bool";

/** One choice of a select: stored value and lang key of its label; `step`: the chain step that applies an entry of this kind (a profile without it does not offer it). */
export interface Choice {
  value: string;
  labelKey: string;
  step?: StepId;
}

export interface FieldSpec {
  /** Property of the entry (schema field). */
  key: string;
  kind: FieldKind;
  labelKey: string;
  /** Choices of a `select`. */
  options?: readonly Choice[];
  /** A value must be given (the select has no empty choice; the row starts with `initial`). */
  required?: boolean;
  /** Shown on the second line of the row ("more") instead of the first. */
  more?: boolean;
  /** A `select` whose values are numbers (stored as numbers). */
  numeric?: boolean;
  /** A `list` picked from labelled choices instead of typed: the profile's damage types, or the event traits the rules read. */
  choices?: "types" | "traits";
}

/** The lists of `Defenses` edited as rows (everything but `keywords`). */
export type ListKey = Exclude<keyof Defenses, "keywords">;

export interface SectionSpec {
  list: ListKey;
  labelKey: string;
  hintKey: string;
  /** Seeds that define this defense (shown next to the heading). */
  seeds: string;
  fields: readonly FieldSpec[];
  /** Chain steps that read this list; none = always shown (not part of the chain). */
  steps: readonly StepId[];
  /** A new row. */
  initial: () => Record<string, unknown>;
}

/** Labels of the per-event conditions on a defense (001 "Condition"; `src/core/model/common.ts`). */
export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  advantage: "DAMAGECHAIN.When.advantage",
  noAdvantage: "DAMAGECHAIN.When.noAdvantage",
  critical: "DAMAGECHAIN.When.critical",
  ongoing: "DAMAGECHAIN.When.ongoing",
  silvered: "DAMAGECHAIN.When.silvered",
  notSilvered: "DAMAGECHAIN.When.notSilvered",
  paragon: "DAMAGECHAIN.When.paragon",
  notParagon: "DAMAGECHAIN.When.notParagon",
  epic: "DAMAGECHAIN.When.epic",
  notEpic: "DAMAGECHAIN.When.notEpic",
  burstBlast: "DAMAGECHAIN.When.burstBlast",
  noBurstBlast: "DAMAGECHAIN.When.noBurstBlast",
  attack: "DAMAGECHAIN.When.attack",
  environmental: "DAMAGECHAIN.When.environmental",
};

/**
 * Character conditions a defender can gain or be immune to, picked from a
 * list: 001 (slowed by a damage trigger, forced movement), 002 (dead), 003
 * (dying, broken, incapacitated) and the 4E conditions 001 refers to.
 */
export const CHARACTER_CONDITIONS: readonly Choice[] = [
  { value: "slowed", labelKey: "DAMAGECHAIN.Condition.slowed" },
  { value: "dazed", labelKey: "DAMAGECHAIN.Condition.dazed" },
  { value: "stunned", labelKey: "DAMAGECHAIN.Condition.stunned" },
  { value: "immobilized", labelKey: "DAMAGECHAIN.Condition.immobilized" },
  { value: "weakened", labelKey: "DAMAGECHAIN.Condition.weakened" },
  { value: "blinded", labelKey: "DAMAGECHAIN.Condition.blinded" },
  { value: "prone", labelKey: "DAMAGECHAIN.Condition.prone" },
  { value: "forcedMovement", labelKey: "DAMAGECHAIN.Condition.forcedMovement" },
  { value: "broken", labelKey: "DAMAGECHAIN.Condition.broken" },
  { value: "dying", labelKey: "DAMAGECHAIN.Condition.dying" },
  { value: "incapacitated", labelKey: "DAMAGECHAIN.Condition.incapacitated" },
  { value: "dead", labelKey: "DAMAGECHAIN.Condition.dead" },
];

/** Keyword bundles and traits shown as checkboxes (001). */
export const KEYWORD_LABELS: Readonly<Record<Keyword, string>> = {
  insubstantial: "DAMAGECHAIN.Template.Name.insubstantial",
  swarm: "DAMAGECHAIN.Template.Name.swarm",
  regiment: "DAMAGECHAIN.Template.Name.regiment",
  variableResistance: "DAMAGECHAIN.Sheet.Keyword.variableResistance",
};

/** Event traits offered as checkboxes in the preview (RULES.md §1). */
export const PREVIEW_TRAITS: readonly Choice[] = [
  { value: "advantage", labelKey: "DAMAGECHAIN.Sheet.Trait.advantage" },
  { value: "critical", labelKey: "DAMAGECHAIN.Sheet.Trait.critical" },
  { value: "ongoing", labelKey: "DAMAGECHAIN.Sheet.Trait.ongoing" },
  { value: "silvered", labelKey: "DAMAGECHAIN.Sheet.Trait.silvered" },
  { value: "burst", labelKey: "DAMAGECHAIN.Sheet.Trait.burst" },
  { value: "environmental", labelKey: "DAMAGECHAIN.Sheet.Trait.environmental" },
  { value: "unpreventable", labelKey: "DAMAGECHAIN.Sheet.Trait.unpreventable" },
  { value: "imbued", labelKey: "DAMAGECHAIN.Sheet.Trait.imbued" },
  { value: "pierce", labelKey: "DAMAGECHAIN.Sheet.Trait.pierce" },
];

const F = {
  type: { key: "type", kind: "type", labelKey: "DAMAGECHAIN.Sheet.Field.type", required: true },
  value: { key: "value", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.value", required: true },
  limit: { key: "limit", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.limit" },
  tag: { key: "tag", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.tag" },
  natural: { key: "natural", kind: "bool", labelKey: "DAMAGECHAIN.Sheet.Field.natural" },
  /** An imported dnd5e damage modification: spent once per hit. */
  perHit: { key: "perHit", kind: "bool", labelKey: "DAMAGECHAIN.Sheet.Field.perHit", more: true },
  /** An imported pf2e apply-once weakness (holy, water, spells…): once per hit, after the resistances (`pf2eWeaknessOnce` step). */
  apart: { key: "apart", kind: "bool", labelKey: "DAMAGECHAIN.Sheet.Field.apart", more: true },
  gains: { key: "gains", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.gains", options: CHARACTER_CONDITIONS, required: true },
  types: { key: "types", kind: "list", labelKey: "DAMAGECHAIN.Sheet.Field.types", choices: "types" },
} as const satisfies Record<string, FieldSpec>;

/** Fields every defense entry has (`defenseBase`); `template` is shown as a badge and kept as is. */
const COMMON: readonly FieldSpec[] = [
  { key: "condition", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.condition", options: Object.entries(CONDITION_LABELS).map(([value, labelKey]) => ({ value, labelKey })) },
  { key: "label", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.label", more: true },
  { key: "ignoredBy", kind: "list", labelKey: "DAMAGECHAIN.Sheet.Field.ignoredBy", more: true, choices: "traits" },
  { key: "onlyWith", kind: "list", labelKey: "DAMAGECHAIN.Sheet.Field.onlyWith", more: true, choices: "traits" },
  { key: "group", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.group", more: true },
  { key: "id", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.id", more: true },
];

const choices = (...pairs: [string, string][]): Choice[] => pairs.map(([value, labelKey]) => ({ value, labelKey }));
/** Kinds applied by one step each (`BDN` by `bdn`...): value, lang key, step. */
const stepChoices = (...triples: [string, string, StepId][]): Choice[] => triples.map(([value, labelKey, step]) => ({ value, labelKey, step }));

/** The sections, in the order the tab shows them (roughly the order of the chain). */
export const SECTIONS: readonly SectionSpec[] = [
  {
    list: "immunities", labelKey: "DAMAGECHAIN.Sheet.Section.immunities", hintKey: "DAMAGECHAIN.Sheet.Hint.immunities", seeds: "001 003 004", steps: ["immunity"],
    fields: [{ ...F.type, required: false }, F.tag, ...COMMON], initial: () => ({ type: "" }),
  },
  {
    list: "conditionImmunities", labelKey: "DAMAGECHAIN.Sheet.Section.conditionImmunities", hintKey: "DAMAGECHAIN.Sheet.Hint.conditionImmunities", seeds: "001", steps: ["triggers", "life", "guard"],
    fields: [F.gains, ...COMMON], initial: () => ({ gains: "slowed" }),
  },
  {
    list: "prevention", labelKey: "DAMAGECHAIN.Sheet.Section.prevention", hintKey: "DAMAGECHAIN.Sheet.Hint.prevention", seeds: "002 004", steps: ["prevention"],
    fields: [
      { key: "kind", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.kind", required: true, options: choices(["ongoing", "DAMAGECHAIN.Sheet.Kind.ongoing"], ["oneTime", "DAMAGECHAIN.Sheet.Kind.oneTime"]) },
      F.types,
      { key: "tags", kind: "list", labelKey: "DAMAGECHAIN.Sheet.Field.tags" },
      { key: "requires", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.requires", options: KNOWN_TRAITS.map((value) => ({ value, labelKey: `DAMAGECHAIN.Trait.${value}` })) },
      { key: "level", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.level" },
      { key: "uses", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.uses" },
      ...COMMON,
    ],
    initial: () => ({ kind: "oneTime", uses: 1 }),
  },
  {
    list: "negates", labelKey: "DAMAGECHAIN.Sheet.Section.negates", hintKey: "DAMAGECHAIN.Sheet.Hint.negates", seeds: "000", steps: ["bdn", "fdn"],
    fields: [{ key: "kind", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.kind", required: true, options: stepChoices(["BDN", "DAMAGECHAIN.Sheet.Kind.BDN", "bdn"], ["FDN", "DAMAGECHAIN.Sheet.Kind.FDN", "fdn"]) }, F.type, F.value, F.natural, ...COMMON],
    initial: () => ({ kind: "BDN", type: "physical", value: 0 }),
  },
  {
    list: "flat", labelKey: "DAMAGECHAIN.Sheet.Section.flat", hintKey: "DAMAGECHAIN.Sheet.Hint.flat", seeds: "000", steps: ["bdr", "fdr", "dv"],
    fields: [
      { key: "kind", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.kind", required: true, options: stepChoices(["BDR", "DAMAGECHAIN.Sheet.Kind.BDR", "bdr"], ["FDR", "DAMAGECHAIN.Sheet.Kind.FDR", "fdr"], ["DV", "DAMAGECHAIN.Sheet.Kind.DV", "dv"]) },
      F.type, F.value, F.natural, F.perHit, F.apart, ...COMMON,
    ],
    initial: () => ({ kind: "BDR", type: "physical", value: 0 }),
  },
  {
    list: "tagResistances", labelKey: "DAMAGECHAIN.Sheet.Section.tagResistances", hintKey: "DAMAGECHAIN.Sheet.Hint.tagResistances", seeds: "003", steps: ["tagResistance"],
    fields: [{ ...F.tag, required: true }, F.value, ...COMMON], initial: () => ({ tag: "", value: 0 }),
  },
  {
    list: "resistances", labelKey: "DAMAGECHAIN.Sheet.Section.resistances", hintKey: "DAMAGECHAIN.Sheet.Hint.resistances", seeds: "001", steps: ["resistance"],
    fields: [F.type, F.limit, ...COMMON], initial: () => ({ type: "" }),
  },
  {
    list: "vulnerabilities", labelKey: "DAMAGECHAIN.Sheet.Section.vulnerabilities", hintKey: "DAMAGECHAIN.Sheet.Hint.vulnerabilities", seeds: "001", steps: ["resistance"],
    fields: [F.type, F.limit, ...COMMON], initial: () => ({ type: "" }),
  },
  {
    list: "triggers", labelKey: "DAMAGECHAIN.Sheet.Section.triggers", hintKey: "DAMAGECHAIN.Sheet.Hint.triggers", seeds: "001", steps: ["triggers"],
    fields: [F.type, F.gains, ...COMMON], initial: () => ({ type: "cold", gains: "slowed" }),
  },
  {
    list: "armor", labelKey: "DAMAGECHAIN.Sheet.Section.armor", hintKey: "DAMAGECHAIN.Sheet.Hint.armor", seeds: "000", steps: ["armorValue"],
    fields: [
      F.type, F.value,
      { key: "layer", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.layer", required: true, options: choices(["natural", "DAMAGECHAIN.Sheet.Kind.natural"], ["hard", "DAMAGECHAIN.Sheet.Kind.hard"], ["soft", "DAMAGECHAIN.Sheet.Kind.soft"]) },
      { key: "piece", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.piece" },
      ...COMMON,
    ],
    initial: () => ({ type: "physical", value: 0, layer: "soft" }),
  },
  {
    list: "reductions", labelKey: "DAMAGECHAIN.Sheet.Section.reductions", hintKey: "DAMAGECHAIN.Sheet.Hint.reductions", seeds: "004", steps: ["reduction"],
    fields: [{ key: "kind", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.kind", required: true, options: choices(["flat", "DAMAGECHAIN.Sheet.Kind.flat"], ["half", "DAMAGECHAIN.Sheet.Kind.half"]) }, { ...F.value, required: false }, F.types, ...COMMON],
    initial: () => ({ kind: "half" }),
  },
  {
    list: "damageLimits", labelKey: "DAMAGECHAIN.Sheet.Section.damageLimits", hintKey: "DAMAGECHAIN.Sheet.Hint.damageLimits", seeds: "000", steps: ["damageLimit"],
    fields: [F.value, ...COMMON], initial: () => ({ value: 10 }),
  },
  {
    list: "shells", labelKey: "DAMAGECHAIN.Sheet.Section.shells", hintKey: "DAMAGECHAIN.Sheet.Hint.shells", seeds: "000", steps: ["damageShell"],
    fields: [
      { key: "id", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.id", required: true },
      F.value,
      { key: "cooldown", kind: "duration", labelKey: "DAMAGECHAIN.Sheet.Field.cooldown" },
      ...COMMON.filter((f) => f.key !== "id"),
    ],
    initial: () => ({ id: "", value: 0 }),
  },
  {
    // Drop to 1 HP instead of 0 (SRD 5.2 Orc Relentless Endurance, Zombie Undead Fortitude; pf2e Ferocity): `core/steps/endurance.ts`.
    list: "endurance", labelKey: "DAMAGECHAIN.Sheet.Section.endurance", hintKey: "DAMAGECHAIN.Sheet.Hint.endurance", seeds: "SRD 5.2", steps: ["endurance"],
    fields: [
      { key: "id", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.id", required: true },
      { key: "hp", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.hpLeft" },
      { key: "uses", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.uses" },
      { key: "recharge", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.recharge", options: choices(["longRest", "DAMAGECHAIN.Sheet.Kind.longRest"], ["shortRest", "DAMAGECHAIN.Sheet.Kind.shortRest"], ["never", "DAMAGECHAIN.Sheet.Kind.never"]) },
      { key: "saveDc", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.saveDc" },
      { key: "saveAbility", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.saveAbility", more: true },
      { key: "saveBonus", kind: "number", labelKey: "DAMAGECHAIN.Sheet.Field.saveBonus", more: true },
      { key: "exceptTypes", kind: "list", labelKey: "DAMAGECHAIN.Sheet.Field.exceptTypes", more: true, choices: "types" },
      ...COMMON.filter((f) => f.key !== "id"),
    ],
    initial: () => ({ id: "", hp: 1, recharge: "longRest" }),
  },
  {
    // A reaction chosen when the damage is applied (SRD 5.2 Rogue Uncanny Dodge): `core/steps/reaction.ts`, and dnd5e's multiplier.
    list: "reactions", labelKey: "DAMAGECHAIN.Sheet.Section.reactions", hintKey: "DAMAGECHAIN.Sheet.Hint.reactions", seeds: "SRD 5.2", steps: ["reaction", "dnd5eResistance"],
    fields: [
      { key: "id", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.id", required: true },
      { key: "effect", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.effect", required: true, options: choices(["halve", "DAMAGECHAIN.Sheet.Kind.halve"]) },
      ...COMMON.filter((f) => f.key !== "id"),
    ],
    initial: () => ({ id: "", effect: "halve", condition: "attack" }),
  },
  {
    // No step reads role defenses: 001's creature templates set them, so they belong with 001's resistances.
    list: "roleDefenses", labelKey: "DAMAGECHAIN.Sheet.Section.roleDefenses", hintKey: "DAMAGECHAIN.Sheet.Hint.roleDefenses", seeds: "001", steps: ["resistance"],
    fields: [
      { key: "defense", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.defense", required: true, options: choices(["fortitude", "DAMAGECHAIN.Sheet.Kind.fortitude"], ["reflex", "DAMAGECHAIN.Sheet.Kind.reflex"], ["will", "DAMAGECHAIN.Sheet.Kind.will"]) },
      { key: "modifier", kind: "select", labelKey: "DAMAGECHAIN.Sheet.Field.modifier", required: true, numeric: true, options: choices(["1", "DAMAGECHAIN.Sheet.Kind.strong"], ["0", "DAMAGECHAIN.Sheet.Kind.average"], ["-1", "DAMAGECHAIN.Sheet.Kind.weak"]) },
      { key: "label", kind: "text", labelKey: "DAMAGECHAIN.Sheet.Field.label", more: true },
    ],
    initial: () => ({ defense: "fortitude", modifier: 0 }),
  },
];

/** The section of a list. Throws for a list the tab does not know (a programming error). */
export function sectionOf(list: string): SectionSpec {
  const s = SECTIONS.find((x) => x.list === list);
  if (s === undefined) throw new Error(`list: unknown defense list "${list}"`);
  return s;
}

/** Resource keys suggested for the resources rows (`src/core/model/defender.ts`). */
export const RESOURCE_LABELS: Readonly<Record<string, string>> = {
  hp: "DAMAGECHAIN.Resource.hp",
  guard: "DAMAGECHAIN.Resource.guard",
  magicArmor: "DAMAGECHAIN.Resource.magicArmor",
  physicalArmor: "DAMAGECHAIN.Resource.physicalArmor",
  monstrousArmor: "DAMAGECHAIN.Resource.monstrousArmor",
  naturalArmor: "DAMAGECHAIN.Resource.naturalArmor",
  body: "DAMAGECHAIN.Resource.body",
  ward: "DAMAGECHAIN.Resource.ward",
};

/** The label of a resource key (the key itself when the module does not know it). */
export function resourceLabel(key: string, t: Localizer): string {
  const labelKey = RESOURCE_LABELS[key];
  return labelKey ? t.localize(labelKey) : key;
}
