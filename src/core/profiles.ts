/**
 * The five built-in profiles, one per seed (RULES.md §3), and a registry that
 * user-defined profiles join after validation.
 */
import { profileSchema, type Profile, type ProfileInput } from "./model/profile.ts";

const BUILT_IN_INPUT: ProfileInput[] = [
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

/** Built-in profiles, validated once at load. */
export const BUILT_IN_PROFILES: readonly Profile[] = BUILT_IN_INPUT.map((p) => profileSchema.parse(p));

/** The default profile id (the 4E rules: the richest chain). */
export const DEFAULT_PROFILE_ID = "revised-4e";

/**
 * Profiles by id. Built-ins are always present and cannot be replaced;
 * `register` validates a user profile and throws an Error naming the field if
 * it is invalid.
 */
export class ProfileRegistry {
  readonly #profiles = new Map<string, Profile>();

  constructor() {
    for (const p of BUILT_IN_PROFILES) this.#profiles.set(p.id, p);
  }

  /** The profile with this id, or undefined. */
  get(id: string): Profile | undefined {
    return this.#profiles.get(id);
  }

  /** Every profile, built-ins first. */
  list(): Profile[] {
    return [...this.#profiles.values()];
  }

  /** True when `id` is one of the five built-ins. */
  isBuiltIn(id: string): boolean {
    return BUILT_IN_PROFILES.some((p) => p.id === id);
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
