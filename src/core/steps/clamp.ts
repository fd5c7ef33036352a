/**
 * Clamp (002 rule 15): negative damage can't be dealt; less than 0 becomes 0.
 * Every step already keeps amounts >= 0, so this step states the rule in the
 * trace and guards profiles built by hand.
 */
import { stepNote, type Step } from "../context.ts";

export const clamp: Step = (ctx) => {
  let raised = 0;
  for (const p of ctx.parts) {
    if (p.amount < 0) {
      raised -= p.amount;
      p.amount = 0;
    }
  }
  return raised > 0 ? stepNote("DAMAGECHAIN.Trace.clamp.raised", { points: raised }) : stepNote("DAMAGECHAIN.Trace.clamp.unchanged");
};
