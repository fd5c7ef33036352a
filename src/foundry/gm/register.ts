/**
 * The relay's registration: requests and answers
 * travel on the module's socket (`socket.ts`), where the server says who sent
 * each message. The GM's handler (`gm.ts`) is its own chunk, loaded when the
 * first request arrives: players' clients never load it.
 */
import { loadOnce } from "../load-once.ts";
import { listenRelay } from "../relay/socket.ts";

/** The handler's module (`gm.ts`), loaded with the first request. */
export const loadRelayHandler = loadOnce(() => import("./gm.ts"));

/** Listen for relay requests and answers on the module's socket. */
export function registerRelay(): void {
  listenRelay(loadRelayHandler);
}
