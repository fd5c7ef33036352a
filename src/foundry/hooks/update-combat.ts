/**
 * `updateCombat`: when the combat moves forward, a new round resets each
 * combatant's Damage Limit counter and shell immunity (000), and every turn
 * change ends the turn: temporary damage is cleared (002 end phase). Foundry
 * calls this hook on every client after the write; only the active GM acts,
 * so the reset is written once however many GMs are connected. An update
 * Foundry v13 marks `turnEvents: false` (`Combat#resetAll`: initiative reset,
 * the turn index re-pointed at the same combatant) ends no turn and is
 * ignored, as core ignores it for its own turn events.
 */
import { withLifecycle } from "./load-lifecycle.ts";

/** Handler for `updateCombat(combat, changed, options, userId)`. */
export function onUpdateCombat(combat: Combat.Implementation, changed: Record<string, unknown>, options: { direction?: number; turnEvents?: boolean }, _userId: string): void {
  if (!game.users?.activeGM?.isSelf) return;
  if (options.turnEvents === false) return; // a re-sort of the turn order, not a turn ending
  const newRound = "round" in changed;
  if (!newRound && !("turn" in changed)) return;
  if ((options.direction ?? 1) < 0) return; // rewinding does not replay round starts
  withLifecycle(({ combatActors, updateStates, startRound, endTurn }) => updateStates(combatActors(combat), (state) => (newRound ? startRound(endTurn(state)) : endTurn(state))));
}
