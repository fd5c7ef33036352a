/**
 * The world's profile registry: the five built-ins, the GM's custom profiles
 * (world setting `customProfiles`) and profiles other modules register through
 * the API. The active profile is the `profile` setting.
 *
 * Profiles fail closed: a profile is checked against the steps this world can
 * run (`core/chain.ts` `stepLoaded`; the dnd5e profile's steps come only with
 * dnd5e's folder, `systems/dnd5e/`). One that cannot run is refused when it is
 * registered or loaded from the setting, naming the step; a chosen profile that
 * cannot run is replaced, for every hit, by the world's own built-in profile
 * ({@link runnable}), the GM told once and each card noting it.
 */
import { profileLabel } from "../../core/labels.ts";
import { say } from "../../core/messages.ts";
import type { Profile, StepId } from "../../core/model/profile.ts";
import { DEFAULT_PROFILE_ID, ProfileRegistry, SYSTEM_PROFILE_IDS } from "../../core/profile-registry.ts";
import { parseProfile, type InputProblem } from "../../core/validate.ts";
import { loadOnce } from "../load-once.ts";
import { localizer } from "../localizer.ts";
import { setting, worldProfileId } from "./settings.ts";

/**
 * True once the world's system folder has registered its steps (`register.ts`
 * calls {@link checkLoadedSteps}): before, a profile naming a system's steps
 * cannot be judged yet, so it is taken and checked then.
 */
let stepsKnown = false;

/**
 * The chain (`core/chain.ts`, with every step and its registry of the steps
 * this world can run), its own chunk: loaded with the hit planner
 * (`hit/load-plan.ts`), which `register.ts` starts at `init`.
 */
export const loadChain = loadOnce(() => import("../../core/chain.ts"));

/**
 * The index of `profile`'s first enabled step this world cannot run, or -1;
 * -1 too before the chain has loaded: nothing can be judged yet, and no hit
 * runs before it (every hit loads the planner, and so the chain, first).
 */
function unloadedIndex(profile: { steps: readonly { step: StepId; enabled: boolean }[] }): number {
  const chain = loadChain.peek();
  if (chain === undefined) return -1;
  return profile.steps.findIndex((l) => l.enabled && !chain.stepLoaded(l.step));
}

/** The problem of a profile (at `root`) whose step cannot run here, naming the step; undefined when every step can. */
export function unloadedProblem(profile: Profile, root: string): InputProblem | undefined {
  const i = unloadedIndex(profile);
  if (i < 0) return undefined;
  return { path: `${root}.steps[${i}].step`, message: say("DAMAGECHAIN.Validation.StepNotLoaded", { stepKey: `DAMAGECHAIN.Step.${profile.steps[i]!.step}` }) };
}

/** The registry of this world: {@link ProfileRegistry}, refusing a profile with a step this world cannot run once its steps are known. */
class WorldProfiles extends ProfileRegistry {
  /** Validate and add a user profile. Throws Error("profile.steps[0].step: The step "…" cannot run in this world…") for such a profile, as for any invalid one. */
  override register(input: unknown): Profile {
    const parsed = parseProfile(input);
    const problem = stepsKnown && parsed.ok ? unloadedProblem(parsed.value, "profile") : undefined;
    if (problem !== undefined) throw new Error(`${problem.path}: ${problem.message}`);
    return super.register(input);
  }
}

/** The registry shared by the adapter and the public API (`api.profiles`). */
export const profiles: ProfileRegistry = new WorldProfiles();

/** The GM's profiles refused because this world cannot run a step of theirs, by id: chosen, they still say why hits follow another. */
const refusedById = new Map<string, Profile>();

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
    const unloaded = stepsKnown ? unloadedProblem(parsed.value, `customProfiles[${i}]`) : undefined;
    if (unloaded !== undefined) {
      problems.push(unloaded);
      refusedById.set(parsed.value.id, parsed.value);
      return;
    }
    refusedById.delete(parsed.value.id);
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

/** A system's own profile (its folder's `profile`) joins the built-ins and the choices. */
export function addSystemProfile(profile: Profile): void {
  profiles.addBuiltIn(profile);
  refreshChoices();
}

/** Rebuild {@link choices} from the registry (after a module registers a profile, too). */
export function refreshChoices(): void {
  for (const k of Object.keys(choices)) delete choices[k];
  // Built-ins by lang key (Foundry localizes setting choices), a GM's own profiles by their name.
  // A system's own profile is offered in its worlds only (its steps come with the system's folder, systems/<id>/;
  // the pf2e profile is pf2e's and Starfinder 2e's; the draw-steel profile Draw Steel's; the pf1 profile PF1's).
  for (const p of profiles.list()) {
    if ((SYSTEM_PROFILE_IDS.includes(p.id) && p.id !== worldProfileId()) || (stepsKnown && unloadedIndex(p) >= 0)) continue;
    choices[p.id] = profiles.isBuiltIn(p.id) ? `DAMAGECHAIN.Profile.${p.id}` : p.name;
  }
}

/** A user profile unloaded because this world cannot run its step `step`. */
export interface RefusedProfile {
  profile: string;
  step: StepId;
}

/**
 * The world's steps are registered (its system folder is loaded): from now on
 * a profile is refused when it names a step this world cannot run. Unloads
 * the user profiles taken before that cannot run, and returns them (for the
 * GM: the caller tells once the world is ready and the lang files loaded).
 * Call it once the chain has loaded too ({@link loadChain}): before, no
 * profile can be judged, and none is refused.
 */
