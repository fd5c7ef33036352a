/**
 * Daggerheart's damage thresholds: the damage left after
 * `daggerheartDamage` becomes the Hit Points the creature marks, as the
 * system's `Actor#convertDamageToThreshold` and the adversary branch of
 * `Actor#takeDamage` do (Foundryborne/daggerheart
 * 00512b7cbbddb1d86e095d20c66f27c7293e18f8, `module/documents/actor.mjs`):
 * 1 below Major, 2 at Major, 3 at Severe, 4 at twice Severe under the Massive
 * Damage rule; then an adversary's reduced severity and minor-threshold
 * immunity (`core/daggerheart/rules.ts`).
 *
 * From this step on, the chain counts HIT POINTS MARKED, not points of damage:
 * the `life` step after it marks them (the adapter maps Daggerheart's marked
 * `hitPoints.value` to the chain's life as slots left). A character's armor
 * slots and Stress, which the system offers to spend here, are not modelled:
 * the adapter leaves such hits to the system (docs/daggerheart.md).
 */
import { total, stepNote, type Step, type StepNote } from "../context.ts";
import { adversaryMarks, damageToMarks, traitsOf } from "../daggerheart/rules.ts";
import { asOnePart } from "./daggerheartDamage.ts";

const KEY = "DAMAGECHAIN.Trace.daggerheartThreshold";

/**
 * The step. Notes: `none` (no traits, or no damage: nothing marked),
 * `marks` {points, marks, value, major, severe}, or `reduced` (same
 * params) when an adversary's severity reduction or minor immunity
 * took marks off. Always shown on the card: it is where damage becomes Hit Points.
 */
export const daggerheartThreshold: Step = (ctx): StepNote => {
  const traits = traitsOf(ctx);
  const points = total(ctx);
  if (traits === undefined || points <= 0) return stepNote(`${KEY}.none`);
  const part = asOnePart(ctx.parts, points);
  const marks = damageToMarks(traits, points);
  const value = adversaryMarks(traits, marks, part.types);
  ctx.parts = [{ ...part, amount: value }];
  const params = { points, marks, value, major: traits.major, severe: traits.severe };
  return stepNote(`${KEY}.${value === marks ? "marks" : "reduced"}`, params, undefined, undefined, true);
};
