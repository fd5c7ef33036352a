/**
 * `dnd5e.applyDamage`: dnd5e has written the hit. Announce it; the hits of
 * one damage roll (same originating message) share ONE card.
 */
import { originId } from "./damage.ts";
import { queueHit } from "../../hit/finish.ts";
import type { Dnd5eDamageOptions } from "../../hook-types.ts";
import { pendingDnd5e } from "../../hit/pending.ts";

/** Handler for `dnd5e.applyDamage(actor, amount, options)`. */
export function onDnd5eApplyDamage(actor: Actor.Implementation, _amount: number, options: Dnd5eDamageOptions): void {
  const hit = pendingDnd5e.get(options);
  if (hit === undefined || hit.plan.actor.uuid !== actor.uuid) return;
  pendingDnd5e.delete(options);
  hit.arrived?.(); // the write has arrived: no longer in flight
  queueHit(originId(options), hit);
}
