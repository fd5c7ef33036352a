/**
 * Daggerheart (Foundryborne/daggerheart, read at
 * 00512b7cbbddb1d86e095d20c66f27c7293e18f8), behind the interface of
 * `systems/types.ts`; loaded only in Daggerheart worlds.
 * - damage entry point: the system's `Actor#takeDamage`, wrapped
 *   (`take-damage.ts`): its main damage runs through the chain once, one write
 *   by the active GM, one card, undo; a character's hit that armor slots or
 *   Stress could reduce stays the system's, with its own prompt.
 * - rules: the `daggerheart` profile (the default here) with its two steps,
 *   registered here so other worlds never load them; the actor's traits read
 *   live (`core/import/daggerheart.ts`) with the world's Massive Damage rule.
 * - HP mapping: `system.resources.hitPoints`, whose `value` counts the Hit
 *   Points MARKED (`marked`: the chain sees the slots left). A write of it
 *   that did not come through `takeDamage` (the sheet's pips, a macro) is no
 *   hit (`describeUpdate` null): it counts marks, not damage.
 * - import: for a profile without the Daggerheart steps, the traits as tagged
 *   defenses, thresholds and armor slots reported.
 * Its sheets (ApplicationV2) get the generic tab, or the header button where
 * no tab navigation is found.
 */
import { daggerheartTraitsFromSystem, importDaggerheart } from "../../../core/import/daggerheart.ts";
import type { Profile } from "../../../core/model/profile.ts";
import type { ResourcePaths } from "../../../core/resource-map.ts";
import { DAGGERHEART_PROFILE } from "../../../core/daggerheart/profile.ts";
import { registerDaggerheartSteps } from "../../../core/steps/daggerheart.ts";
import { MODULE_ID } from "../../constants.ts";
import { activeProfile } from "../../settings/profiles.ts";
import type { SystemSupport } from "../types.ts";
import { wrapTakeDamage } from "./take-damage.ts";

/** Daggerheart's Hit Points (`adversary.mjs`, `character.mjs`: `resources.hitPoints`): `value` counts the marked ones. */
const DH_HP: ResourcePaths = { value: "system.resources.hitPoints.value", max: "system.resources.hitPoints.max", marked: true };

/** The world's Massive Damage variant rule (`convertDamageToThreshold` reads `variantRules.massiveDamage.enabled`); off when unreadable. */
function massiveDamage(): boolean {
  try {
    const dh = (CONFIG as unknown as { DH?: { id?: string; SETTINGS?: { gameSettings?: { variantRules?: string } } } }).DH;
    const key = dh?.SETTINGS?.gameSettings?.variantRules;
    if (dh?.id === undefined || key === undefined) return false;
    const rules = game.settings!.get(dh.id as never, key as never) as { massiveDamage?: { enabled?: unknown } } | undefined;
    return rules?.massiveDamage?.enabled === true;
  } catch {
    return false;
  }
}

const IMPORTER = { id: "daggerheart" as const, read: importDaggerheart };
/** True when `profile` has an enabled Daggerheart step (the `daggerheart` profile or a GM's copy): it reads the actor's traits live. */
const readsTraits = (profile: Profile) => profile.steps.some((s) => s.enabled && s.step.startsWith("daggerheart"));
const readsLive = () => readsTraits(activeProfile());

export const support: SystemSupport = {
  id: "daggerheart",
  hpPaths: DH_HP,
  profile: DAGGERHEART_PROFILE,
  // Under the Daggerheart profile the traits are read live: an import would count them twice.
  get importer() {
    return readsLive() ? undefined : IMPORTER;
  },
  liveDaggerheartTraits: (actor, profile) => (readsTraits(profile) ? daggerheartTraitsFromSystem(actor.type, actor.system, massiveDamage()) : undefined),
  describeUpdate: () => null,
  registerDamage() {
    registerDaggerheartSteps();
  },
  ready() {
    if (!wrapTakeDamage()) console.warn(`${MODULE_ID} | Daggerheart's takeDamage not found; its damage does not run through the chain`);
  },
};
