/**
 * What happens to a defender's state between hits (`core/lifecycle.ts`,
 * which copies state as the chain does, and its writer `actor/lifecycle.ts`),
 * their own chunk: loaded by the first turn change or end of an encounter on
 * the active GM's client. The combat hooks read and write the actors only
 * once it is here, in one go, as before.
 */
import { MODULE_ID } from "../constants.ts";
import { loadOnce } from "../load-once.ts";

/** Loads the lifecycle chunk once (the combat hooks call it through {@link withLifecycle}). */
export const loadLifecycle = loadOnce(async () => {
  const [actor, core] = await Promise.all([import("../actor/lifecycle.ts"), import("../../core/lifecycle.ts")]);
  return { ...actor, ...core };
});

/** The lifecycle chunk, as {@link withLifecycle} hands it. */
type Lifecycle = Awaited<ReturnType<typeof loadLifecycle>>;

/** Run `work` with the lifecycle chunk: at once when it has loaded, else once it has; a failure is logged, never thrown. */
export function withLifecycle(work: (lifecycle: Lifecycle) => Promise<unknown>): void {
  const logged = (err: unknown) => console.error(`${MODULE_ID} | the combatants' Damage Chain state could not be updated`, err);
  const loaded = loadLifecycle.peek();
  if (loaded !== undefined) void work(loaded).catch(logged);
  else void loadLifecycle().then(work).catch(logged);
}
