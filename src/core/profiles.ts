/**
 * Every built-in profile: the seeds' (`profile-registry.ts`) and each game
 * system's own (`<system>/profile.ts`). The CLI, scenarios, the bestiary
 * report and the core's index offer them all; in Foundry a system's profile
 * comes only with that system's folder, so the entry bundle imports
 * `profile-registry.ts`, never this list.
 */
import { DAGGERHEART_PROFILE } from "./daggerheart/profile.ts";
import { DND5E_PROFILE } from "./dnd5e/profile.ts";
import { DRAW_STEEL_PROFILE } from "./draw-steel/profile.ts";
import type { Profile } from "./model/profile.ts";
import { PF1_PROFILE } from "./pf1/profile.ts";
import { PF2E_PROFILE } from "./pf2e/profile.ts";
import { SEED_PROFILES } from "./profile-registry.ts";

export * from "./profile-registry.ts";

/** Every built-in profile, the seeds' first, then one per game system (validated once at load). */
export const BUILT_IN_PROFILES: readonly Profile[] = [...SEED_PROFILES, DND5E_PROFILE, PF2E_PROFILE, DRAW_STEEL_PROFILE, PF1_PROFILE, DAGGERHEART_PROFILE];
