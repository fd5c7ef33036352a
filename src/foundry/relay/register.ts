/**
 * The relay's registration (issue 3 §3, issue 20 §3): requests and answers
 * travel on the module's socket (`socket.ts`), where the server says who sent
 * each message. The GM's handler (`gm.ts`) is its own chunk, loaded when the
 * first request arrives (issue 8 §4): players' clients never load it.
 */
import { listenRelay } from "./socket.ts";

export { loadRelayHandler } from "./socket.ts";

/** Listen for relay requests and answers on the module's socket. */
export function registerRelay(): void {
  listenRelay();
}
