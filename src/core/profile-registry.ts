/**
 * The profiles every world has: one per seed (RULES.md §3); the ids of the
 * built-in profiles of one game system each, whose definitions come with
 * their system (`core/<system>/profile.ts`, loaded by that system's folder
 * in Foundry; `core/profiles.ts` lists them all for the CLI); and the
 * registry that user-defined profiles join after validation.
 */
import { profileSchema, type Profile, type ProfileInput } from "./model/profile.ts";

/** The id of the built-in profile that resolves a hit as dnd5e 5.x `Actor5e#calculateDamage` does. */
export const DND5E_PROFILE_ID = "dnd5e";

/** The id of the built-in pf2e profile: pf2e's immunities, weaknesses and resistances as the chain's steps. */
export const PF2E_PROFILE_ID = "pf2e";

/** The id of the built-in Draw Steel profile: the system's `takeDamage` arithmetic as the chain's steps. */
export const DRAW_STEEL_PROFILE_ID = "draw-steel";

/** The id of the built-in Pathfinder 1e profile: the Core Rulebook's damage reduction, resistances, hardness, immunity and vulnerability. */
export const PF1_PROFILE_ID = "pf1";

/**
 * The id of the built-in Daggerheart profile: the system's resistance,
 * immunity, reduction and thresholds as the chain's steps.
 */
export const DAGGERHEART_PROFILE_ID = "daggerheart";

const SEED_INPUT: ProfileInput[] = [
  {
    id: "layered-armor",
    name: "Layered armor (000)",
    description: "BDN, BDR, DV, armor value, FDN, FDR, damage limit, damage shell, life.",
    steps: [
      { step: "bdn" },
      { step: "bdr" },
      { step: "dv" },
      { step: "armorValue" },
      { step: "fdn" },
      { step: "fdr" },
      { step: "damageLimit" },
      { step: "damageShell" },
      { step: "life", options: { atZero: "none" } },
    ],
  },
  {
    id: "revised-4e",
    name: "Revised 4E resistances (001)",
    description: "Immunity, resistance/vulnerability, HP, damage triggers, variable resistance.",
    steps: [{ step: "immunity" }, { step: "resistance" }, { step: "life", options: { atZero: "none" } }, { step: "triggers" }, { step: "variableResistance" }],
  },
  {
    id: "card-game",
    name: "Card game (002)",
    description: "Prevention unless unpreventable, clamp at 0, damage counters or temporary damage, death unless immortal, on-damage effects.",
    // "On damage" effects (002 rule 9) are damage triggers: they fire only when more than 0 was dealt.
    steps: [{ step: "prevention" }, { step: "clamp" }, { step: "life", options: { mode: "counters", atZero: "dead" } }, { step: "triggers" }],
  },
  {
    id: "tags-and-guard",
    name: "Tags and guard (003)",
    description: "Tag immunity, best single tag resistance, guard (attacks only), HP floor 0 then Dying.",
    steps: [{ step: "immunity" }, { step: "tagResistance" }, { step: "guard" }, { step: "life", options: { atZero: "dying" } }],
  },
  {
    id: "armor-pools",
    name: "Armor pools (004)",
    description: "Ongoing prevention, one-time prevention, reduction (monstrous), magic -> physical -> natural armor -> body -> wound.",
    steps: [{ step: "immunity" }, { step: "prevention" }, { step: "reduction" }, { step: "pools" }],
    // 004 never says how monstrous armor rounds. Rounding down would let a
    // 1-point hit on monstrous armor do nothing at all, which 004's "no
    // invulnerability" rule argues against; so halves round up here (2 -> 1
    // as in the seed's example, 3 -> 2, 1 -> 1).
    options: { rounding: "up" },
  },
];

/** The built-in profiles of one game system each, by the id of that system (`game.system.id`): offered, and the default, in that system's worlds only. */
export const SYSTEM_PROFILE_IDS: readonly string[] = [DND5E_PROFILE_ID, PF2E_PROFILE_ID, DRAW_STEEL_PROFILE_ID, DAGGERHEART_PROFILE_ID, PF1_PROFILE_ID];

/** The seeds' built-in profiles, validated once at load: every world has them. */
export const SEED_PROFILES: readonly Profile[] = SEED_INPUT.map((p) => profileSchema.parse(p));

/** The default profile id (the 4E rules: the richest chain). */
export const DEFAULT_PROFILE_ID = "revised-4e";

/**
 * Profiles by id. Built-ins are always present and cannot be replaced;
 * `register` validates a user profile and throws an Error naming the field if
 * it is invalid. A system's own profile joins the built-ins when its folder
 * loads (`addBuiltIn`).
 */
export class ProfileRegistry {
  readonly #profiles = new Map<string, Profile>();
  readonly #added = new Set<string>();

  constructor() {
    for (const p of SEED_PROFILES) this.#profiles.set(p.id, p);
  }

  /** The profile with this id, or undefined. */
  get(id: string): Profile | undefined {
    return this.#profiles.get(id);
  }

  /** Every profile, built-ins first. */
  list(): Profile[] {
    return [...this.#profiles.values()];
  }

  /** True when `id` is one of the built-ins. */
  isBuiltIn(id: string): boolean {
    return this.#added.has(id) || SYSTEM_PROFILE_IDS.includes(id) || SEED_PROFILES.some((p) => p.id === id);
  }

  /** Add a built-in profile that came with a system's folder (validated already); it replaces a user profile of its id. */
  addBuiltIn(profile: Profile): void {
    this.#profiles.set(profile.id, profile);
    this.#added.add(profile.id);
  }

  /** Validate and add (or replace) a user profile. Throws Error("profile.steps[2].step: ...") on bad input. */
  register(input: unknown): Profile {
    const parsed = profileSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`profile.${issue.path.join(".")}: ${issue.message}`);
    }
    if (this.isBuiltIn(parsed.data.id)) throw new Error(`profile.id: "${parsed.data.id}" is a built-in profile and cannot be replaced`);
    this.#profiles.set(parsed.data.id, parsed.data);
    return parsed.data;
  }

  /** Remove a user profile. Built-ins are never removed. Returns true if removed. */
  unregister(id: string): boolean {
    return !this.isBuiltIn(id) && this.#profiles.delete(id);
  }
}
