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

/**
 * Claims a dnd5e damage write that no `dnd5e.calculateDamage` of this client
 * planned (another module applying damage through dnd5e's hooks, on this
 * client, with options that are not the ones it calculated with): given the
 * arguments of `dnd5e.preApplyDamage`, the hit to write, or undefined when the
 * write is not its own. midi-qol's GM write registers one
 * (`systems/dnd5e/midi-qol/`).
 */
export type Dnd5eClaim = (actor: Actor.Implementation, options: Record<string, unknown>) => PendingHit | undefined;

const claims: Dnd5eClaim[] = [];

/** Register a {@link Dnd5eClaim} (once per module copy). */
export function addDnd5eClaim(claim: Dnd5eClaim): void {
  if (!claims.includes(claim)) claims.push(claim);
}

/** The first registered claim's hit for this write, kept for dnd5e's later hooks (same options object); undefined when none claims it. */
export function claimDnd5e(actor: Actor.Implementation, options: object): PendingHit | undefined {
  for (const claim of claims) {
    const hit = claim(actor, options as Record<string, unknown>);
    if (hit === undefined) continue;
    pendingDnd5e.set(options, hit);
    return hit;
  }
  return undefined;
}
