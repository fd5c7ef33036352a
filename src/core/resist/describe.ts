/**
 * Names of revised-4E defenses for the trace and the chat card, written the
 * way seed 001 writes them: "Resist 10 Fire", "Vulnerable All (Advantage)",
 * "Immune Poison", "Damage Trigger Cold". Where the defense came from (its
 * own `label`, set by the GM or by a keyword bundle such as "Insubstantial",
 * or a note such as "resistance reduction") follows in brackets.
 */
import type { Condition } from "../model/common.ts";
import { titleCase } from "../steps/defenseLabel.ts";

/** How seed 001 writes each condition ("Resist Physical (No Advantage)"). */
const CONDITION_TEXT: Record<Condition, string> = {
  advantage: "Advantage",
  noAdvantage: "No Advantage",
  critical: "Critical",
  ongoing: "Ongoing",
  silvered: "Silvered",
  notSilvered: "Not Silvered",
  paragon: "Paragon",
  notParagon: "Not Paragon",
  epic: "Epic",
  notEpic: "Not Epic",
  burstBlast: "Burst/Blast",
  noBurstBlast: "No Burst/Blast",
  attack: "Attack",
  environmental: "Environmental",
};

/** Several damage types of one part: `fire+cold`. */
export function typesText(types: readonly string[]): string {
  return types.join("+");
}

/** The shape every described defense shares. */
export interface Describable {
  type: string;
  limit?: number | undefined;
  condition?: Condition | undefined;
  label?: string | undefined;
}

/**
 * Seed-001 text of a resistance / vulnerability / immunity: `word` is
 * "Resist", "Vulnerable" or "Immune". Where it came from follows in
 * brackets: `note` if given (`resistance reduction`, `Variable Resistance`),
 * else the `label`: `Resist Physical [Insubstantial]`.
 */
export function describeDefense(word: string, d: Describable, note?: string): string {
  let text = `${word}${d.limit === undefined ? "" : ` ${d.limit}`} ${titleCase(d.type)}`;
  if (d.condition !== undefined) text += ` (${CONDITION_TEXT[d.condition]})`;
  const from = note ?? (d.label === undefined || d.label === "" ? undefined : d.label);
  return from === undefined || from === text ? text : `${text} [${from}]`;
}
