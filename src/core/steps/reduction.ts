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
import { reduceTotal, type Step } from "../context.ts";
import type { Reduction } from "../model/defenses.ts";
import { defenseLabel } from "./defenseLabel.ts";

const KEY = "DAMAGECHAIN.Trace.reduction";

/** "Reduce by 2 (fire)", "Halve". */
function describe(r: Reduction): string {
  const name = r.kind === "half" ? "Halve" : `Reduce by ${r.value}`;
  return r.types.length > 0 ? `${name} (${r.types.join(", ")})` : name;
}

/** The reduction step. Notes: `none`, `reduced` {points}. */
export const reduction: Step = (ctx) => {
  const used: Reduction[] = [];
  let points = 0;
  for (const r of ctx.defenses.reductions) {
    if (!applies(r, ctx.event)) continue;
    const parts = ctx.parts.filter((p) => p.amount > 0 && (r.types.length === 0 || r.types.some((rt) => p.types.some((t) => coversType(rt, t)))));
    let sum = 0;
    for (const p of parts) sum += p.amount;
    const cut = r.kind === "flat" ? Math.min(r.value, sum) : sum - half(sum, ctx.options.rounding);
    if (cut === 0) continue;
    points += reduceTotal({ parts }, cut);
    used.push(r);
  }
  if (used.length === 0) return { key: `${KEY}.none` };
  return { key: `${KEY}.reduced`, params: { points }, defense: defenseLabel(used, describe)! };
};
