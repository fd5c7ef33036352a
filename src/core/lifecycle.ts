/**
 * What happens to a defender's state between hits: round start (000
 * Intention Phase), end of turn (002 end phase) and end of encounter (001
 * Variable Resistance). Pure: each returns a new state.
 */
import { cloneState } from "./chain.ts";
import type { DefenderState } from "./model/defender.ts";
import type { Defenses } from "./model/defenses.ts";
import { enduranceKey } from "./steps/endurance.ts";

/** A new round: Damage Limit counter and shell immunity reset (000 Damage Limit, Damage Shell). */
export function startRound(state: DefenderState): DefenderState {
  return { ...cloneState(state), roundLifeLost: 0, shellImmune: false, shellsBypassed: [] };
}

/** End phase: ally temporary damage is removed (002 rule 12). */
export function endTurn(state: DefenderState): DefenderState {
  return { ...cloneState(state), temporaryDamage: 0 };
}

/** End of the encounter: Variable Resistance ends (001). */
export function endEncounter(state: DefenderState): DefenderState {
  const next = cloneState(state);
  delete next.variableResistance;
  return next;
}

/** Seconds until shell `id` can trigger again at game time `now` (0 = ready). */
export function shellCooldownLeft(state: DefenderState, id: string, now: number): number {
  return Math.max(0, (state.shellCooldowns[id] ?? 0) - now);
}

/** A rest: `long` (dnd5e's long rest, pf2e's rest for the night) or `short`. */
export type RestKind = "long" | "short";

/**
 * After a rest, the endurance entries that recharge on it have every use
 * back (SRD 5.2 Orc "Relentless Endurance": "once per long rest"): their
 * counts leave `state.oneTimeUses`. A long rest also restores what recharges
 * on a short one. Other one-time uses (prevention) are kept. Pure.
 */
export function rest(state: DefenderState, defenses: Pick<Defenses, "endurance">, kind: RestKind): DefenderState {
  const next = cloneState(state);
  defenses.endurance.forEach((e, i) => {
    if (e.recharge === "longRest" ? kind === "long" : e.recharge === "shortRest") delete next.oneTimeUses[enduranceKey(e, i)];
  });
  return next;
}
