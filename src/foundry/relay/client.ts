/**
 * The player's side of the GM relay: send a request to the active GM over
 * the module's socket (`socket.ts`, where the server says who sent it) and
 * turn a refusal, an absent GM, a missing permission or a timeout into a
 * {@link RelayError} the player is told about.
 */
import { RELAY_TIMEOUT_MS } from "../constants.ts";
import { sendToGm } from "./socket.ts";
import type { RelayAnswer, RelayRequest, RelayRequestBody } from "./schema.ts";

/** A relay that did not go through. `key` is a lang key under `DAMAGECHAIN.Notify`. */
export class RelayError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(game.i18n?.format(key, params) ?? key);
    this.name = "RelayError";
  }
}

/** Show the player why, and throw. */
function fail(key: string, params: Record<string, string> = {}): never {
  const error = new RelayError(`DAMAGECHAIN.Notify.${key}`, params);
  ui.notifications?.warn(error.message);
  throw error;
}

/**
 * Ask the active GM to carry out `request`, under a new request id. Resolves
 * with the GM's positive answer; otherwise shows the player a warning and
 * throws a RelayError: `DAMAGECHAIN.Notify.NoGM` (no GM connected),
 * `...RelayNoPermission` (this user may not query other users: Foundry's
 * QUERY_USER permission, which the relay honours as the GM's choice), `...RelayPending` (no answer within
 * {@link RELAY_TIMEOUT_MS} ms, or the connection failed: the GM may still
 * carry it out, so the player is told to check the chat rather than to try
 * again), or the GM's refusal reason.
 */
export async function requestRelay(request: RelayRequestBody): Promise<Extract<RelayAnswer, { ok: true }>> {
  const gm = game.users?.activeGM;
  if (!gm) fail("NoGM");
  if (game.user?.hasPermission("QUERY_USER") !== true) fail("RelayNoPermission");
  const sent = { ...request, requestId: foundry.utils.randomID() } as RelayRequest;
  let answer: RelayAnswer;
  try {
    answer = await sendToGm(gm.id!, sent, RELAY_TIMEOUT_MS);
  } catch (err) {
    console.warn("damage-chain | relay request", sent.requestId, "not answered:", err);
    fail("RelayPending", { gm: gm.name ?? gm.id ?? "" });
  }
  if (!answer.ok) {
    const refused = new RelayError(answer.reason, answer.params);
    ui.notifications?.warn(refused.message);
    throw refused;
  }
  return answer;
}

/**
 * Ask the active GM to post the GM notes of the card `messageId`, which this
 * player's client just posted without them (`card/audience.ts`). Quiet: with
 * no GM connected, no QUERY_USER permission or no answer, the notes are not
 * posted and the player is told nothing (there is nothing for them to do,
 * and nothing secret to say). `profile` is the hit's profile id.
 */
export async function askForNotes(messageId: string, profile: string): Promise<void> {
  const gm = game.users?.activeGM;
  const user = game.user;
  if (!gm || !user || user.hasPermission("QUERY_USER") !== true) return;
  const request: RelayRequest = { kind: "notes", requestId: foundry.utils.randomID(), userId: user.id, messageId, profile };
  try {
    await sendToGm(gm.id!, request, RELAY_TIMEOUT_MS);
  } catch (err) {
    console.warn("damage-chain | GM notes for card", messageId, "not posted:", err);
  }
}
