/**
 * Planning a hit (`plan.ts`: the chain with every step, the reading of an
 * actor's Damage Chain flags, saves), its own chunk. `register.ts` starts
 * loading it at `init`, beside the card's chunks, without waiting for it: a
 * world needs it at its first hit, not to start.
 *
 * A path that may wait loads it at the very start of a hit, before it reads
 * any actor (`apply.ts`); a path that must not wait (a hook inside Foundry's
 * own update: `hooks/pre-update-actor.ts`; `api.preview`) takes it with
 * `peek()`. Nothing may wait between planning a hit and writing it
 * (`conclude.ts` loadCard).
 */
import { loadOnce } from "../load-once.ts";
import { loadChain } from "../settings/profiles.ts";

/** The planner; resolves once the chain is loaded too, so `settings/profiles.ts` can judge a profile's steps (`loadChain`). */
export const loadPlan = loadOnce(async () => (await Promise.all([import("./plan.ts"), loadChain()]))[0]);
