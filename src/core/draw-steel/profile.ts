/**
 * The built-in `draw-steel` profile. It comes with the Draw Steel folder
 * (`src/foundry/systems/draw-steel/`: a chunk of its own, so no other world loads it)
 * and with the core's profile list (`core/profiles.ts`: the CLI, the tests).
 *
 * Draw Steel's `takeDamage` (MetaMorphic-Digital/draw-steel 68856d4, src/module/data/actor/base-actor.mjs
 * lines 383-397): the higher of the `all` and the type's weakness is added, the higher of the `all` and the
 * type's immunity subtracted, never below 0. The importer (`src/core/import/draw-steel.ts`) makes weaknesses
 * DV and immunities FDR entries, each step taking the single highest applicable entry; so (d + w) - min(d + w, i)
 * = max(0, d + w - i). Untyped damage is `untyped`, which only `all` entries cover. Temporary stamina first
 * (documents/actor.mjs lines 123-127: the adapter's stamina mapping).
 */
import { profileSchema, type Profile } from "../model/profile.ts";
import { DRAW_STEEL_PROFILE_ID } from "../profile-registry.ts";
import { CHAIN_BEFORE, CHAIN_AFTER, CHAIN_LAST } from "../system-defenses.ts";

/** Draw Steel's damage types (`ds.CONFIG.damageTypes`, draw-steel 68856d4 `src/module/config.mjs` lines 136-173) and its untyped damage. */
const DRAW_STEEL_TYPES = ["acid", "cold", "corruption", "fire", "holy", "lightning", "poison", "psychic", "sonic", "untyped"];

export const DRAW_STEEL_PROFILE: Profile = profileSchema.parse({
  id: DRAW_STEEL_PROFILE_ID,
  name: "Draw Steel",
  description: "Draw Steel's weakness, then immunity, never below 0.",
  steps: [...CHAIN_BEFORE, { step: "dv" }, { step: "fdr" }, ...CHAIN_AFTER, { step: "life", options: { atZero: "none" } }, CHAIN_LAST],
  options: { damageTypes: DRAW_STEEL_TYPES, defaultType: "untyped" },
});
