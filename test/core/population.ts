/**
 * Generated bestiaries with exactly known counts, for the report's tests, the
 * browser test of its HTML page and the bench. Every creature's "old rules"
 * defenses are tagged `import.dnd4e`, as if a system import had read them.
 */
import type { Creature } from "../../src/core/bestiary/report.ts";
import { defensesSchema } from "../../src/core/model/defenses.ts";

/** A group of identical creatures: count, type, groups, role, level, defenses and old-rules traits. */
export interface Cohort {
  count: number;
  type: string;
  groups?: string[];
  role?: string;
  level?: number;
  defenses?: { fortitude: number; reflex: number; will: number };
  immune?: string[];
  resist?: string[];
  vulnerable?: string[];
}

/** The creatures of `cohorts`, in order. */
export function population(cohorts: readonly Cohort[]): Creature[] {
  const out: Creature[] = [];
  for (const c of cohorts) {
    const tag = { template: "import.dnd4e" };
    const defenses = defensesSchema.parse({
      immunities: (c.immune ?? []).map((type) => ({ type, ...tag })),
      resistances: (c.resist ?? []).map((type) => ({ type, ...tag })),
      vulnerabilities: (c.vulnerable ?? []).map((type) => ({ type, ...tag })),
    });
    for (let i = 0; i < c.count; i++) {
      out.push({ creature: { name: `${c.type} ${i + 1}`, system: "dnd4e", type: c.type, groups: c.groups ?? [c.type], role: c.role, level: c.level, defenses: c.defenses }, defenses });
    }
  }
  return out;
}

/**
 * 001's starting point, 200 creatures: 15% Undead (immune Poison, resist
 * Necrotic, vulnerable Radiant: "Most Undead monsters are vulnerable to
 * Radiant damage, resistant to Necrotic damage, and immune to Poison. About
 * 15% of monsters in the game are Undead."; 6 of the 30 are Shadow), Devils
 * and Fire creatures that resist or are immune to Fire ("Many monsters are
 * resistant to Fire damage"), and the other groups of 001's type table with
 * no traits yet. The group sizes are ones for which 001's table pairs each
 * resisting group with a vulnerable group of comparable size, as the seed's
 * balancing assumes of the real Compendium ("Our balancing takes into
 * account the number of monsters of each type"). Counts per damage type:
 * Poison R undead 30 + construct 6 + dwarf 2 vs V fey 30 + plant 8; Radiant R
 * aberrant 14 + immortal 6 + blind 2 + plant 8 vs V undead 30; Psychic R
 * construct 6 + plant 8 + eladrin 2 vs V aberrant 14; Necrotic R shadow 6 vs
 * V immortal 6; Fire R fire 6 + devil 5 + tiefling 3 vs V plant 8 + cold 6;
 * Acid R ooze 3 + water 3 vs V construct 6; Cold R cold 6 vs V fire 6.
 */
export const OLD_RULES: readonly Cohort[] = [
  { count: 24, type: "undead", immune: ["poison"], resist: ["necrotic"], vulnerable: ["radiant"] },
  { count: 6, type: "undead", groups: ["undead", "shadow"], immune: ["poison"], resist: ["necrotic"], vulnerable: ["radiant"] },
  { count: 5, type: "devil", resist: ["fire"] },
  { count: 6, type: "fire", immune: ["fire"] },
  { count: 6, type: "construct" },
  { count: 30, type: "fey" },
  { count: 6, type: "immortal" },
  { count: 14, type: "aberrant" },
  { count: 6, type: "cold" },
  { count: 8, type: "plant" },
  { count: 3, type: "ooze" },
  { count: 3, type: "water" },
  { count: 2, type: "blind" },
  { count: 3, type: "tiefling" },
  { count: 2, type: "eladrin" },
  { count: 2, type: "dwarf" },
  { count: 74, type: "humanoid" },
];

/** `n` creatures cycling through {@link OLD_RULES} cohorts (for the bench), one creature per cohort in turn. */
export function largePopulation(n: number): Creature[] {
  const base = population(OLD_RULES);
  return Array.from({ length: n }, (_, i) => base[(i * 37) % base.length]!);
}
