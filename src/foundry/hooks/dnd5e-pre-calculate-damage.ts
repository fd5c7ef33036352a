/**
 * `dnd5e.preCalculateDamage`: with the `dnd5eMode` setting on `replace`, the
 * chain replaces dnd5e's own immunities, resistances, vulnerabilities,
 * modifications and threshold (dnd5e's `options.ignore = true`); the chain
 * then runs on the raw values in `dnd5e.calculateDamage`. With `after`, dnd5e
 * applies its own first and the chain runs on its result.
 */
import { isDamage } from "../hit/dnd5e.ts";
import type { Dnd5eDamage, Dnd5eDamageOptions } from "./types.ts";
import { setting } from "../settings/settings.ts";

/** Handler for `dnd5e.preCalculateDamage(actor, damages, options)`. */
export function onDnd5ePreCalculateDamage(_actor: Actor.Implementation, damages: Dnd5eDamage[], options: Dnd5eDamageOptions): void {
  if (setting("dnd5eMode") === "replace" && isDamage(damages)) options.ignore = true;
}
