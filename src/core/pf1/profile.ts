/**
 * The built-in `pf1` profile. It comes with the Pathfinder 1e folder
 * (`src/foundry/systems/pf1/`: a chunk of its own, so no other world loads it)
 * and with the core's profile list (`core/profiles.ts`: the CLI, the tests).
 *
 * Pathfinder 1e computes no reduction of its own (foundryvtt/pf1 v10.8 bee79fd5
 * `module/documents/actor/actor-pf.mjs` lines 3843-3858: the GM types it into the dialog),
 * so this applies the Core Rulebook: immunity (no damage of that type), vulnerability +50%
 * rounded down (Universal Monster Rules "Vulnerabilities"), damage reduction, best one only,
 * once per attack on its physical damage, unless overcome ("Damage Reduction"), then energy
 * resistance per energy type, the highest only ("Energy Resistance": FDR, not stacking), and
 * hardness once per hit on all damage ("Smashing an Object", Hardness: FDR `all` spent once).
 * Nonlethal damage is resolved alike and written to nonlethal by the adapter ("Nonlethal Damage").
 */
import { profileSchema, type Profile } from "../model/profile.ts";
import { PF1_PROFILE_ID } from "../profile-registry.ts";
import { CHAIN_BEFORE, CHAIN_AFTER, CHAIN_LAST } from "../system-defenses.ts";

/**
 * PF1's damage types (foundryvtt/pf1 v10.8 bee79fd5 `module/registry/damage-types.mjs`
 * lines 49-141: `_id` of each; `untyped` is the system's default for a roll without a type).
 */
const PF1_TYPES = ["untyped", "slashing", "piercing", "bludgeoning", "fire", "cold", "electric", "acid", "sonic", "force", "negative", "positive", "precision", "nonlethal"];

export const PF1_PROFILE: Profile = profileSchema.parse({
  id: PF1_PROFILE_ID,
  name: "pf1",
  description: "PF1 Core Rulebook: immunity, vulnerability, DR, energy resistance, hardness; HP.",
  steps: [{ step: "immunity" }, ...CHAIN_BEFORE, { step: "pf1Vulnerability" }, { step: "pf1Dr" }, { step: "fdr" }, ...CHAIN_AFTER, { step: "life", options: { atZero: "none" } }, CHAIN_LAST],
  options: { damageTypes: PF1_TYPES },
});
