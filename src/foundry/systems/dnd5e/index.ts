/**
 * dnd5e 5.x: everything Damage Chain knows of dnd5e, behind
 * the one interface of `systems/types.ts`. Loaded only in dnd5e worlds.
 * - damage entry points: dnd5e's damage hooks (`dnd5e.preCalculateDamage`,
 *   `dnd5e.calculateDamage`, `dnd5e.preApplyDamage`, `dnd5e.applyDamage`),
 *   its activity consumption hooks (HP spent as a cost is no hit), and, at
 *   `ready`, the wrapper of its damage applications (one card per
 *   application, `applications.ts`); the dnd5e profile's core steps;
 * - trait import: `src/core/import/dnd5e.ts` (tagged entries) and the live
 *   traits of the dnd5e profile (`dnd5e-traits.ts`);
 * - HP mapping: `system.attributes.hp` (temp HP first);
 * - the Defenses tab's summary of the actor's own traits, and dnd5e's own
 *   trait editors opened from it (`trait-summary.ts`);
 * - sheet hosts: dnd5e's character and NPC sheets (`sheet.ts`) and Tidy 5e
 *   Sheets (`tidy.ts`);
 * - midi-qol, when it is active: its damage application through the chain
 *   (`midi-qol/`, loaded at `ready` in those worlds only).
 * Status ids: dnd5e's conditions use the ids `actor/statuses.ts` matches
 * by name (`CONFIG.statusEffects`), so nothing is registered for them.
 */
import { importDnd5e } from "../../../core/import/dnd5e.ts";
import { dnd5eTraitsFromSystem } from "../../../core/import/dnd5e-traits.ts";
import { DND5E_HP } from "../../../core/resource-map.ts";
import { registerDnd5eSteps } from "../../../core/steps/dnd5e.ts";
import { MODULE_ID } from "../../constants.ts";
import { DND5E_PROFILE } from "../../../core/dnd5e/profile.ts";
import type { SystemSupport } from "../types.ts";
import { onDnd5eActivityConsumption, onDnd5ePostActivityConsumption } from "./activity-consumption.ts";
import { wrapDnd5eApplications } from "./applications.ts";
import { onDnd5eApplyDamage } from "./apply-damage.ts";
import { onDnd5eCalculateDamage } from "./calculate-damage.ts";
import { onDnd5ePreApplyDamage } from "./pre-apply-damage.ts";
import { onDnd5ePreCalculateDamage } from "./pre-calculate-damage.ts";
import { onDnd5eRestCompleted } from "./rest.ts";
import { loadMidiQol } from "./midi-qol/load.ts";
import { registerDnd5eTab } from "./sheet.ts";
import { isTidySheet, registerTidyTab, type TidyApi } from "./tidy.ts";
import { dnd5eTraitSummary, openDnd5eTraitEditor } from "./trait-summary.ts";

/** The tab's icon, as `registerSheets` was given it. */
let tabIcon = "fa-solid fa-shield-halved";

export const support: SystemSupport = {
  id: "dnd5e",
  profile: DND5E_PROFILE,
  importer: { id: "dnd5e", read: importDnd5e },
  hpPaths: DND5E_HP,
  liveDnd5eTraits: (system) => dnd5eTraitsFromSystem(system).traits,
  ownsSheet: isTidySheet,
  traitSummary: dnd5eTraitSummary,
  openTraitEditor: openDnd5eTraitEditor,
  registerDamage() {
    registerDnd5eSteps();
    Hooks.on("dnd5e.preCalculateDamage", onDnd5ePreCalculateDamage);
    Hooks.on("dnd5e.calculateDamage", onDnd5eCalculateDamage);
    Hooks.on("dnd5e.preApplyDamage", onDnd5ePreApplyDamage);
    Hooks.on("dnd5e.applyDamage", onDnd5eApplyDamage);
    Hooks.on("dnd5e.activityConsumption", onDnd5eActivityConsumption);
    Hooks.on("dnd5e.postActivityConsumption", onDnd5ePostActivityConsumption);
    Hooks.on("dnd5e.restCompleted" as never, onDnd5eRestCompleted as never);
  },
  registerSheets(icon) {
    tabIcon = icon;
    if (registerDnd5eTab() === 0) console.warn(`${MODULE_ID} | dnd5e sheets not found; the Defenses tab is added on render instead`);
    Hooks.once("tidy5e-sheet.ready" as never, ((api: TidyApi) => registerTidyTab(api, icon)) as never);
    // Tidy's API may already be out (its ready hook came first, or this folder loaded late).
    registerTidyTab((game.modules?.get("tidy5e-sheet") as { api?: TidyApi } | undefined)?.api, icon);
  },
  ready() {
    // Tidy's API, when its ready hook fired before this folder was loaded (registering twice does nothing).
    registerTidyTab((game.modules?.get("tidy5e-sheet") as { api?: TidyApi } | undefined)?.api, tabIcon);
    if (wrapDnd5eApplications() === 0) console.warn(`${MODULE_ID} | dnd5e's damage applications not found; each dnd5e hit gets its own card`);
    return loadMidiQol(); // midi-qol worlds only, its own chunk; at ready, so its hooks come after midi-qol's own
  },
};
