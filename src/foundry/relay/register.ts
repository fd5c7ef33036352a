/**
 * The relay's registration (issue 3 §3): the GM's handler is put in
 * `CONFIG.queries["damage-chain.relay"]`, where Foundry looks a query up
 * (`User#query` on the sender, `CONFIG.queries[name]` on the receiver). The
 * handler's code (`gm.ts`) is its own chunk, loaded when the first request
 * arrives (issue 8 §4): players' clients never load it.
 */
import { RELAY_QUERY } from "../constants.ts";
import { loadOnce } from "../load-once.ts";
import type { RelayAnswer } from "./schema.ts";

/** The handler's module (`gm.ts`), loaded with the first request. */
export const loadRelayHandler = loadOnce(() => import("./gm.ts"));

/**
 * Answer one relay request with `gm.ts`. Rejects only when its chunk cannot
 * be loaded (the player's client then reports the request as not answered);
 * once loaded, every failure is a refusal (`gm.ts` `handleRelay`).
 */
async function handleRelay(data: unknown): Promise<RelayAnswer> {
  return (await loadRelayHandler()).handleRelay(data);
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
