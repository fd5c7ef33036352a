/**
 * Recipes: ready-made defenses for well-known features, so a GM picks "Arcane
 * Ward" or "Relentless Endurance" instead of building it from parts. Each
 * recipe is plain data: the entries it adds (tagged `template: recipe.<id>`,
 * so it comes off as a unit, `template-tags.ts`) and the resources it adds
 * (a ward's points). Each names the rule it models in one line; the mechanics
 * are described in the project's own words (docs/rules.md, "Recipes"), and
 * each has a CLI scenario, `examples/recipe-<id>.yaml`.
 *
 * `systems`: the game systems the recipe is offered in first (empty: any);
 * `steps`: the steps that must be in the active profile for it to act.
 */
import type { DefensesInput } from "./model/defenses.ts";
import type { Resource } from "./model/defender.ts";
import type { StepId } from "./model/profile.ts";

/** One recipe. Points are points of damage; `resources` are points of a pool. */
export interface Recipe {
  id: string;
  /** Systems it belongs to (`dnd5e`, `pf2e`); empty for any system. */
  systems: readonly string[];
  /** The steps it needs in the active profile. */
  steps: readonly StepId[];
  /** Lang key of its name, and of a one-line hint in the project's own words. */
  nameKey: string;
  hintKey: string;
  /** The rule it models: book or SRD section, one line. */
  source: string;
  /** Entries it adds, by defense list. */
  defenses: DefensesInput;
  /** Pools it adds (kept in the actor's flags), by resource key. */
  resources?: Readonly<Record<string, Resource>>;
}

const key = (id: string, part: "Name" | "Hint") => `DAMAGECHAIN.Recipe.${id}.${part}`;

export const RECIPES: readonly Recipe[] = [
  {
    id: "arcaneWard",
    systems: ["dnd5e"],
    steps: ["pools"],
    nameKey: key("arcaneWard", "Name"),
    hintKey: key("arcaneWard", "Hint"),
    source: "Player's Handbook (2024), Wizard: Abjurer, Arcane Ward",
    defenses: {},
    resources: { ward: { value: 12, max: 12 } },
  },
  {
    id: "relentlessEndurance",
    systems: ["dnd5e"],
    steps: ["endurance"],
    nameKey: key("relentlessEndurance", "Name"),
    hintKey: key("relentlessEndurance", "Hint"),
    source: "SRD 5.2, Species: Orc, Relentless Endurance",
    defenses: { endurance: [{ id: "relentless-endurance", hp: 1, uses: 1, recharge: "longRest" }] },
  },
  {
    id: "undeadFortitude",
    systems: ["dnd5e"],
    steps: ["endurance"],
    nameKey: key("undeadFortitude", "Name"),
    hintKey: key("undeadFortitude", "Hint"),
    source: "SRD 5.2, Monsters: Zombie, Undead Fortitude",
    defenses: { endurance: [{ id: "undead-fortitude", hp: 1, recharge: "never", saveDc: 5, saveAbility: "con", saveBonus: 3, exceptTypes: ["radiant"], ignoredBy: ["critical"] }] },
  },
  {
    id: "uncannyDodge",
    systems: ["dnd5e"],
    steps: ["dnd5eResistance", "reaction"],
    nameKey: key("uncannyDodge", "Name"),
    hintKey: key("uncannyDodge", "Hint"),
    source: "SRD 5.2, Classes: Rogue, Uncanny Dodge",
    defenses: { reactions: [{ id: "uncanny-dodge", effect: "halve", condition: "attack" }] },
  },
  {
    id: "ferocity",
    systems: ["pf2e"],
    steps: ["endurance"],
    nameKey: key("ferocity", "Name"),
    hintKey: key("ferocity", "Hint"),
    source: "Pathfinder Monster Core, Orc Brute: Ferocity",
    defenses: { endurance: [{ id: "ferocity", hp: 1, uses: 1, recharge: "longRest" }] },
  },
  {
    id: "orcFerocity",
    systems: ["pf2e"],
    steps: ["endurance"],
    nameKey: key("orcFerocity", "Name"),
    hintKey: key("orcFerocity", "Hint"),
    source: "Pathfinder Player Core, Orc ancestry feat 1: Orc Ferocity",
    defenses: { endurance: [{ id: "orc-ferocity", hp: 1, uses: 1, recharge: "longRest" }] },
  },
  {
    id: "bossLimit",
    systems: [],
    steps: ["damageLimit"],
    nameKey: key("bossLimit", "Name"),
    hintKey: key("bossLimit", "Hint"),
    source: "Seed 000, Damage Limit",
    defenses: { damageLimits: [{ value: 30 }] },
  },
  {
    id: "bossShell",
    systems: [],
    steps: ["damageShell"],
    nameKey: key("bossShell", "Name"),
    hintKey: key("bossShell", "Hint"),
    source: "Seed 000, Damage Shell",
    defenses: { shells: [{ id: "shell-half", value: 100 }] },
  },
  {
    id: "spiritShield",
    systems: [],
    steps: ["prevention"],
    nameKey: key("spiritShield", "Name"),
    hintKey: key("spiritShield", "Hint"),
    source: "Seed 004, Defensive Effects: one-time prevention (spirit shield)",
    defenses: { prevention: [{ id: "spirit-shield", kind: "oneTime", uses: 1 }] },
  },
];

/** The recipe with this id, or undefined. */
export function findRecipe(id: string): Recipe | undefined {
  return RECIPES.find((r) => r.id === id);
}

/** The template tag of a recipe's entries. */
export const recipeTag = (id: string): string => `recipe.${id}`;

/**
 * The recipes a profile can run, for a world of `system`: the system's own
 * first, then those of any system; a recipe whose steps the profile lacks is
 * left out. `steps`: the profile's enabled step ids.
 */
export function recipesFor(system: string | undefined, steps: readonly string[]): Recipe[] {
  const runs = (r: Recipe) => r.steps.some((s) => steps.includes(s));
  const own = RECIPES.filter((r) => system !== undefined && r.systems.includes(system) && runs(r));
  const any = RECIPES.filter((r) => r.systems.length === 0 && runs(r));
  return [...own, ...any];
}

/**
 * The entries of `recipe`, each tagged with it and named `label` (the
 * recipe's name in the GM's language), by list. Pure.
 */
export function recipeEntries(recipe: Recipe, label: string): Record<string, Record<string, unknown>[]> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [list, entries] of Object.entries(recipe.defenses)) {
    if (!Array.isArray(entries)) continue;
    out[list] = (entries as object[]).map((e) => ({ ...e, label, template: recipeTag(recipe.id) }));
  }
  return out;
}
