/**
 * dnd5e's rests restore endurance uses (SRD 5.2 Orc "Relentless Endurance":
 * "once per long rest"). dnd5e fires `dnd5e.restCompleted(actor, result,
 * config)` on the client that rested, after its own updates, with
 * `result.longRest` (foundryvtt/dnd5e 965ad2d, module/documents/actor/actor.mjs
 * lines 2293 and 2332). A rest whose `preRestCompleted` was cancelled fires
 * no `restCompleted`, so nothing is restored for it.
 */
import { restActor } from "../../actor/lifecycle.ts";

/** The hook's handler. `result.longRest` true: a long rest; else a short one. */
export function onDnd5eRestCompleted(actor: Actor.Implementation, result: { longRest?: unknown } | undefined): void {
  void restActor(actor, result?.longRest === true ? "long" : "short");
}
