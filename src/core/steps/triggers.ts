/**
 * Damage triggers (seed 001 "Damage Trigger"; RULES.md §2.5): damage of a
 * type gives the defender a condition "after the attack or effect causing the
 * damage is fully resolved", so this step belongs at the end of the chain.
 * Only damage actually dealt triggers (002 rule 9: dealt means more than 0
 * reached the defender; prevented damage was never dealt, 002 rule 7).
 * Condition immunities are honoured by {@link gainCondition}.
 */
import { applies, coversType } from "../conditions.ts";
import { gainCondition, total, type Step, type StepContext, type StepNote } from "../context.ts";
import type { DamageTrigger } from "../model/defenses.ts";
import { describeDefense } from "../resist/describe.ts";

/** True when some part still dealing damage (> 0 points) has a type the trigger's `type` covers. */
function matches(ctx: Pick<StepContext, "parts">, trigger: DamageTrigger): boolean {
  return ctx.parts.some((p) => p.amount > 0 && p.types.some((t) => coversType(trigger.type, t)));
}

/**
 * The step. Does not change amounts. Trace keys under
 * `DAMAGECHAIN.Trace.triggers`: `notDealt` (no damage dealt), `none` (no
 * trigger matches), `gained` (params `triggers`, `conditions`: what fired and
 * what was gained), `blocked` (params `triggers`: fired, but the defender
 * already had the condition or is immune to it).
 */
export const triggers: Step = (ctx): StepNote => {
  if (ctx.stop === "prevented" || total(ctx) <= 0) return { key: "DAMAGECHAIN.Trace.triggers.notDealt" };
  const fired: string[] = [];
  const gained: string[] = [];
  for (const trigger of ctx.defenses.triggers) {
    if (!applies(trigger, ctx.event) || !matches(ctx, trigger)) continue;
    fired.push(trigger.label || describeDefense("Damage Trigger", { type: trigger.type, condition: trigger.condition }));
    if (gainCondition(ctx, trigger.gains)) gained.push(trigger.gains);
  }
  if (fired.length === 0) return { key: "DAMAGECHAIN.Trace.triggers.none" };
  const names = fired.join(", ");
  if (gained.length === 0) return { key: "DAMAGECHAIN.Trace.triggers.blocked", params: { triggers: names }, defense: names };
  return { key: "DAMAGECHAIN.Trace.triggers.gained", params: { triggers: names, conditions: gained.join(", ") }, defense: names };
};
