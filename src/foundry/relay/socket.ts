/**
 * The relay's transport: the module's socket event
 * {@link RELAY_SOCKET}. Foundry's server passes a package's socket message to
 * every other connected client, and each handler gets `(data, senderId)`:
 * the id of the user whose connection sent it, which the server adds and a
 * client cannot choose (socketlib relies on it: manuelVo/foundryvtt-socketlib
 * `_onSocketReceived(message, senderId)`, `socketdata = {userId: senderId}`,
 * `_isResponseSenderValid`). `User#query` handlers are told no sender
 * (foundryvtt/foundryvtt#13418), so the relay does not use queries.
 *
 * Wire format (JSON): `{ type: "request", to, request }` from a player to
 * the GM `to`; `{ type: "answer", to, requestId, answer }` back. A request
 * is answered only by the GM it names; an answer is taken only from the GM
 * the request went to, for a request this client is waiting for.
 */
import { RELAY_SOCKET } from "../constants.ts";
import type { RelayAnswer, RelayRequest } from "./schema.ts";

/** Loads the GM's handler (`gm.ts`, its own chunk: `register.ts`), given to {@link listenRelay}. */
type HandlerLoader = () => Promise<{ handleRelay(data: unknown, senderId: string): Promise<RelayAnswer> }>;

/** Requests this client waits for, by request id: the GM asked, and what to do with the answer. */
const waiting = new Map<string, { gm: string; resolve: (answer: RelayAnswer) => void }>();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Send `request` to the GM `gmId` and wait for the answer.
 * @throws {Error} when no answer came within `timeoutMs` milliseconds (the GM
 *   may still carry it out).
 */
export function sendToGm(gmId: string, request: RelayRequest, timeoutMs: number): Promise<RelayAnswer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(request.requestId);
      reject(new Error(`no answer from ${gmId} within ${timeoutMs} ms`));
    }, timeoutMs);
    waiting.set(request.requestId, {
      gm: gmId,
      resolve: (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
    });
    game.socket!.emit(RELAY_SOCKET, { type: "request", to: gmId, request });
  });
}

/** Handle one socket message; `senderId` is the server's word for who sent it. */
async function receive(load: HandlerLoader, data: unknown, senderId: unknown): Promise<void> {
  const me = game.user;
  const socket = game.socket!;
  if (!isRecord(data) || typeof senderId !== "string" || me == null || data.to !== me.id) return;
  if (data.type === "answer") {
    const requestId = typeof data.requestId === "string" ? data.requestId : "";
    const wait = waiting.get(requestId);
    if (wait === undefined || wait.gm !== senderId || !isRecord(data.answer)) return; // not ours, or not from the GM we asked
    waiting.delete(requestId);
    wait.resolve(data.answer as RelayAnswer);
    return;
  }
  if (data.type !== "request" || !me.isGM) return;
  const answer = await (await load()).handleRelay(data.request, senderId);
  const requestId = isRecord(data.request) && typeof data.request.requestId === "string" ? data.request.requestId : "";
  socket.emit(RELAY_SOCKET, { type: "answer", to: senderId, requestId, answer });
}

/**
 * Listen on the module's socket: GMs answer requests, everyone takes answers
 * to their own; `load` gives the GM's handler. The handler returns its promise (Foundry ignores it; the
 * test double keeps this client's globals until it settles).
 */
export function listenRelay(load: HandlerLoader): void {
  game.socket!.on(RELAY_SOCKET, (data: unknown, senderId: unknown) =>
    receive(load, data, senderId).catch((err: unknown) => console.error("damage-chain | relay message not handled:", err)),
  );
}
