/**
 * The Starfinder 2e importer: pf2e's importer (`pf2e.ts`) with SF2e's
 * tables, which are pf2e's. SF2e is no separate code base: it is
 * foundryvtt/pf2e built with `SYSTEM_ID = "sf2e"` (`build/build-system.ts`
 * at 0e020964, l. 11 the choices `pf2e`/`sf2e`, l. 25 `process.env.SYSTEM_ID`),
 * so `game.system.id` is `sf2e` while the actor data, `CONFIG.PF2E` and
 * `applyIWR` are pf2e's. What differs by system id was read where it would
 * touch damage:
 * - damage types and categories: none. `src/module/system/damage/values.ts`
 *   (stored copy id 6616197997, the remaster's, l. 4–14 physical and energy,
 *   l. 43–50 `DAMAGE_TYPES`) has no `SYSTEM_ID` branch: SF2e's lasers deal
 *   fire, its arc weapons electricity (`packs/sf2e/alien-core-bestiary/
 *   Cybernetic_Zombie_dxbr3LNg0R66Aj1n.json` at 2ea34c3c: the laser pistol's
 *   `damageType: "fire"`), so pf2e's `PF2E_DAMAGE_TYPES`, conditions and creature
 *   types are SF2e's tables too;
 * - IWR arithmetic: none. `src/module/system/damage/iwr.ts` (05066b10, l. 13
 *   `applyIWR`) has no branch; SF2e creatures keep `system.attributes.
 *   immunities|weaknesses|resistances` and `traits.value` as pf2e's do (the
 *   cybernetic zombie: weakness electricity 10 and slashing 10, traits
 *   `mindless`, `tech`, `undead`, `zombie`, void healing by a rule element
 *   setting `system.attributes.hp.negativeHealing`);
 * - IWR types: SF2e adds armor specializations that resist acid, cold,
 *   electricity and fire (ceramic) and `area-damage` (polymer)
 *   (`src/scripts/config/armor-specialization.ts` at 4f296a00, l. 33–50),
 *   prepared onto the actor as resistances; `area-damage` is no damage type
 *   and is reported, as in pf2e.
 * The entries carry pf2e's tag (`importTag`), so the card names them in
 * pf2e's words ("Resistance 5 Fire"); the creature is reported as `sf2e`.
 */
import { importPf2e } from "./pf2e.ts";
import type { ImportResult } from "./types.ts";

/**
 * Import an SF2e actor document (plain data `{ name, type, system }`, as in
 * `packs/sf2e/<bestiary>/*.json` or `actor.toObject()`): {@link importPf2e}
 * with the creature reported as `sf2e`. `traitIWR` as there (false for a
 * prepared actor). Pure; never throws.
 */
export function importSf2e(actor: unknown, options: { traitIWR?: boolean } = {}): ImportResult {
  return importPf2e(actor, { ...options, system: "sf2e" });
}
