/**
 * Recipes in the Defenses tab: the "Add defense" menu offers the ready-made
 * defenses the active profile can run (`core/recipes.ts`), the world's
 * system's own first, and picking one adds its entries (named in the GM's
 * language, tagged with the recipe) and its pools to the draft. Pure: the
 * Foundry mount and the browser test's page both call it.
 */
import { findRecipe, recipeEntries, recipesFor } from "../../core/recipes.ts";
import { addEntries, type DefenderDraft } from "./draft.ts";
import type { Localizer } from "./localizer.ts";

/** The menu's recipe options for a world of `system` under a profile of `steps`: `recipe:<id>`, name, one-line hint. */
export function recipeOptions(system: string | undefined, steps: readonly string[], t: Localizer): { value: string; label: string; hint: string }[] {
  return recipesFor(system, steps).map((r) => ({ value: `recipe:${r.id}`, label: t.localize(r.nameKey), hint: t.localize(r.hintKey) }));
}

/** `draft` with recipe `id` added; the draft itself for an unknown id. */
export function withRecipe(draft: DefenderDraft, id: string, t: Localizer): DefenderDraft {
  const recipe = findRecipe(id);
  return recipe === undefined ? draft : addEntries(draft, recipeEntries(recipe, t.localize(recipe.nameKey)), recipe.resources);
}
