/**
 * GM-side idempotence of the relay: each request
 * carries an id; a request seen before (same user id and request id) is
 * answered with the first answer — awaited if that one is still running —
 * and never carried out again, so a repeated or re-delivered request cannot
 * hit twice. The same id with a different request is refused.
 *
 * Two memories: this GM client's own (the last {@link REMEMBERED_REQUESTS}
 * requests), and the world's: the card an apply posted records the request
 * it came from (`flags.damage-chain.request`: the user and request id, and a
 * digest of the request), so after a reload, or when another GM has taken
 * over as active GM, a repeat finds the card and is answered with it. Only a
 * card a GM posted counts.
 */
import { cardFlags } from "../card/flags.ts";
import { unpackTargets } from "../card/pack-targets.ts";
import { MODULE_ID } from "../constants.ts";
import type { RelayAnswer, RelayRequest } from "../relay/schema.ts";

/** How many requests are remembered in this client's memory (the oldest are forgotten first). */
export const REMEMBERED_REQUESTS = 1000;

const seen = new Map<string, { request: string; answer: Promise<RelayAnswer> }>();

/** What a card records of the request that posted it. */
interface CardRequest {
  key: string;
  digest: string;
}

/** A short digest of a request's JSON text (FNV-1a, 32 bits, hex): tells a reused id from a repeat. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** The card a GM posted for the request `key`, with the digest it recorded; undefined when there is none. */
function cardFor(key: string): { message: ChatMessage.Implementation; digest: string } | undefined {
  for (const m of (game.messages?.contents ?? []) as ChatMessage.Implementation[]) {
    const request = (m.flags as Record<string, { request?: Partial<CardRequest> } | undefined>)[MODULE_ID]?.request;
    if (request?.key !== key || typeof request.digest !== "string" || m.author?.isGM !== true) continue;
    return { message: m, digest: request.digest };
  }
  return undefined;
}

/** The answer a repeat gets from the card it posted: its id and rows. */
function answerFrom(message: ChatMessage.Implementation): RelayAnswer {
  const flags = cardFlags(message);
  const rows = flags?.view === undefined ? [] : unpackTargets(flags.view, flags.deltas.map((d) => d.uuid));
  return { ok: true, outcome: { messageId: message.id, targets: rows.map((r) => ({ uuid: r.uuid, name: r.name, final: r.final, cancelled: false, bypassed: r.state === "bypassed" })) } };
}

/** Record on the card `answer` posted which request it came from. */
async function record(answer: RelayAnswer, request: CardRequest): Promise<void> {
  const id = answer.ok ? answer.outcome?.messageId : undefined;
  const message = id == null ? undefined : (game.messages?.get(id) as ChatMessage.Implementation | undefined);
  await message?.update({ flags: { [MODULE_ID]: { request } } } as never);
}

/**
 * The answer to `req`: `answer()` the first time, the remembered answer (or
 * the recorded card's) after that, and `reused()` when the id was used for a
 * different request.
 */
export function answerOnce(req: RelayRequest, answer: () => Promise<RelayAnswer>, reused: () => RelayAnswer): Promise<RelayAnswer> {
  const key = `${req.userId}/${req.requestId}`;
  const request = JSON.stringify(req);
  const before = seen.get(key);
  if (before !== undefined) return before.request === request ? before.answer : Promise.resolve(reused());
  const own = digest(request);
  const card = cardFor(key);
  if (card !== undefined) return Promise.resolve(card.digest === own ? answerFrom(card.message) : reused());
  const first = answer().then(async (a) => {
    await record(a, { key, digest: own });
    return a;
  });
  seen.set(key, { request, answer: first });
  if (seen.size > REMEMBERED_REQUESTS) seen.delete(seen.keys().next().value!);
  return first;
}
