/**
 * Every recipe (`src/core/recipes.ts`) has a scenario, `examples/recipe-<id>.yaml`,
 * and `damage-chain resolve` reproduces its figures outside Foundry. The
 * figures are worked by hand in each file's comments.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defensesSchema } from "../../src/core/model/defenses.ts";
import { RECIPES, recipeEntries, recipesFor } from "../../src/core/recipes.ts";
import { resolveEnvelope, ROOT } from "./run.ts";

/** Per recipe: [label, final damage, HP after] of each hit in its example. */
const FIGURES: Record<string, [string, number, number][]> = {
  arcaneWard: [["Fireball 27, saved", 13, 39], ["Scimitar 8", 8, 31]],
  relentlessEndurance: [["Greataxe 20", 4, 1], ["Arrow 6", 0, 1], ["Dagger 4", 4, 0]],
  undeadFortitude: [["Longsword 12", 9, 1], ["Sacred Flame 4 radiant", 4, 0]],
  uncannyDodge: [["Greatsword 15", 15, 25], ["Greatsword 15, Uncanny Dodge", 7, 18], ["Flame blade 27, Uncanny Dodge", 6, 12]],
  ferocity: [["Longsword 12", 7, 1], ["Shortbow 5", 5, 0]],
  orcFerocity: [["Fireball 20", 5, 1], ["Claw 3", 3, 0]],
  bossLimit: [["Smite 25", 25, 275], ["Smite 25 again", 5, 270], ["Next round, 25", 25, 245]],
  bossShell: [["Disintegrate 40", 20, 100], ["Arrow 10", 0, 100], ["Next round, 40", 40, 60]],
  spiritShield: [["Warhammer 12", 0, 30], ["Warhammer 12 again", 12, 18]],
};

describe("recipes", () => {
  it("at least 8, across dnd5e and pf2e, each citing its rule", () => {
    expect(RECIPES.length).toBeGreaterThanOrEqual(8);
    expect(RECIPES.some((r) => r.systems.includes("dnd5e"))).toBe(true);
    expect(RECIPES.some((r) => r.systems.includes("pf2e"))).toBe(true);
    for (const r of RECIPES) expect(r.source.length).toBeGreaterThan(8);
  });

  it.each(RECIPES.map((r) => r.id))("%s: its entries are valid defenses, tagged with the recipe", (id) => {
    const recipe = RECIPES.find((r) => r.id === id)!;
    const entries = recipeEntries(recipe, "Name");
    const parsed = defensesSchema.parse(entries);
    for (const list of Object.values(entries)) for (const e of list) expect(e.template).toBe(`recipe.${id}`);
    expect(Object.keys(entries).length + Object.keys(recipe.resources ?? {}).length).toBeGreaterThan(0);
    expect(parsed).toBeDefined();
  });

  it("offered by system, its own first, and only where the profile has the step", () => {
    const dnd5e = ["dnd5eImmunity", "prevention", "dnd5eResistance", "pools", "damageLimit", "damageShell", "endurance", "life"];
    const ids = recipesFor("dnd5e", dnd5e).map((r) => r.id);
    expect(ids.slice(0, 4)).toEqual(["arcaneWard", "relentlessEndurance", "undeadFortitude", "uncannyDodge"]);
    expect(ids).not.toContain("ferocity");
    expect(recipesFor("dnd5e", ["immunity", "resistance", "life"]).map((r) => r.id)).toEqual([]);
  });

  it.each(Object.keys(FIGURES))("damage-chain resolve examples/recipe-%s.yaml gives its figures", async (id) => {
    const path = join("examples", `recipe-${id}.yaml`);
    expect(existsSync(join(ROOT, path))).toBe(true);
    const env = await resolveEnvelope(path);
    expect(env.hits.map((h) => [h.label, h.final, h.resources.hp!.value])).toEqual(FIGURES[id]);
  });

  it("every recipe has its example", () => {
    expect(Object.keys(FIGURES).sort()).toEqual(RECIPES.map((r) => r.id).sort());
  });
});
