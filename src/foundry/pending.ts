/**
 * Hits resolved inside a hook whose write happens later, in someone else's
 * update (this client only; nothing here is shared between clients):
 * - cards waiting for the `updateActor` that stores a HUD / direct hit;
 * - dnd5e hits, from `dnd5e.calculateDamage` to `dnd5e.applyDamage`, keyed by
 *   dnd5e's options object (the same object travels through all its hooks);
 * - claims: actors whose next `preUpdateActor` is dnd5e writing a hit the
 *   chain already resolved, so it is not resolved a second time.
 */
import type { Profile } from "../core/model/profile.ts";
import type { HitPlan } from "./plan.ts";

/** A resolved hit waiting for its write. */
export interface PendingHit {
  plan: HitPlan;
  profile: Profile;
  /** The user credited on the card. */
  applier: string;
}

/** preUpdateActor hits waiting for their `updateActor`, by id (ids travel in the update options). */
export const pendingCards = new Map<string, PendingHit>();

/** dnd5e hits by the options object of `Actor5e#applyDamage`. */
export const pendingDnd5e = new WeakMap<object, PendingHit>();

/** Actor uuids whose next update is dnd5e writing an already resolved hit. */
export const claims = new Set<string>();
