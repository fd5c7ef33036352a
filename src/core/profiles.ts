/**
 * The built-in profiles: one per seed (RULES.md §3), and `dnd5e`, dnd5e 5.x's
 * own damage arithmetic; and a registry that user-defined
 * profiles join after validation.
 */
import { profileSchema, type Profile, type ProfileInput } from "./model/profile.ts";

/** The id of the built-in profile that resolves a hit as dnd5e 5.x `Actor5e#calculateDamage` does. */
export const DND5E_PROFILE_ID = "dnd5e";

/** The id of the built-in pf2e profile: pf2e's immunities, weaknesses and resistances as the chain's steps. */
export const PF2E_PROFILE_ID = "pf2e";

/** The id of the built-in Draw Steel profile: the system's `takeDamage` arithmetic as the chain's steps. */
export const DRAW_STEEL_PROFILE_ID = "draw-steel";

/** Draw Steel's damage types (`ds.CONFIG.damageTypes`, draw-steel 68856d4 `src/module/config.mjs` lines 136-173) and its untyped damage. */
const DRAW_STEEL_TYPES = ["acid", "cold", "corruption", "fire", "holy", "lightning", "poison", "psychic", "sonic", "untyped"];

/** The id of the built-in Pathfinder 1e profile: the Core Rulebook's damage reduction, resistances, hardness, immunity and vulnerability. */
export const PF1_PROFILE_ID = "pf1";

/**
 * PF1's damage types (foundryvtt/pf1 v10.8 bee79fd5 `module/registry/damage-types.mjs`
 * lines 49-141: `_id` of each; `untyped` is the system's default for a roll without a type).
 */
const PF1_TYPES = ["untyped", "slashing", "piercing", "bludgeoning", "fire", "cold", "electric", "acid", "sonic", "force", "negative", "positive", "precision", "nonlethal"];

/**
 * The id of the built-in Daggerheart profile: the system's resistance,
 * immunity, reduction and thresholds as the chain's steps. The profile itself
 * comes with the Daggerheart folder (`core/daggerheart/profile.ts`), so other
 * worlds never load it.
 */
export const DAGGERHEART_PROFILE_ID = "daggerheart";

/**
 * pf2e's damage types (`CONFIG.PF2E.damageTypes`, remaster). Not its
 * categories `physical` / `energy`: a pf2e instance has one damage type, and
 * an entry or exception naming a category covers each type of it
 * (`core/exceptions.ts`).
 */
const PF2E_TYPES = ["acid", "bleed", "bludgeoning", "cold", "electricity", "fire", "force", "mental", "piercing", "poison", "slashing", "sonic", "spirit", "vitality", "void"];

/** dnd5e 5.x's damage types (`CONFIG.DND5E.damageTypes`, `module/config.mjs`). */
const DND5E_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];

/**
 * The chain's own defenses on top of a system's rules (the dnd5e and pf2e
 * profiles). Every link runs only when the actor has defenses for it
 * (`whenUsed`, `steps/used.ts`): an actor without them gets exactly the
 * system's numbers. Where each sits, and why (docs/rules.md, "The system
 * profiles"):
 * - after the system's immunity, before its reductions: prevention (004: an
 *   immunity applies before one-time effects; prevented damage never
 *   happened) and BDN (000: a negate on the base damage, before any
 *   reduction);
 * - after the system's resistances, vulnerabilities and threshold, on the
 *   final damage: FDN (000), then the ward (a `ward` pool that takes the
 *   damage instead of the creature, so before temporary HP: the abjurer's
 *   Arcane Ward), then guard (003: attacks go to Guard first, the rest on);
 * - then the per-round caps on life lost (000 Damage Limit and Damage Shell
 *   count life, so they come after the ward and guard that absorb damage that
 *   is not life), then endurance (drop to 1 instead of 0: it acts on the life
 *   the hit would leave), then life, then damage triggers (001: after the hit
 *   is fully resolved).
 */
