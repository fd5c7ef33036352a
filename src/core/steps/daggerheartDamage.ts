/**
 * Daggerheart's resistance, immunity and damage reduction, as the system's
 * `Actor#calculateDamage` does them (Foundryborne/daggerheart
 * 00512b7cbbddb1d86e095d20c66f27c7293e18f8, `module/documents/actor.mjs`,
 * `calculateDamage`, `getResistanceStatus`, `getDamageTypeReduction`): on the
 * hit's whole damage with all its types at once, immunity → 0, else
 * resistance → half rounded up, then the flat reduction, never below 0
 * (`core/daggerheart/rules.ts`). The parts become one, as the system's hit is
 * one number with a list of types.
 */
import { total, stepNote, type DefenseRef, type Step, type StepNote, type WorkingPart } from "../context.ts";
import { calculateDamage, resistanceStatus, traitsOf, typeReduction } from "../daggerheart/rules.ts";

const KEY = "DAMAGECHAIN.Trace.daggerheartDamage";

/** The hit's parts as Daggerheart's one damage: the sum, with every type of every part, in order. */
export function asOnePart(parts: readonly WorkingPart[], amount: number): WorkingPart {
  const types: string[] = [];
  let base = 0;
  for (const p of parts) {
    base += p.base;
    for (const t of p.types) if (!types.includes(t)) types.push(t);
  }
  return { amount, types, base };
}

/**
 * The step. Notes: `none` (no traits or no damage, or none of them apply),
 * `immune` {points}, `resisted` {points, value}, `reduced` {points, value,
 * reduction}. Defenses: the immunity, resistance and reduction that acted.
 */
export const daggerheartDamage: Step = (ctx): StepNote => {
  const traits = traitsOf(ctx);
  const points = total(ctx);
  if (traits === undefined || points <= 0) return stepNote(`${KEY}.none`);
  const part = asOnePart(ctx.parts, points);
  const { resistant, immune } = resistanceStatus(traits, part.types);
  const reduction = typeReduction(traits, part.types);
  const value = calculateDamage(traits, points, part.types);
  if (!immune && !resistant && reduction === 0) return stepNote(`${KEY}.none`);
  // Named by the hit's type(s) as the system names them ("Immune physical").
  const type = part.types.join(", ");
  const defenses: DefenseRef[] = [];
  if (immune) defenses.push({ kind: "immunity", type });
  else if (resistant) defenses.push({ kind: "resistance", type });
  if (reduction !== 0) defenses.push({ kind: "reduction", value: reduction });
  ctx.parts = [{ ...part, amount: value }];
  const key = immune ? "immune" : resistant ? "resisted" : "reduced";
  return stepNote(`${KEY}.${key}`, { points, value, reduction }, defenses);
};
