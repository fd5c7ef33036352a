/**
 * The world's profile registry: the five built-ins, the GM's custom profiles
 * (world setting `customProfiles`) and profiles other modules register through
 * the API. The active profile is the `profile` setting.
 */
import type { Profile } from "../../core/model/profile.ts";
import { DEFAULT_PROFILE_ID, DND5E_PROFILE_ID, PF2E_PROFILE_ID, ProfileRegistry } from "../../core/profiles.ts";
import { parseProfile, type InputProblem } from "../../core/validate.ts";
import { setting } from "./settings.ts";

/** The registry shared by the adapter and the public API (`api.profiles`). */
export const profiles = new ProfileRegistry();

/** Ids registered from the `customProfiles` setting (other modules' profiles are not among them). */
const fromSetting = new Set<string>();

/** id → name of every profile; the `profile` setting's choice list (kept up to date in place). */
export const choices: Record<string, string> = {};

/**
 * Load the custom profiles stored in the world setting into the registry,
 * replacing those loaded before, and refresh {@link choices}. Invalid entries
 * are skipped and reported (`customProfiles[2].steps[0].step: ...`).
 */
export function loadCustomProfiles(stored: unknown[]): InputProblem[] {
  for (const id of fromSetting) profiles.unregister(id);
  fromSetting.clear();
  const problems: InputProblem[] = [];
  stored.forEach((raw, i) => {
    const parsed = parseProfile(raw, `customProfiles[${i}]`);
    if (!parsed.ok) {
      problems.push(...parsed.problems);
      return;
    }
    try {
      profiles.register(parsed.value);
      fromSetting.add(parsed.value.id);
    } catch (err) {
      problems.push({ path: `customProfiles[${i}].id`, message: (err as Error).message });
    }
  });
  refreshChoices();
  return problems;
}

/** Rebuild {@link choices} from the registry (after a module registers a profile, too). */
export function refreshChoices(): void {
  for (const k of Object.keys(choices)) delete choices[k];
  // Built-ins by lang key (Foundry localizes setting choices), a GM's own profiles by their name.
  // The dnd5e profile is offered in dnd5e worlds only (its steps come with dnd5e's folder, systems/dnd5e/); the pf2e profile in pf2e worlds.
  for (const p of profiles.list()) {
    if ((p.id === DND5E_PROFILE_ID && game.system?.id !== "dnd5e") || (p.id === PF2E_PROFILE_ID && game.system?.id !== "pf2e")) continue;
    choices[p.id] = profiles.isBuiltIn(p.id) ? `DAMAGECHAIN.Profile.${p.id}` : p.name;
  }
}

const withType = new WeakMap<Profile, Map<string, Profile>>();

/**
 * The active profile with the world's default damage type for untyped damage
 * (setting `defaultDamageType`). An unknown id falls back to the default
 * profile. The same object is returned for the same inputs, so the core's
 * per-profile caches keep working.
 */
export function activeProfile(): Profile {
  const base = profiles.get(setting("profile")) ?? profiles.get(DEFAULT_PROFILE_ID)!;
  const type = setting("defaultDamageType").trim().toLowerCase() || base.options.defaultType;
  if (type === base.options.defaultType) return base;
  let byType = withType.get(base);
  if (byType === undefined) withType.set(base, (byType = new Map()));
  let found = byType.get(type);
  if (found === undefined) byType.set(type, (found = { ...base, options: { ...base.options, defaultType: type } }));
  return found;
}

