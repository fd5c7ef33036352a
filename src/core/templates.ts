/**
 * Creature templates from seed 001 ("Balancing monster defenses,
 * resistances"): the creature-type table of group-wide resistances and
 * vulnerabilities, the keyword bundles Insubstantial / Swarm / Regiment
 * ("Resistances and Vulnerabilities"), and the role defense table (Soldier,
 * Brute, Skirmisher, Controller, Lurker, Artillery -> strong/average/weak
 * Fortitude, Reflex, Will) with the optional +1/-1 variation.
 *
 * Every entry a template adds carries `template: <id>`, so
 * {@link removeTemplate} takes the template off as a unit and leaves the
 * defenses deep-equal to what they were before {@link applyTemplate}.
 * Pure: inputs are never changed.
 */
import { EPIC_LEVEL, PARAGON_LEVEL } from "./conditions.ts";
import type { ConditionImmunity, Defenses, Resistance, RoleDefense } from "./model/defenses.ts";
import { ROLE_DEFENSES } from "./model/defenses.ts";
import { removeTemplate } from "./template-tags.ts";

export { appliedTemplates, removeTemplate } from "./template-tags.ts";

/** Strong = average + 1, weak = average - 1 (001). */
export type DefenseStrength = "strong" | "average" | "weak";
export type RoleDefenseName = (typeof ROLE_DEFENSES)[number];

/** A creature type: group-wide resistances and vulnerabilities (001 "organized by monster type"). */
export interface CreatureTypeTemplate {
  id: string;
  kind: "creatureType";
  /** Lang key of the template's name. */
  nameKey: string;
  resist: string[];
  vulnerable: string[];
}

/** A keyword bundle (001 "Insubstantial", "Swarm", "Regiment"). */
export interface KeywordTemplate {
  id: string;
  kind: "keyword";
  nameKey: string;
  resistances: Resistance[];
  vulnerabilities: Resistance[];
  conditionImmunities: ConditionImmunity[];
}

/** A monster role: the strength of Fortitude, Reflex and Will (001 "Fixing monster defenses"). */
export interface RoleTemplate {
  id: string;
  kind: "role";
  nameKey: string;
  defenses: Record<RoleDefenseName, DefenseStrength>;
}

export type CreatureTemplate = CreatureTypeTemplate | KeywordTemplate | RoleTemplate;

const type = (id: string, nameKey: string, resist: string[], vulnerable: string[]): CreatureTypeTemplate => ({
  id: `type.${id}`,
  kind: "creatureType",
  nameKey,
  resist,
  vulnerable,
});

/** 001, "Or, organized by monster type". Swarm's Vulnerable Poison is part of the Swarm bundle. */
export const CREATURE_TYPE_TEMPLATES: readonly CreatureTypeTemplate[] = [
  type("undead", "DAMAGECHAIN.Template.Name.undead", ["poison"], ["radiant"]),
  type("fey", "DAMAGECHAIN.Template.Name.fey", [], ["poison"]),
  type("immortal", "DAMAGECHAIN.Template.Name.immortal", ["radiant"], ["necrotic"]),
  type("shadow", "DAMAGECHAIN.Template.Name.shadow", ["necrotic"], ["radiant"]),
  type("aberrant", "DAMAGECHAIN.Template.Name.aberrant", ["radiant"], ["psychic"]),
  type("devil", "DAMAGECHAIN.Template.Name.devil", ["fire"], []),
  type("construct", "DAMAGECHAIN.Template.Name.construct", ["poison", "psychic"], ["acid"]),
  type("blind", "DAMAGECHAIN.Template.Name.blind", ["radiant"], []),
  type("fire", "DAMAGECHAIN.Template.Name.fire", ["fire"], ["cold"]),
  type("cold", "DAMAGECHAIN.Template.Name.cold", ["cold"], ["fire"]),
  type("ooze", "DAMAGECHAIN.Template.Name.ooze", ["acid"], []),
  type("plant", "DAMAGECHAIN.Template.Name.plant", ["radiant", "psychic"], ["poison", "fire"]),
  type("water", "DAMAGECHAIN.Template.Name.water", ["acid"], []),
  type("tiefling", "DAMAGECHAIN.Template.Name.tiefling", ["fire"], []),
  type("eladrin", "DAMAGECHAIN.Template.Name.eladrin", ["psychic"], []),
  type("dwarf", "DAMAGECHAIN.Template.Name.dwarf", ["poison"], []),
];

