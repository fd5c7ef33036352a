/**
 * Variable Resistance, the demon trait as reworded by seed 001 ("A note on
 * Variable Resistance"; RULES.md §2.5):
 *
 * > Trigger: The character takes damage of one or more elemental damage types.
 * > Effect: Choose one of the triggering damage types at random. After the
 * > damage is resolved, and until the end of the encounter, the character and
 * > all allies with this ability gain Resist against that damage type, and
 * > Vulnerable against another elemental damage type chosen at random. This
 * > effect ends when the monster or an ally use Variable Resistance again.
 *
 * The step runs after the hit is resolved, so the new resistance protects
 * against later hits only. Sharing with allies is the caller's job (the
 * `variableResistance` effect); {@link chooseVariableResistanceUser} settles
 * simultaneous triggers.
 */
import { total, stepNote, type DefenseRef, type Step, type StepNote } from "../context.ts";
import { pick, type RandomSource } from "../pick.ts";

/** The trace's name for the trait: the defender's own Variable Resistance. */
const VARIABLE_RESISTANCE: readonly DefenseRef[] = Object.freeze([Object.freeze<DefenseRef>({ kind: "variableResistance" })]);

/** The elemental damage types of seed 001: acid, cold, fire, lightning, thunder. */
export const ELEMENTAL_TYPES: readonly string[] = ["acid", "cold", "fire", "lightning", "thunder"];

/**
 * 001 note: "If the ability would trigger simultaneously for several allied
 * characters, only one of them chosen at random can use it." Given the ids of
 * the allies for whom it triggered (duplicates count once), returns the one
 * that uses it, or undefined for an empty list. Uses one draw of `random`.
 */
export function chooseVariableResistanceUser(candidateIds: string[], random: RandomSource): string | undefined {
  const distinct = [...new Set(candidateIds)];
  return distinct.length === 0 ? undefined : pick(random, distinct);
}

/**
 * The step. Does not change amounts. When the defender has the
 * `variableResistance` keyword and the hit dealt damage (> 0 points) of
 * elemental types: picks the resisted type among those (at random), the
 * vulnerable type among the other elemental types (at random), replaces
 * `state.variableResistance` and pushes a `variableResistance` effect with
 * `shareWithAllies: true`. Trace keys under `DAMAGECHAIN.Trace.variableResistance`:
 * `absent`, `notTriggered`, `gained` (params `resist`, `vulnerable`: type
 * ids; `triggering`: the elemental type ids dealt).
 */
/** Notes with a key only (shared: notes are only read). */
const ABSENT: StepNote = Object.freeze(stepNote("DAMAGECHAIN.Trace.variableResistance.absent"));
const NOT_TRIGGERED: StepNote = Object.freeze(stepNote("DAMAGECHAIN.Trace.variableResistance.notTriggered"));

export const variableResistance: Step = (ctx) => {
  if (!ctx.defenses.keywords.includes("variableResistance")) return ABSENT;
  const triggering = ctx.stop === "prevented" || total(ctx) <= 0 ? [] : ELEMENTAL_TYPES.filter((t) => ctx.parts.some((p) => p.amount > 0 && p.types.includes(t)));
  if (triggering.length === 0) return NOT_TRIGGERED;
  const resist = pick(ctx.random, triggering);
  const vulnerable = pick(
    ctx.random,
    ELEMENTAL_TYPES.filter((t) => t !== resist),
  );
  ctx.state.variableResistance = { resist, vulnerable };
  ctx.effects.push({ kind: "variableResistance", resist, vulnerable, shareWithAllies: true });
  return stepNote("DAMAGECHAIN.Trace.variableResistance.gained", { resist, vulnerable, triggering }, VARIABLE_RESISTANCE);
};
