/**
 * `deleteCombat`: the encounter is over; Variable Resistance ends (001).
 * Only the active GM writes.
 */
import { endEncounter } from "../../core/lifecycle.ts";
import { combatActors, updateStates } from "../actor/lifecycle.ts";

/** Handler for `deleteCombat(combat, options, userId)`. */
export function onDeleteCombat(combat: Combat.Implementation): void {
  if (!game.users?.activeGM?.isSelf) return;
  void updateStates(combatActors(combat), endEncounter);
}
