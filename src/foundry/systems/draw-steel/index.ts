/**
 * Draw Steel (MetaMorphic-Digital/draw-steel, read at 68856d4), behind the
 * interface of `systems/types.ts`; loaded only in `draw-steel` worlds.
 * - damage entry point: the system's `takeDamage`, wrapped (`take-damage.ts`):
 *   the chain resolves the hit with the actor's immunities and weaknesses
 *   read live (the `draw-steel` profile, the world's default here), writes
 *   stamina once and posts one card; a minion in a squad is left to the system;
 * - stamina mapping: `system.stamina` (value, max, temporary taken first,
 *   `src/module/documents/actor.mjs` lines 123–127); a hero's stamina falls
 *   below 0 down to its minimum (`below-zero.ts`);
 * - any other stamina drop (the token bar, a sheet edit) is an untyped hit
 *   that meets none of the imported traits, as the system's bar applies none;
 * - the Defenses tab: Draw Steel's actor sheets are ApplicationV2 sheets with
 *   core's tab navigation (`npc-sheet.mjs` PARTS `tabs`:
 *   `templates/generic/tab-navigation.hbs`; panels `section.tab[data-group="primary"]`),
 *   so the generic injection adds the tab; its summary lists the actor's
 *   immunities and weaknesses (`trait-summary.ts`), edited on the system's
 *   own Stats tab in edit mode.
 */
import { importDrawSteel } from "../../../core/import/draw-steel.ts";
import type { ResourcePaths } from "../../../core/resource-map.ts";
import { MODULE_ID } from "../../constants.ts";
import { DRAW_STEEL_PROFILE } from "../../../core/draw-steel/profile.ts";
import type { SystemSupport } from "../types.ts";
import { belowZero } from "./below-zero.ts";
import { describeDrawSteelUpdate, wrapTakeDamage } from "./take-damage.ts";
import { drawSteelTraitSummary } from "./trait-summary.ts";

/** Draw Steel's stamina (`base-actor.mjs` lines 24–28, 118–125): value, max, temporary, and its prepared minimum (a hero's −winded, `hero.mjs` 240). */
const STAMINA: ResourcePaths = { value: "system.stamina.value", max: "system.stamina.max", temp: "system.stamina.temporary", min: "system.stamina.min" };

export const support: SystemSupport = {
  id: "draw-steel",
  profile: DRAW_STEEL_PROFILE,
  hpPaths: STAMINA,
  importer: { id: "draw-steel", read: importDrawSteel },
  // The profile's arithmetic is the system's: its traits are read on every hit, never stored.
  countsTraitsLive: () => true,
  describeUpdate: describeDrawSteelUpdate,
  traitSummary: drawSteelTraitSummary,
  belowZero,
  ready() {
    if (!wrapTakeDamage()) console.warn(`${MODULE_ID} | Draw Steel's takeDamage not found; its damage is an untyped stamina drop`);
  },
};
