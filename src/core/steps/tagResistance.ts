/**
 * Tag resistance (003 Resistance; RULES.md §2.4): "If you have a Resistance to
 * any tags the source of the damage has you reduce the damage by your
 * Resistances Value. If you have multiple applicable Resistances you may only
 * apply one." The one applied is the best for the defender: the highest value
 * among the entries that apply to this event (condition met, not ignored) and
 * whose tag the source has (`ctx.tags`: source tags, event traits and damage
 * types); the first listed wins ties. The hit's total is reduced by that value
 * (parts in order, never below 0).
 */
import { applies } from "../conditions.ts";
import { reduceTotal, total, stepNote, type Step } from "../context.ts";
import type { TagResistance } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

const KEY = "DAMAGECHAIN.Trace.tagResistance";

/** The tag resistance step. Notes: `none`, `reduced` {points, value, tag}. Defenses: the resistance applied. */
export const tagResistance: Step = (ctx) => {
  if (total(ctx) === 0) return stepNote(`${KEY}.none`);
  let best: TagResistance | undefined;
  for (const r of ctx.defenses.tagResistances) {
    if ((best !== undefined && r.value <= best.value) || !ctx.tags.has(r.tag) || !applies(r, ctx.event)) continue;
    best = r;
  }
  if (best === undefined || best.value === 0) return stepNote(`${KEY}.none`);
  const points = reduceTotal(ctx, best.value);
  return stepNote(`${KEY}.reduced`, { points, value: best.value, tag: best.tag }, [defenseRef("tagResistance", best)]);
};
