/**
 * GM-side idempotence of the relay (issue 12 §1): each request carries an id;
 * a request seen before (same user id and request id) is answered with the
 * first answer — awaited if that one is still running — and never carried out
 * again, so a repeated or re-delivered request cannot hit twice. The same id
 * with a different request is refused.
 *
 * In memory on this GM's client, for the last {@link REMEMBERED_REQUESTS}
 * requests: a reload, or another GM taking over as active GM, forgets them.
 */
import type { RelayAnswer, RelayRequest } from "./schema.ts";

/** How many requests are remembered (the oldest are forgotten first). */
export const REMEMBERED_REQUESTS = 1000;

const seen = new Map<string, { request: string; answer: Promise<RelayAnswer> }>();

/**
 * The answer to `req`: `answer()` the first time, the remembered answer after
 * that, and `reused()` when the id was used for a different request.
 */
export function answerOnce(req: RelayRequest, answer: () => Promise<RelayAnswer>, reused: () => RelayAnswer): Promise<RelayAnswer> {
  const key = `${req.userId}/${req.requestId}`;
  const request = JSON.stringify(req);
  const before = seen.get(key);
  if (before !== undefined) return before.request === request ? before.answer : Promise.resolve(reused());
  const first = answer();
  seen.set(key, { request, answer: first });
  if (seen.size > REMEMBERED_REQUESTS) seen.delete(seen.keys().next().value!);
  return first;
}
