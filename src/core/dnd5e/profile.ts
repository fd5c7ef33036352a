/**
 * The built-in `dnd5e` profile. It comes with the dnd5e folder
 * (`src/foundry/systems/dnd5e/`: a chunk of its own, so no other world loads it)
 * and with the core's profile list (`core/profiles.ts`: the CLI, the tests).
 *
 * dnd5e 5.3.3 `Actor5e#calculateDamage` (foundryvtt/dnd5e 965ad2d, module/documents/actor/actor.mjs
 * lines 789-905): immunity, modification, multiplier + resistance + vulnerability with one
 * rounding, threshold; then the hit points (temporary HP first: the adapter's HP mapping).
 * The traits are the actor's own, read live (`defender.dnd5e`); healing and temporary HP
 * gains stay with dnd5e. The GM may add any other step in the profile editor.
 */
import { profileSchema, type Profile } from "../model/profile.ts";
import { DND5E_PROFILE_ID } from "../profile-registry.ts";
import { CHAIN_BEFORE, CHAIN_AFTER, CHAIN_LAST } from "../system-defenses.ts";

/** dnd5e 5.x's damage types (`CONFIG.DND5E.damageTypes`, `module/config.mjs`). */
const DND5E_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];

export const DND5E_PROFILE: Profile = profileSchema.parse({
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
});
