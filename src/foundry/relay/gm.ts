/**
 * The GM's side of the relay (issue 3 §3, players): the handler registered in
 * `CONFIG.queries["damage-chain.relay"]`. Only the active GM answers, so a
 * request is carried out once even with several GMs connected. The payload is
 * validated, then the requesting user is checked:
 * - the user exists and is connected;
 * - apply: for every target, the user can at least see the actor (LIMITED)
 *   or is targeting one of its tokens;
 * - undo: the user may undo that card (`card/undo.ts` `mayUndo`).
 * Foundry v13 does not tell a query handler who sent it, so `userId` comes
 * from the payload; the checks above limit what a request can do to what that
 * user could ask for anyway.
 */
import { parseEvent } from "../../core/validate.ts";
import { applyLocally } from "../hit/apply.ts";
import { cardFlags } from "../card/card.ts";
import { RELAY_QUERY } from "../constants.ts";
import { relayRequestSchema, type RelayAnswer, type RelayRequest } from "./schema.ts";
import { actorOf } from "../hit/targets.ts";
import { mayUndo, revertLocally } from "../card/undo.ts";

const refuse = (reason: string, params: Record<string, string> = {}): RelayAnswer => ({ ok: false, reason: `DAMAGECHAIN.Notify.${reason}`, params });

/** May `user` ask for damage on `actor`: LIMITED permission or one of its tokens targeted. */
function mayTarget(user: User.Implementation, actor: Actor.Implementation): boolean {
  if (actor.testUserPermission(user, "LIMITED")) return true;
  for (const token of user.targets ?? []) if (token.actor?.uuid === actor.uuid) return true;
  return false;
}

async function apply(user: User.Implementation, req: Extract<RelayRequest, { kind: "apply" }>): Promise<RelayAnswer> {
  const event = parseEvent(req.event);
  if (!event.ok) return refuse("RelayInvalid", { detail: event.problems.map((p) => `${p.path}: ${p.message}`).join("; ") });
  const actors: Actor.Implementation[] = [];
  for (const uuid of req.targets) {
    const actor = actorOf(uuid);
    if (actor === null) return refuse("RelayNoTarget", { target: uuid });
    if (!mayTarget(user, actor)) return refuse("RelayNotAllowed", { user: user.name ?? user.id, actor: actor.name ?? uuid });
    actors.push(actor);
  }
  try {
    const outcome = await applyLocally(actors, event.value, req.profile === undefined ? {} : { profile: req.profile }, req.userId);
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
  if (!mayUndo(user, flags)) return refuse("UndoDenied");
  await revertLocally(message, flags);
  return { ok: true };
}

/**
 * Answer one relay request. Never throws: every failure is a refusal with a
 * lang key the player's client shows.
 */
export async function handleRelay(data: unknown): Promise<RelayAnswer> {
  if (!game.user?.isGM) return refuse("RelayNotGM");
  const parsed = relayRequestSchema.safeParse(data);
  if (!parsed.success) return refuse("RelayInvalid", { detail: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  const req = parsed.data;
  const user = game.users?.get(req.userId);
  if (user === undefined || !user.active) return refuse("RelayUnknownUser", { user: req.userId });
  return req.kind === "apply" ? apply(user, req) : undo(user, req.messageId);
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- declaration merging into fvtt-types
  namespace CONFIG {
    interface Queries {
      "damage-chain.relay": typeof handleRelay;
    }
  }
}

/** Register the relay handler in `CONFIG.queries`. */
export function registerRelay(): void {
  CONFIG.queries[RELAY_QUERY] = handleRelay;
}
