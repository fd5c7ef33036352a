/**
 * Damage triggers (seed 001 "Damage Trigger"; RULES.md §2.5): damage of a
 * type gives the defender a condition "after the attack or effect causing the
 * damage is fully resolved", so this step belongs at the end of the chain.
 * Only damage actually dealt triggers (002 rule 9: dealt means more than 0
 * reached the defender; prevented damage was never dealt, 002 rule 7).
 * Condition immunities are honoured by {@link gainCondition}.
 */
import { applies, coversType } from "../conditions.ts";
import { gainCondition, total, stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import type { DamageTrigger } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

/** True when some part still dealing damage (> 0 points) has a type the trigger's `type` covers. */
function matches(ctx: Pick<StepContext, "parts">, trigger: DamageTrigger): boolean {
  for (const p of ctx.parts) {
    if (p.amount === 0) continue;
    for (const t of p.types) if (coversType(trigger.type, t)) return true;
  }
  return false;
}

/**
 * The step. Does not change amounts. Trace keys under
 * `DAMAGECHAIN.Trace.triggers`: `notDealt` (no damage dealt), `none` (no
 * trigger matches), `gained` (params `conditions`: the condition ids gained),
 * `blocked` (fired, but the defender already had the condition or is immune
 * to it). Defenses: the triggers that fired.
 */
/** Notes with a key only (shared: notes are only read). */
const NOT_DEALT: StepNote = Object.freeze(stepNote("DAMAGECHAIN.Trace.triggers.notDealt"));
const NONE: StepNote = Object.freeze(stepNote("DAMAGECHAIN.Trace.triggers.none"));

export const triggers: Step = (ctx): StepNote => {
  if (ctx.stop === "prevented" || total(ctx) <= 0) return NOT_DEALT;
  let fired: DamageTrigger[] | undefined;
  let gained: string[] | undefined;
  for (const trigger of ctx.defenses.triggers) {
    if (!matches(ctx, trigger) || !applies(trigger, ctx.event)) continue;
    (fired ??= []).push(trigger);
    if (gainCondition(ctx, trigger.gains)) (gained ??= []).push(trigger.gains);
  }
  if (fired === undefined) return NONE;
  const defenses = fired.map((t) => defenseRef("trigger", t));
  if (gained === undefined) return stepNote("DAMAGECHAIN.Trace.triggers.blocked", undefined, defenses);
  return stepNote("DAMAGECHAIN.Trace.triggers.gained", { conditions: gained }, defenses);
};
