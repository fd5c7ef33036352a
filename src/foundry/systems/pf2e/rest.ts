/**
 * pf2e's Rest for the Night restores endurance uses that recharge on a long
 * rest (pf2e's "once per day" abilities such as Ferocity). pf2e fires
 * `Hooks.callAll("pf2e.restForTheNight", actor)` for each character that
 * rested, after its own writes, on the client that ran the action
 * (foundryvtt/pf2e `src/scripts/macros/rest-for-the-night.ts`).
 */
import { restActor } from "../../actor/lifecycle.ts";

/** The hook's handler: a rest for the night counts as a long rest. */
export function onPf2eRestForTheNight(actor: Actor.Implementation): void {
  void restActor(actor, "long");
}
