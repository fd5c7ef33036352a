/**
 * The GM's side of the relay: the
 * handler for requests that arrive on the module's socket (`socket.ts`), its
 * own chunk, loaded with the first request a GM's client receives. Only the active GM is asked, so a request is carried out once even
 * with several GMs connected.
 *
 * The server says who sent each socket message (`senderId`); the `userId` in
 * the payload is only a claim, and a request whose claim differs from the
 * sender is refused as forged. Then the GM side limits what a request can do
 * to what that connected PLAYER could do:
 * - the payload is validated; the sender exists and is connected; a GM
 *   sender may only send hits and redos (another GM's go to the active GM, the
 *   one writer while a GM is connected, so that two GMs never write one hit twice);
 * - apply: each target counted once; for every target the user can at least
 *   see the actor (LIMITED) or targets one of its tokens; naming a profile
 *   (instead of the world's active one) only when the user owns every target;
 * - undo: only a card whose applier is the named user, as `mayUndo` allows;
 * - redo: carried out here, by the active GM, for players and other GMs
 *   alike, with the checks and the record of `hit/redo-gm.ts`;
 * - notes: only for a card the named user posted and applied, rebuilt from
 *   the actors, never from the request (`notes.ts`);
 * - a repeated request (same id) is answered with the first answer and never
 *   carried out twice (`once.ts`);
 * - the actors written for each relayed card are recorded here (`record.ts`).
 */
import { parseEvent } from "../../core/validate.ts";
import { say } from "../../core/messages.ts";
import { cardFlags } from "../card/card.ts";
import { gmPartOf } from "../card/gm-part.ts";
import { mayUndo, revertLocally } from "../card/undo.ts";
import type { UndoRefusal } from "../card/undo-check.ts";
import { applyLocally } from "../hit/apply.ts";
import { redoAsGm } from "../hit/redo-gm.ts";
import { shareSchema, type Share } from "../../core/share.ts";
import { actorOf } from "../actor/targets.ts";
import { postCardNotes } from "./notes.ts";
import { answerOnce } from "./once.ts";
import { recordRelayed } from "../relay/record.ts";
import { relayRequestSchema, type RelayAnswer, type RelayRequest } from "../relay/schema.ts";

const refuse = (reason: string, params: Record<string, string> = {}): RelayAnswer => ({ ok: false, reason: `DAMAGECHAIN.Notify.${reason}`, params });
const nameOf = (doc: { name?: string | null; uuid?: string; id?: string | null }) => doc.name ?? doc.uuid ?? doc.id ?? "";

/** May `user` ask for damage on `actor`: a GM, LIMITED permission, or one of its tokens targeted. */
function mayTarget(user: User.Implementation, actor: Actor.Implementation): boolean {
  if (user.isGM || actor.testUserPermission(user, "LIMITED")) return true;
  for (const token of user.targets ?? []) if (token.actor?.uuid === actor.uuid) return true;
  return false;
}

/**
 * Remember the actors the card `messageId` wrote: the targets, and every actor
 * in the deltas of the card and of its GM part (Variable Resistance allies,
 * rows hidden from players), read from the messages this client just posted.
 */
function record(messageId: string | null, targets: readonly string[]): void {
  if (messageId === null) return;
  const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
  const uuids = new Set(targets);
  if (message !== undefined) {
    for (const d of cardFlags(message)?.deltas ?? []) uuids.add(d.uuid);
    for (const d of gmPartOf(message)?.flags.deltas ?? []) uuids.add(d.uuid);
  }
  recordRelayed(messageId, uuids);
}

