/**
 * Concluding hits that were written by someone else's update (the token HUD,
 * a direct actor update, dnd5e's damage application): Variable Resistance
 * shared with allies (written in one batched update), status effects, the
 * `damage-chain.resolved` hook, GM warnings for bad data, and the chat card
 * (`conclude.ts`).
 *
 * dnd5e applies one damage roll to several targets one actor at a time (the
 * tray: `await` per target; the chat context menu: `Promise.all`). While such
 * an application runs ({@link inApplication}, wrapped around dnd5e's own
 * methods in `systems/dnd5e/applications.ts`), the hits of its originating
 * message are gathered and announced on ONE card when it ends, however slow
 * the server.
 */
import { concludeHits } from "./conclude.ts";
import type { PendingHit } from "./pending.ts";
import { foundryRandom } from "./random.ts";

/** Sharing, statuses, hooks, warnings and one card for `hits` (already written). */
export async function finishHits(hits: readonly PendingHit[]): Promise<void> {
  const first = hits[0];
  if (first === undefined) return;
  await concludeHits(hits.map((h) => h.plan), { profile: first.profile, applier: first.applier, random: foundryRandom, written: true });
}

/** dnd5e applications running on this client, by originating message id: how many, and the hits gathered. */
const running = new Map<string, { depth: number; hits: PendingHit[] }>();

/**
 * Run `apply` (one dnd5e damage application of the message `key`) and gather
 * the hits of that message meanwhile; when the last application of `key`
 * ends (resolved or thrown), announce them on ONE card. Returns what `apply` returns.
 */
export async function inApplication<T>(key: string, apply: () => Promise<T>): Promise<T> {
  const app = running.get(key) ?? { depth: 0, hits: [] };
  app.depth++;
  running.set(key, app);
  try {
    return await apply();
  } finally {
    app.depth--;
    if (app.depth === 0) {
      running.delete(key);
      await finishHits(app.hits);
    }
  }
}

/**
 * Announce `hit`: with the other hits of a running dnd5e application of the
 * message `key` ({@link inApplication}), else at once.
 */
export function queueHit(key: string | undefined, hit: PendingHit): void {
  const app = key === undefined ? undefined : running.get(key);
  if (app !== undefined) app.hits.push(hit);
  else void finishHits([hit]);
}