const CHAIN_BEFORE: ProfileInput["steps"] = [{ step: "prevention", whenUsed: true }, { step: "bdn", whenUsed: true }];
const CHAIN_AFTER: ProfileInput["steps"] = [
  { step: "fdn", whenUsed: true },
  { step: "pools", whenUsed: true, options: { order: ["ward"], armorPools: [], halving: [], wound: false } },
  { step: "guard", whenUsed: true },
  { step: "damageLimit", whenUsed: true },
  { step: "damageShell", whenUsed: true },
  { step: "endurance", whenUsed: true },
];
const CHAIN_LAST: ProfileInput["steps"][number] = { step: "triggers", whenUsed: true };

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
  {
    // dnd5e 5.3.3 `Actor5e#calculateDamage` (foundryvtt/dnd5e 965ad2d, module/documents/actor/actor.mjs
    // lines 789-905): immunity, modification, multiplier + resistance + vulnerability with one
    // rounding, threshold; then the hit points (temporary HP first: the adapter's HP mapping).
    // The traits are the actor's own, read live (`defender.dnd5e`); healing and temporary HP
    // gains stay with dnd5e. The GM may add any other step in the profile editor.
    id: DND5E_PROFILE_ID,
    name: "dnd5e 5.x",
    description: "dnd5e's own rules (immunity, damage modification, multiplier with resistance and vulnerability in one rounding, damage threshold, HP), with the chain's own defenses on top where an actor has them.",
    steps: [
      { step: "dnd5eImmunity" },
      ...CHAIN_BEFORE,
      { step: "dnd5eModification" },
      { step: "dnd5eResistance" },
      { step: "dnd5eThreshold" },
      // midi-qol's damage reduction, where midi-qol 11.6.32 takes it: in its `dnd5e.calculateDamage`
      // handler, so after dnd5e's traits and threshold (src/module/Hooks.ts lines 1078-1176).
      { step: "midiDr", whenUsed: true },
      ...CHAIN_AFTER,
      { step: "life", options: { atZero: "none" } },
      CHAIN_LAST,
    ],
    options: { damageTypes: DND5E_TYPES },
  },
  {
    // pf2e's IWR as the chain's steps (foundryvtt/pf2e `src/module/system/damage/iwr.ts` `applyIWR`):
    // an immunity removes an instance; then the highest weakness is added (DV: the single highest
    // other entry); then the highest resistance subtracts (FDR, likewise), never below 0. pf2e's
    // traits are imported live in the pf2e adapter's replace mode (`src/core/import/pf2e.ts`).
    id: PF2E_PROFILE_ID,
    name: "pf2e",
    description: "pf2e's immunities, then the highest weakness, then the highest resistance, per damage type and category; HP; with the chain's own defenses on top where an actor has them.",
    steps: [{ step: "immunity" }, ...CHAIN_BEFORE, { step: "dv" }, { step: "fdr" }, ...CHAIN_AFTER, { step: "life", options: { atZero: "none" } }, CHAIN_LAST],
    options: { damageTypes: PF2E_TYPES },
  },
  {
    // Draw Steel's `takeDamage` (MetaMorphic-Digital/draw-steel 68856d4, src/module/data/actor/base-actor.mjs
    // lines 383-397): the higher of the `all` and the type's weakness is added, the higher of the `all` and the
    // type's immunity subtracted, never below 0. The importer (`src/core/import/draw-steel.ts`) makes weaknesses
    // DV and immunities FDR entries, each step taking the single highest applicable entry; so (d + w) - min(d + w, i)
    // = max(0, d + w - i). Untyped damage is `untyped`, which only `all` entries cover. Temporary stamina first
    // (documents/actor.mjs lines 123-127: the adapter's stamina mapping).
    id: DRAW_STEEL_PROFILE_ID,
    name: "Draw Steel",
    description: "Draw Steel's weakness, then immunity, never below 0.",
    steps: [...CHAIN_BEFORE, { step: "dv" }, { step: "fdr" }, ...CHAIN_AFTER, { step: "life", options: { atZero: "none" } }, CHAIN_LAST],
    options: { damageTypes: DRAW_STEEL_TYPES, defaultType: "untyped" },
  },
  {
    // Pathfinder 1e computes no reduction of its own (foundryvtt/pf1 v10.8 bee79fd5
    // `module/documents/actor/actor-pf.mjs` lines 3843-3858: the GM types it into the dialog),
    // so this applies the Core Rulebook: immunity (no damage of that type), vulnerability +50%
    // rounded down (Universal Monster Rules "Vulnerabilities"), damage reduction, best one only,
    // once per attack on its physical damage, unless overcome ("Damage Reduction"), then energy
    // resistance per energy type, the highest only ("Energy Resistance": FDR, not stacking), and
    // hardness once per hit on all damage ("Smashing an Object", Hardness: FDR `all` spent once).
    // Nonlethal damage is resolved alike and written to nonlethal by the adapter ("Nonlethal Damage").
    id: PF1_PROFILE_ID,
    name: "pf1",
    description: "PF1 Core Rulebook: immunity, vulnerability, DR, energy resistance, hardness; HP.",
    steps: [{ step: "immunity" }, ...CHAIN_BEFORE, { step: "pf1Vulnerability" }, { step: "pf1Dr" }, { step: "fdr" }, ...CHAIN_AFTER, { step: "life", options: { atZero: "none" } }, CHAIN_LAST],
    options: { damageTypes: PF1_TYPES },
  },
];

/** The built-in profiles of one game system each, by the id of that system (`game.system.id`): offered, and the default, in that system's worlds only. */
export const SYSTEM_PROFILE_IDS: readonly string[] = [DND5E_PROFILE_ID, PF2E_PROFILE_ID, DRAW_STEEL_PROFILE_ID, DAGGERHEART_PROFILE_ID, PF1_PROFILE_ID];

/** Built-in profiles, validated once at load. */
export const BUILT_IN_PROFILES: readonly Profile[] = BUILT_IN_INPUT.map((p) => profileSchema.parse(p));

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

  /** True when `id` is one of the built-ins. */
  isBuiltIn(id: string): boolean {
    return this.#added.has(id) || BUILT_IN_PROFILES.some((p) => p.id === id);
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
