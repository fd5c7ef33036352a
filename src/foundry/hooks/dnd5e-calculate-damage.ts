/**
 * `dnd5e.calculateDamage`: resolve dnd5e damage through the chain, keeping
 * its types and properties, and tell dnd5e the damage it deals (`amount`). dnd5e
 * also calls this for its previews: the plan is only kept (by dnd5e's
 * options object) until `dnd5e.preApplyDamage` writes it.
 */
import { preResolve, parseEventOrThrow } from "../hit/apply.ts";
import { dnd5eAmount, eventFromDnd5e, isDamage, rawDamagesFor } from "../hit/dnd5e.ts";
import { setting } from "../settings/settings.ts";
import type { Dnd5eDamageOptions, Dnd5eDamageSummary } from "./types.ts";
import { pendingDnd5e } from "../hit/pending.ts";
import { planContext, planHit } from "../hit/plan.ts";
import { activeProfile } from "../settings/profiles.ts";

/** Handler for `dnd5e.calculateDamage(actor, damages, options)`. */
export function onDnd5eCalculateDamage(actor: Actor.Implementation, damages: Dnd5eDamageSummary, options: Dnd5eDamageOptions): void {
  // replace: the raw copy `dnd5e.preCalculateDamage` kept (none when that was not damage); after: dnd5e's result.
  const source = setting("dnd5eMode") === "replace" ? rawDamagesFor(damages, options.multiplier ?? 1) : damages;
  if (source === undefined || !isDamage(source)) return;
  const profile = activeProfile();
  const event = preResolve(actor, parseEventOrThrow(eventFromDnd5e(source)), {});
  if (event === null) return;
  const plan = planHit(actor, event, planContext(profile));
  pendingDnd5e.set(options, { plan, profile, applier: game.user?.id ?? "" });
  damages.amount = dnd5eAmount(plan);
}
