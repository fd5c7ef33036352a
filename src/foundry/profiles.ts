/**
 * The world's profile registry: the five built-ins, the GM's custom profiles
 * (world setting `customProfiles`) and profiles other modules register through
 * the API. The active profile is the `profile` setting.
 */
import type { Profile } from "../core/model/profile.ts";
import { DEFAULT_PROFILE_ID, ProfileRegistry } from "../core/profiles.ts";
import { parseProfile, type InputProblem } from "../core/validate.ts";
import { setting } from "./settings.ts";

/** The registry shared by the adapter and the public API (`api.profiles`). */
export const profiles = new ProfileRegistry();

/**
 * Load the custom profiles stored in the world setting into the registry.
 * Invalid entries are skipped and reported (`customProfiles[2].steps[0].step: ...`).
 */
export function loadCustomProfiles(stored: unknown[]): InputProblem[] {
  const problems: InputProblem[] = [];
  stored.forEach((raw, i) => {
    const parsed = parseProfile(raw, `customProfiles[${i}]`);
    if (!parsed.ok) {
      problems.push(...parsed.problems);
      return;
    }
    try {
      profiles.register(parsed.value);
    } catch (err) {
      problems.push({ path: `customProfiles[${i}].id`, message: (err as Error).message });
    }
  });
  return problems;
}

/** id → display name of every registered profile, for the settings choice list. */
export function profileChoices(): Record<string, string> {
  return Object.fromEntries(profiles.list().map((p) => [p.id, p.name]));
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

