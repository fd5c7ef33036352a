/**
 * Pathfinder 2e, behind the interface of `systems/types.ts`;
 * loaded only in pf2e worlds.
 * - damage entry point: pf2e's own `applyDamage` (`apply-damage.ts`): pf2e
 *   resolves its IWR, then its one HP write becomes one chain hit with the
 *   roll's types, materials and traits, one card, no second untyped run;
 *   pf2e's undo of its damage (`damageUndo`) is no hit, and on an actor the
 *   chain has hit it writes nothing: the GM uses the Damage Chain card's Undo;
 * - HP mapping: `system.attributes.hp` (value, max, temp taken first, as
 *   pf2e's `calculateHealthDelta` does).
 * - setting `pf2eMode`: `after` (default, the above) or `replace`: the chain
 *   resolves each roll itself, one part per instance (its type and category,
 *   the roll's materials and traits), with pf2e's immunities, weaknesses and
 *   resistances imported live from the prepared actor (`core/import/pf2e.ts`;
 *   the `pf2e` profile reads them as pf2e does), and writes and announces it;
 *   pf2e's hardness, shield block and persistent damage are then not applied.
 * - rests: pf2e's Rest for the Night restores endurance uses (`rest.ts`).
 * - the Defenses tab's summary of the actor's IWR and pf2e's own editor
 *   opened from it (`trait-summary.ts`).
 * A hit's conditions turn on pf2e's own conditions (`actor/statuses.ts`); its
 * sheets get the generic tab or header button.
 */
import type { ResourcePaths } from "../../../core/resource-map.ts";
import { MODULE_ID } from "../../constants.ts";
import { PF2E_PROFILE } from "../../../core/pf2e/profile.ts";
import type { SystemSupport } from "../types.ts";
import { describePf2eUpdate, wrapPf2eApplyDamage } from "./apply-damage.ts";
import { wrapPf2eUndoDamage } from "./undo-damage.ts";
import { importPf2e } from "../../../core/import/pf2e.ts";
import type { ImportResult } from "../../../core/import/types.ts";
import { setting } from "../../settings/settings.ts";
import { onPf2eRestForTheNight } from "./rest.ts";
import { openPf2eTraitEditor, pf2eTraitSummary } from "./trait-summary.ts";

/** pf2e's hit points (`CreatureSystemData.attributes.hp`: value, max, temp). */
const PF2E_HP: ResourcePaths = { value: "system.attributes.hp.value", max: "system.attributes.hp.max", temp: "system.attributes.hp.temp" };

/** pf2e's own traits as tagged defenses, from the prepared actor (its trait-derived IWR already in; categories spread over their types by the importer). */
const IMPORTER = {
  id: "pf2e" as const,
  read: (actor: unknown): ImportResult => importPf2e(actor, { traitIWR: false }),
};
const replacing = () => setting("pf2eMode") === "replace";

export const support: SystemSupport = {
  id: "pf2e",
  profile: PF2E_PROFILE,
  hpPaths: PF2E_HP,
  describeUpdate: describePf2eUpdate,
  // In replace mode the chain resolves pf2e's IWR from the actor's traits, read live on every hit; in after mode
  // pf2e has applied them already, so they are neither read nor offered for import (they would count twice).
  get importer() {
    return replacing() ? IMPORTER : undefined;
  },
  countsTraitsLive: replacing,
  traitSummary: (actor) => pf2eTraitSummary(actor, replacing()),
  openTraitEditor: openPf2eTraitEditor,
  registerDamage() {
    game.settings!.register(MODULE_ID, "pf2eMode", {
      name: "DAMAGECHAIN.Settings.Pf2e.Name", hint: "DAMAGECHAIN.Settings.Pf2e.Hint", scope: "world", config: true, type: String, default: "after",
      choices: { after: "DAMAGECHAIN.Settings.Pf2e.after", replace: "DAMAGECHAIN.Settings.Pf2e.replace" },
    });
    Hooks.on("pf2e.restForTheNight" as never, onPf2eRestForTheNight as never);
  },
  ready() {
    if (!wrapPf2eApplyDamage()) console.warn(`${MODULE_ID} | pf2e's applyDamage not found; its damage is an untyped hit`);
    wrapPf2eUndoDamage();
  },
};