const swarmLike = (id: "swarm" | "regiment", nameKey: string, extra: string): KeywordTemplate => ({
  id: `keyword.${id}`,
  kind: "keyword",
  nameKey,
  resistances: [{ type: "all", condition: "noBurstBlast" }],
  vulnerabilities: [{ type: "all", condition: "burstBlast" }, { type: extra }],
  conditionImmunities: [{ gains: "forcedMovement", condition: "noBurstBlast" }],
});

/** 001 keyword bundles, entry for entry. */
export const KEYWORD_TEMPLATES: readonly KeywordTemplate[] = [
  {
    id: "keyword.insubstantial",
    kind: "keyword",
    nameKey: "DAMAGECHAIN.Template.Name.insubstantial",
    resistances: [{ type: "physical" }, { type: "non-physical", condition: "noAdvantage" }],
    vulnerabilities: [{ type: "all", condition: "advantage" }],
    conditionImmunities: [],
  },
  swarmLike("swarm", "DAMAGECHAIN.Template.Name.swarm", "poison"),
  swarmLike("regiment", "DAMAGECHAIN.Template.Name.regiment", "psychic"),
];

const role = (id: string, nameKey: string, fortitude: DefenseStrength, reflex: DefenseStrength, will: DefenseStrength): RoleTemplate => ({
  id: `role.${id}`,
  kind: "role",
  nameKey,
  defenses: { fortitude, reflex, will },
});

/** 001 role table ("I suggest the following values"). */
export const ROLE_TEMPLATES: readonly RoleTemplate[] = [
  role("soldier", "DAMAGECHAIN.Template.Name.soldier", "strong", "average", "average"),
  role("brute", "DAMAGECHAIN.Template.Name.brute", "strong", "weak", "average"),
  role("skirmisher", "DAMAGECHAIN.Template.Name.skirmisher", "weak", "strong", "average"),
  role("controller", "DAMAGECHAIN.Template.Name.controller", "average", "weak", "strong"),
  role("lurker", "DAMAGECHAIN.Template.Name.lurker", "average", "strong", "weak"),
  role("artillery", "DAMAGECHAIN.Template.Name.artillery", "weak", "average", "average"),
];

/** Every template, by kind: creature types, keyword bundles, roles. */
export const CREATURE_TEMPLATES: readonly CreatureTemplate[] = [...CREATURE_TYPE_TEMPLATES, ...KEYWORD_TEMPLATES, ...ROLE_TEMPLATES];

/** The template with this id, or undefined. */
export function findTemplate(id: string): CreatureTemplate | undefined {
  return CREATURE_TEMPLATES.find((t) => t.id === id);
}

/** Modifier to the level's average defense (001: strong = +1, weak = -1). */
export const STRENGTH_MODIFIER: Readonly<Record<DefenseStrength, -1 | 0 | 1>> = { strong: 1, average: 0, weak: -1 };

/** Resist/vulnerable value per tier when a template applies with limits (001: "e.g. 5 per tier"). */
export const DEFAULT_LIMIT_PER_TIER = 5;

/**
 * Options of {@link applyTemplate}.
 * - `limits`: creature-type templates only. Absent: no limit (001's proposed
 *   rules, where resistance is "half"). Given: limit = `perTier` (default 5)
 *   x the tier of `level` (Heroic 1-10 = 1, Paragon 11-20 = 2, Epic 21+ = 3).
 *   Keyword bundles and roles ignore it (their seed text has no limits).
 * - `variation`: role templates only; the optional +1 to one defense and -1
 *   to another (001 "As an option to add some variety").
 */