export function checkLoadedSteps(): RefusedProfile[] {
  stepsKnown = true;
  const refused: RefusedProfile[] = [];
  for (const p of profiles.list()) {
    const i = unloadedIndex(p);
    if (i < 0 || profiles.isBuiltIn(p.id)) continue;
    profiles.unregister(p.id);
    fromSetting.delete(p.id);
    refusedById.set(p.id, p);
    refused.push({ profile: p.name, step: p.steps[i]!.step });
  }
  refreshChoices();
  return refused;
}

/**
 * Why a profile was replaced, worded for the card: the profile chosen, its
 * step that cannot run (none when the profile is another game system's own,
 * whose definition never loads in this world) and the profile followed.
 */
export interface FallBack {
  profile: string;
  step?: string;
  fallback: string;
}

/** The stand-in of each profile that cannot run, by that profile (the same object each time, so the core's caches keep working). */
const standIns = new WeakMap<Profile, Profile>();
/** Why each stand-in stands in. */
const reasons = new WeakMap<Profile, FallBack>();

/** The world's own built-in profile (its system's, else the default), or the default when even that cannot run yet. */
function worldProfile(): Profile {
  const own = profiles.get(worldProfileId());
  return own !== undefined && unloadedIndex(own) < 0 ? own : profiles.get(DEFAULT_PROFILE_ID)!;
}

/**
 * `profile` when this world can run every step of it; otherwise the world's
 * own built-in profile in its place (a hit is never applied raw, nor by a
 * chain that throws), the GM told once per profile. {@link fellBack} says
 * why, for the card.
 */
export function runnable(profile: Profile): Profile {
  const i = unloadedIndex(profile);
  if (i < 0) return profile;
  let standIn = standIns.get(profile);
  if (standIn === undefined) {
    const base = worldProfile();
    const l = localizer();
    const reason = { profile: profileLabel(profile, l), step: l.format(`DAMAGECHAIN.Step.${profile.steps[i]!.step}`), fallback: profileLabel(base, l) };
    standIn = { ...base };
    standIns.set(profile, standIn);
    reasons.set(standIn, reason);
  }
  tell(profile, standIn);
  return standIn;
}

/** Tell the GM once per `chosen` why `standIn` is followed; not before `ready` (a stand-in may be made while the world loads). */
function tell(chosen: Profile, standIn: Profile): void {
  if (told.has(chosen) || game.user?.isGM !== true || ui.notifications === undefined) return;
  told.add(chosen);
  const reason = reasons.get(standIn)!;
  ui.notifications.warn(game.i18n!.format(reason.step === undefined ? "DAMAGECHAIN.Notify.ProfileOtherSystem" : "DAMAGECHAIN.Notify.ProfileFellBack", { ...reason }));
}

/** The stand-in of each other game system's built-in profile chosen here, by its id. */
const otherSystems = new Map<string, Profile>();

/**
 * For the id of another game system's built-in profile (whose definition and
 * steps come with that system's folder, `systems/<id>/`, so never load here),
 * the world's own built-in profile in its place, the GM told once, the card
 * saying so; undefined for any other id, or before this world's folder has
 * loaded (its own profile may be the one asked for).
 */
function otherSystemProfile(id: string): Profile | undefined {
  if (!stepsKnown || !SYSTEM_PROFILE_IDS.includes(id)) return undefined;
  let standIn = otherSystems.get(id);
  if (standIn === undefined) {
    const base = worldProfile();
    const l = localizer();
    standIn = { ...base };
    otherSystems.set(id, standIn);
    reasons.set(standIn, { profile: profileLabel({ id, name: id }, l), fallback: profileLabel(base, l) });
  }
  tell(standIn, standIn);
  return standIn;
}

/** The profiles whose stand-in the GM was told of. */
const told = new WeakSet<Profile>();

/** Check the chosen profile now (the `profile` setting changed, or the world is ready): the GM is told at once when it cannot run. */
export function checkActiveProfile(): void {
  activeProfile();
}

/** Why `profile` (as {@link runnable} or {@link activeProfile} gave it) stands in for another, or undefined when it does not. */
export function fellBack(profile: Profile): FallBack | undefined {
  return reasons.get(profile);
}

const withType = new WeakMap<Profile, Map<string, Profile>>();

/**
 * The active profile with the world's default damage type for untyped damage
 * (setting `defaultDamageType`). An unknown id falls back to the default
 * profile; another system's built-in one, or one this world cannot run, to
 * the world's own ({@link runnable}). The same object is returned for the same inputs, so the core's
 * per-profile caches keep working.
 */
export function activeProfile(): Profile {
  const id = setting("profile");
  const own = profiles.get(id) ?? refusedById.get(id);
  const base = own === undefined ? (otherSystemProfile(id) ?? runnable(profiles.get(DEFAULT_PROFILE_ID)!)) : runnable(own);
  const type = setting("defaultDamageType").trim().toLowerCase() || base.options.defaultType;
  if (type === base.options.defaultType) return base;
  let byType = withType.get(base);
  if (byType === undefined) withType.set(base, (byType = new Map()));
  let found = byType.get(type);
  if (found === undefined) {
    byType.set(type, (found = { ...base, options: { ...base.options, defaultType: type } }));
    const reason = reasons.get(base);
    if (reason !== undefined) reasons.set(found, reason);
  }
  return found;
}

