/**
 * The built-in `daggerheart` profile. It comes with the Daggerheart folder
 * (`src/foundry/systems/daggerheart/`: a chunk of its own, so no other world
 * loads it) and with the core's index (the CLI, the tests).
 *
 * Daggerheart's `Actor#takeDamage` (Foundryborne/daggerheart 00512b7,
 * `module/documents/actor.mjs`): `calculateDamage` (immunity, resistance half
 * rounded up, flat reduction), then `convertDamageToThreshold` and an
 * adversary's reduced severity; from there on the chain counts Hit Points
 * marked, which the life step marks. The chain's own defenses that act on
 * points of damage (prevention, BDN, FDN) sit before the thresholds, each only
 * for an actor that has it; those that would act on marks are left out.
 */
import { profileSchema, type Profile } from "../model/profile.ts";
import { DAGGERHEART_PROFILE_ID } from "../profile-registry.ts";

export const DAGGERHEART_PROFILE: Profile = profileSchema.parse({
  id: DAGGERHEART_PROFILE_ID,
  name: "Daggerheart",
  description: "Daggerheart's own rules: immunity, resistance, reduction, then the damage thresholds turn damage into Hit Points marked.",
  steps: [
    { step: "prevention", whenUsed: true },
    { step: "bdn", whenUsed: true },
    { step: "daggerheartDamage" },
    { step: "fdn", whenUsed: true },
    { step: "daggerheartThreshold" },
    { step: "life", options: { atZero: "none" } },
    { step: "triggers", whenUsed: true },
  ],
  options: { damageTypes: ["physical", "magical"] },
});
