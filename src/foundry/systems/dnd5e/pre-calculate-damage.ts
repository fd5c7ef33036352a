/**
 * `dnd5e.preCalculateDamage`: with the `dnd5eMode` setting on `replace`, the
 * chain replaces dnd5e's own immunities, resistances, vulnerabilities,
 * modifications and threshold: a copy of the raw descriptions is kept here
 * and `dnd5e.calculateDamage` resolves the chain from it. dnd5e's options are
 * left alone (the damage tray keeps them per target, with its resistance
 * toggles). With `after`, dnd5e applies its own first and the
 * chain runs on its result.
 */
import { isDamage, keepRawDamages } from "./damage.ts";
import type { Dnd5eDamage } from "../../hook-types.ts";

/** Handler for `dnd5e.preCalculateDamage(actor, damages, options)`. */
export function onDnd5ePreCalculateDamage(_actor: Actor.Implementation, damages: Dnd5eDamage[]): void {
  if (isDamage(damages)) keepRawDamages(damages); // replace resolves from it; both modes name the roll on the card with it
}
