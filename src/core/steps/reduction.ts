/**
 * Damage reduction effects (004 "After prevention effects, apply any effects
 * that change the amount of damage taken"; RULES.md §2.7). Runs after
 * prevention and before the pools.
 *
 * Each entry of `defenses.reductions` that applies to the event (condition
 * met, not ignored) acts in list order on the parts still carrying damage
 * whose types it covers (`types` empty = every part; `all` and
 * `non-physical` as in {@link coversType}):
 * - `flat`: removes `value` points from that damage;
 * - `half`: halves that damage (profile `rounding`, default down).
 *
 * Reading (004 does not say how an effect meets a hit of several parts): an
 * effect changes "the amount of damage taken" by the hit, so it acts ONCE on
 * the sum of the parts it covers (a flat 2 against 5 slashing + 3 fire removes
 * 2, not 4), and the cut is taken from those parts in order. Damage never
 * goes below 0. The monstrous ARMOR halving is not done here: the pools step
 * halves what reaches a monstrous armor pool (004 example).
 */
import { applies, coversType, half } from "../conditions.ts";
import { stepNote, type DefenseRef, type Step, type WorkingPart } from "../context.ts";
import type { Reduction } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

const KEY = "DAMAGECHAIN.Trace.reduction";

/** The trace reference of a reduction effect (a halving has no value). */
function refOf(r: Reduction): DefenseRef {
  if (r.kind === "flat") return defenseRef("reduction", r);
  const ref = defenseRef("halving", r);
  delete ref.value;
  return ref;
}

/** True when `r` acts on `part`: the part still carries damage and `r` covers one of its types (no types = every part). */
function covers(r: Reduction, part: WorkingPart): boolean {
  if (part.amount === 0) return false;
  if (r.types.length === 0) return true;
  for (const rt of r.types) for (const t of part.types) if (coversType(rt, t)) return true;
  return false;
}

/** The reduction step. Notes: `none`, `reduced` {points}. Defenses: the effects that cut something, in list order. */
export const reduction: Step = (ctx) => {
  let used: Reduction[] | undefined;
  let points = 0;
  for (const r of ctx.defenses.reductions) {
    if (r.kind === "flat" && r.value === 0) continue;
    if (!applies(r, ctx.event)) continue;
    let sum = 0;
    for (const p of ctx.parts) if (covers(r, p)) sum += p.amount;
    const cut = r.kind === "flat" ? Math.min(r.value, sum) : sum - half(sum, ctx.options.rounding);
    if (cut === 0) continue;
    // The cut is taken from the covered parts in order.
    let left = cut;
    for (const p of ctx.parts) {
      if (left === 0) break;
      if (!covers(r, p)) continue;
      const take = Math.min(p.amount, left);
      p.amount -= take;
      left -= take;
    }
    points += cut;
    (used ??= []).push(r);
  }
  if (used === undefined) return stepNote(`${KEY}.none`);
  return stepNote(`${KEY}.reduced`, { points }, used.map(refOf));
};
