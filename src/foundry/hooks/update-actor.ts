/**
 * `updateActor`: once the update that carries a hit resolved in
 * `preUpdateActor` is written, announce it (hooks, GM warnings, ONE card).
 * Foundry calls this hook on every client; only the client that started the
 * change holds the pending hit, so the card is posted once.
 */
import { queueHit } from "../hit/finish.ts";
import { pendingCards } from "../hit/pending.ts";
import { writeMark } from "../actor/write-options.ts";

/** Handler for `updateActor(actor, changed, options, userId)`. */
export function onUpdateActor(actor: Actor.Implementation, _changed: unknown, options: unknown, userId: string): void {
  if (userId !== game.user?.id) return;
  for (const id of writeMark(options)?.pending ?? []) {
    const hit = pendingCards.get(id);
    if (hit === undefined || hit.plan.actor.uuid !== actor.uuid) continue;
    pendingCards.delete(id);
    hit.arrived?.();
    queueHit(undefined, hit);
  }
}
