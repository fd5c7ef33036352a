/**
 * Pathfinder 2e (issue 22 §2), behind the interface of `systems/types.ts`;
 * loaded only in pf2e worlds.
 * - damage entry point: pf2e's own `applyDamage` (`apply-damage.ts`): pf2e
 *   resolves its IWR, then its one HP write becomes one chain hit with the
 *   roll's types, materials and traits, one card, no second untyped run;
 *   pf2e's undo of its damage (`damageUndo`) is no hit, and on an actor the
 *   chain has hit it writes nothing: the GM uses the Damage Chain card's Undo;
 * - HP mapping: `system.attributes.hp` (value, max, temp taken first, as
 *   pf2e's `calculateHealthDelta` does).
 * Not yet here (the issue's rest): replace mode (the chain resolving pf2e's
 * IWR), the trait import, pf2e's conditions by its own API, its sheets' tab.
 */
import type { ResourcePaths } from "../../../core/resource-map.ts";
import { MODULE_ID } from "../../constants.ts";
import type { SystemSupport } from "../types.ts";
import { describePf2eUpdate, wrapPf2eApplyDamage, wrapPf2eUndoDamage } from "./apply-damage.ts";

/** pf2e's hit points (`CreatureSystemData.attributes.hp`: value, max, temp). */
const PF2E_HP: ResourcePaths = { value: "system.attributes.hp.value", max: "system.attributes.hp.max", temp: "system.attributes.hp.temp" };

export const support: SystemSupport = {
  id: "pf2e",
  hpPaths: PF2E_HP,
  describeUpdate: describePf2eUpdate,
  ready() {
    if (!wrapPf2eApplyDamage()) console.warn(`${MODULE_ID} | pf2e's applyDamage not found; its damage is an untyped hit`);
    wrapPf2eUndoDamage();
  },
};
