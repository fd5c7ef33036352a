/**
 * Hits resolved inside a hook whose write happens later, in someone else's
 * update (this client only; nothing here is shared between clients):
 * - cards waiting for the `updateActor` that stores a HUD / direct hit;
 * - dnd5e hits, from `dnd5e.calculateDamage` to `dnd5e.applyDamage`, keyed by
 *   dnd5e's options object (the same object travels through all its hooks);
 * dnd5e's own damage writes are told apart in `preUpdateActor` by `system-write.ts`.
 */
import type { Profile } from "../../core/model/profile.ts";
import type { HitPlan } from "./plan.ts";

/** A resolved hit waiting for its write. */
export interface PendingHit {
  plan: HitPlan;
  profile: Profile;
  /** The user credited on the card. */
  applier: string;
  /** Called when the update that carries the hit has arrived (forgets it as in flight: `in-flight.ts`). */
  arrived?: () => void;
}

/** preUpdateActor hits waiting for their `updateActor`, by id (ids travel in the update options). */
export const pendingCards = new Map<string, PendingHit>();

/** dnd5e hits by the options object of `Actor5e#applyDamage`. */
export const pendingDnd5e = new WeakMap<object, PendingHit>();