export interface TemplateOptions {
  limits?: { level: number; perTier?: number } | undefined;
  variation?: { plus: RoleDefenseName; minus: RoleDefenseName } | undefined;
}

/** The tier of a creature level (001/4E: Heroic 1-10, Paragon 11-20, Epic 21+). Throws for a level that is not a whole number >= 1. */
export function tierOf(level: number): 1 | 2 | 3 {
  if (!Number.isInteger(level) || level < 1) throw new Error(`limits.level: must be a whole number of at least 1 (got ${String(level)})`);
  return level >= EPIC_LEVEL ? 3 : level >= PARAGON_LEVEL ? 2 : 1;
}

function limitFor(options: TemplateOptions): number | undefined {
  if (options.limits === undefined) return undefined;
  const perTier = options.limits.perTier ?? DEFAULT_LIMIT_PER_TIER;
  if (!Number.isInteger(perTier) || perTier < 0) throw new Error(`limits.perTier: must be a whole number of at least 0 (got ${String(perTier)})`);
  return perTier * tierOf(options.limits.level);
}

/**
 * Put template `templateId` on. Its entries are appended to the end of their
 * lists, each tagged `template: templateId`. Applying a template that is
 * already on replaces it (so it can be re-applied with other options).
 * Returns new defenses; `defenses` is not changed.
 *
 * Throws Error naming the bad input: an unknown `templateId`, `limits.level`
 * that is not a whole number >= 1, `limits.perTier` < 0, or a `variation`
 * whose `plus` and `minus` name the same defense.
 */
export function applyTemplate(defenses: Defenses, templateId: string, options: TemplateOptions = {}): Defenses {
  const template = findTemplate(templateId);
  if (template === undefined) throw new Error(`templateId: unknown creature template "${templateId}"`);
  const out = removeTemplate(defenses, templateId);
  const tag = { template: templateId };
  if (template.kind === "creatureType") {
    const limit = limitFor(options);
    const entry = (t: string): Resistance => (limit === undefined ? { type: t, ...tag } : { type: t, limit, ...tag });
    out.resistances = [...out.resistances, ...template.resist.map(entry)];
    out.vulnerabilities = [...out.vulnerabilities, ...template.vulnerable.map(entry)];
  } else if (template.kind === "keyword") {
    // No label: the trace names these entries by their `keyword.<id>` tag, in the reader's language.
    out.resistances = [...out.resistances, ...template.resistances.map((r) => ({ ...r, ...tag }))];
    out.vulnerabilities = [...out.vulnerabilities, ...template.vulnerabilities.map((v) => ({ ...v, ...tag }))];
    out.conditionImmunities = [...out.conditionImmunities, ...template.conditionImmunities.map((c) => ({ ...c, ...tag }))];
  } else {
    const added: RoleDefense[] = ROLE_DEFENSES.map((d) => ({ defense: d, modifier: STRENGTH_MODIFIER[template.defenses[d]], ...tag }));
    const v = options.variation;
    if (v !== undefined) {
      if (v.plus === v.minus) throw new Error(`variation: +1 and -1 must go to two different defenses (both are "${v.plus}")`);
      added.push({ defense: v.plus, modifier: 1, ...tag }, { defense: v.minus, modifier: -1, ...tag });
    }
    out.roleDefenses = [...out.roleDefenses, ...added];
  }
  return out;
}

/** Sum of the role defense modifiers per defense: the offset from the level's average defense (001). */
export function roleDefenseTotals(defenses: Pick<Defenses, "roleDefenses">): Record<RoleDefenseName, number> {
  const totals: Record<RoleDefenseName, number> = { fortitude: 0, reflex: 0, will: 0 };
  for (const r of defenses.roleDefenses) totals[r.defense] += r.modifier;
  return totals;
}
