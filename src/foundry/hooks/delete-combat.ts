/**
 * `deleteCombat`: the encounter is over; Variable Resistance ends (001).
 * Only the active GM writes.
 */
import { withLifecycle } from "./load-lifecycle.ts";

/** Handler for `deleteCombat(combat, options, userId)`. */
export function onDeleteCombat(combat: Combat.Implementation): void {
  if (!game.users?.activeGM?.isSelf) return;
  withLifecycle(({ combatActors, updateStates, endEncounter }) => updateStates(combatActors(combat), endEncounter));
}
