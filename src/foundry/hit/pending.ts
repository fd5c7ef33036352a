/**
 * Hits resolved inside a hook whose write happens later, in someone else's
 * update (this client only; nothing here is shared between clients):
 * - cards waiting for the `updateActor` that stores a HUD / direct hit;
 * - dnd5e hits, from `dnd5e.calculateDamage` to `dnd5e.applyDamage`, keyed by
 *   dnd5e's options object (the same object travels through all its hooks);
 * - {@link RESOLVED_MARK}: how dnd5e's own damage application is told apart
 *   in `preUpdateActor`, so a dnd5e hit is never resolved there (again).
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

/**
 * Key that `dnd5e.preApplyDamage` adds to the update data dnd5e is about to
 * write (`Actor5e#applyDamage` passes that object to `actor.update`), marking
 * it as dnd5e's damage application, which the dnd5e hooks own (resolved by
 * the chain, or left to dnd5e). `preUpdateActor` removes the key
 * (Foundry v13 calls pre-update hooks before it validates and diffs the
 * changes) and leaves that update alone. The mark travels with that one
 * update only: when a later handler cancels dnd5e's application (a
 * `dnd5e.preApplyDamage` or `modifyTokenAttribute` handler returning false)
 * nothing is left behind to swallow the actor's next update.
 */
export const RESOLVED_MARK = "damage-chain-resolved";

/**
 * Ids of the marked dnd5e updates that reached `preUpdateActor` (the mark's
 * value, when the chain resolved the hit): their writes stay in flight until
 * `dnd5e.applyDamage`. An id is taken out by the check that ends the write
 * at once when its update never started (`dnd5e-pre-apply-damage.ts`).
 */
export const startedDnd5e = new Set<string>();