async function apply(user: User.Implementation, req: Extract<RelayRequest, { kind: "apply" }>): Promise<RelayAnswer> {
  const event = parseEvent(req.event);
  if (!event.ok) return refuse("RelayInvalid", { detail: event.problems.map((p) => `${p.path}: ${p.message}`).join("; ") });
  const actors: Actor.Implementation[] = [];
  for (const uuid of new Set(req.targets)) {
    const actor = actorOf(uuid);
    if (actor === null) return refuse("RelayNoTarget", { target: uuid });
    if (!mayTarget(user, actor)) return refuse("RelayNotAllowed", { user: nameOf(user), actor: nameOf(actor) });
    if (!actors.some((a) => a.uuid === actor.uuid)) actors.push(actor);
  }
  const notOwned = req.profile === undefined ? undefined : actors.find((a) => !a.testUserPermission(user, "OWNER"));
  if (notOwned !== undefined) return refuse("RelayProfile", { user: nameOf(user), actor: nameOf(notOwned) });
  // Each target's share, checked with the core schema; only for the request's own targets.
  const shares = new Map<string, Share>();
  for (const { uuid, share: raw } of req.shares ?? []) {
    const actor = actors.find((a) => a.uuid === uuid);
    if (actor === undefined) return refuse("RelayNoTarget", { target: uuid });
    const share = shareSchema.safeParse(raw);
    if (!share.success) return refuse("RelayInvalid", { detail: `shares.${uuid}: ${share.error.issues.map((i) => i.message).join("; ")}` });
    // Two shares for one actor: which it takes would be a guess, as the API refuses it (`hit/apply.ts` sharesOf).
    if (shares.has(uuid)) return refuse("RelayInvalid", { detail: `shares.${uuid}: ${say("DAMAGECHAIN.Validation.TargetTwice", { actor: nameOf(actor) })}` });
    shares.set(uuid, share.data);
  }
  try {
    const outcome = await applyLocally(actors, event.value, req.profile === undefined ? {} : { profile: req.profile }, req.userId, shares);
    record(outcome.messageId, actors.map((a) => a.uuid));
    return { ok: true, outcome: { targets: outcome.targets, messageId: outcome.messageId } };
  } catch (err) {
    return refuse("RelayInvalid", { detail: (err as Error).message });
  }
}

async function undo(user: User.Implementation, messageId: string): Promise<RelayAnswer> {
  // The collection's stored-document type does not narrow to the configured class.
  const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
  const flags = message === undefined ? undefined : cardFlags(message);
  if (message === undefined || flags === undefined) return refuse("RelayNoCard");
  if (flags.applier !== user.id || !mayUndo(user, flags)) return refuse("UndoDenied");
  let refusal: UndoRefusal | undefined;
  let result;
  try {
    result = await revertLocally(message, flags, user.id, (r) => (refusal = r));
  } catch (err) {
    return refuse("RelayInvalid", { detail: (err as Error).message });
  }
  // A refused undo is answered as refused, with the reason the player's client words in the player's language.
  if (refusal !== undefined) return { ok: false, reason: refusal.key, params: refusal.params };
  if (result === "already") return refuse("AlreadyReverted");
  if (result !== "reverted") return refuse("UndoDenied"); // a GM part: it is undone with its card
  return { ok: true };
}

async function redo(user: User.Implementation, messageId: string): Promise<RelayAnswer> {
  const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
  if (message === undefined) return refuse("RelayNoCard");
  const done = await redoAsGm(message, user);
  return done.result === "redone" ? { ok: true, redo: done.messageIds } : { ok: false, reason: done.key, params: done.params };
}

/** Check the named user (already proven to be the sender), then carry out the request. */
function answer(req: RelayRequest): Promise<RelayAnswer> {
  const user = game.users?.get(req.userId);
  if (user === undefined || !user.active) return Promise.resolve(refuse("RelayUnknownUser", { user: req.userId }));
  // Another GM sends its hits and redos to the active GM, the one writer; GMs undo and post notes themselves.
  if (user.isGM && req.kind !== "apply" && req.kind !== "redo") return Promise.resolve(refuse("RelayNamesGM", { user: nameOf(user) }));
  if (req.kind === "notes") return postCardNotes(user, req, refuse);
  if (req.kind === "redo") return redo(user, req.messageId);
  return req.kind === "apply" ? apply(user, req) : undo(user, req.messageId);
}

/**
 * Answer one relay request that the server says `senderId` sent. Never
 * throws: every failure is a refusal with a lang key the player's client
 * shows. A request naming another user than its sender is refused
 * (`RelayForged`) and nothing is done.
 */
export async function handleRelay(data: unknown, senderId: string): Promise<RelayAnswer> {
  if (!game.user?.isGM) return refuse("RelayNotGM");
  const parsed = relayRequestSchema.safeParse(data);
  if (!parsed.success) return refuse("RelayInvalid", { detail: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  const req = parsed.data;
  if (req.userId !== senderId) {
    const sender = game.users?.get(senderId);
    return refuse("RelayForged", { user: sender === undefined ? senderId : nameOf(sender), claimed: req.userId });
  }
  return answerOnce(req, () => answer(req), () => refuse("RelayInvalid", { detail: "requestId: already used for a different request" }));
}
