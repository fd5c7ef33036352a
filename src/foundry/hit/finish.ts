/**
 * Concluding hits that were written by someone else's update (the token HUD,
 * a direct actor update, dnd5e's damage application): Variable Resistance
 * shared with allies (written in one batched update), status effects, the
 * `damage-chain.resolved` hook, GM warnings for bad data, and the chat card
 * (`conclude.ts`).
 *
 * dnd5e applies one damage roll to several targets one actor at a time; the
 * hits of one roll (same originating message) are gathered for
 * {@link CARD_BATCH_MS} ms and announced on ONE card.
 */
import { concludeHits } from "./conclude.ts";
import type { PendingHit } from "./pending.ts";
import { foundryRandom } from "./plan.ts";

/** How long hits of one dnd5e damage roll are gathered before their card is posted (ms). */
export const CARD_BATCH_MS = 400;

/** Sharing, statuses, hooks, warnings and one card for `hits` (already written). */
export async function finishHits(hits: readonly PendingHit[]): Promise<void> {
  const first = hits[0];
  if (first === undefined) return;
  await concludeHits(hits.map((h) => h.plan), { profile: first.profile, applier: first.applier, random: foundryRandom, written: true });
}

const queues = new Map<string, { hits: PendingHit[]; timer: ReturnType<typeof setTimeout> }>();

/** Post the cards of every gathered batch now. */
export async function flushQueuedCards(): Promise<void> {
  const batches = [...queues.values()];
  queues.clear();
  for (const b of batches) {
    clearTimeout(b.timer);
    await finishHits(b.hits);
  }
}

async function flush(key: string): Promise<void> {
  const batch = queues.get(key);
  if (batch === undefined) return;
  queues.delete(key);
  await finishHits(batch.hits);
}

/**
 * Announce `hit`: at once when `key` is undefined, otherwise together with the
 * other hits of the same key that arrive within {@link CARD_BATCH_MS} ms.
 */
export function queueHit(key: string | undefined, hit: PendingHit): void {
  if (key === undefined) {
    void finishHits([hit]);
    return;
  }
  const batch = queues.get(key);
  if (batch !== undefined) clearTimeout(batch.timer);
  const hits = batch === undefined ? [hit] : [...batch.hits, hit];
  queues.set(key, { hits, timer: setTimeout(() => void flush(key), CARD_BATCH_MS) });
}
