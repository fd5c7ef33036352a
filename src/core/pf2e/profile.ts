/**
 * The built-in `pf2e` profile. It comes with the pf2e folder
 * (`src/foundry/systems/pf2e/`: a chunk of its own, so no other world loads it)
 * and with the core's profile list (`core/profiles.ts`: the CLI, the tests).
 *
 * pf2e's IWR as the chain's steps (foundryvtt/pf2e `src/module/system/damage/iwr.ts` `applyIWR`):
 * an immunity removes an instance; then the highest weakness is added (DV: the single highest
 * other entry); then the highest resistance subtracts (FDR, likewise), never below 0; then a
 * weakness of pf2e's apply-once set (holy, unholy, water, a tradition, spells…:
 * `import/pf2e-hit-words.ts`) adds its value once to the hit (`pf2eWeaknessOnce`). pf2e's traits are imported live in the pf2e adapter's replace mode (`src/core/import/pf2e.ts`).
 */
import { profileSchema, type Profile } from "../model/profile.ts";
import { PF2E_PROFILE_ID } from "../profile-registry.ts";
import { CHAIN_BEFORE, CHAIN_AFTER, CHAIN_LAST } from "../system-defenses.ts";

/**
 * pf2e's damage types (`CONFIG.PF2E.damageTypes`, remaster). Not its
 * categories `physical` / `energy`: a pf2e instance has one damage type, and
 * an entry or exception naming a category covers each type of it
 * (`core/exceptions.ts`).
 */
const PF2E_TYPES = ["acid", "bleed", "bludgeoning", "cold", "electricity", "fire", "force", "mental", "piercing", "poison", "slashing", "sonic", "spirit", "vitality", "void"];

export const PF2E_PROFILE: Profile = profileSchema.parse({
  id: PF2E_PROFILE_ID,
  name: "pf2e",
  description: "pf2e's immunities, then the highest weakness, then the highest resistance, per damage type and category; a weakness to holy, unholy, water, a magic tradition, spells and the like once per hit; HP; with the chain's own defenses on top where an actor has them.",
  steps: [{ step: "immunity" }, ...CHAIN_BEFORE, { step: "dv" }, { step: "fdr" }, { step: "pf2eWeaknessOnce", whenUsed: true }, ...CHAIN_AFTER, { step: "life", options: { atZero: "none" } }, CHAIN_LAST],
  options: { damageTypes: PF2E_TYPES },
});
