/**
 * Foundry's random numbers for the chain (Variable Resistance's pick among
 * allies), apart from the planner (`plan.ts`, its own chunk): a hit written by
 * the caller's own update concludes with it too (`finish.ts`).
 */
import type { RandomSource } from "../../core/pick.ts";

/** A {@link RandomSource} backed by Foundry's configured uniform generator (`CONFIG.Dice.randomUniform`). */
export const foundryRandom: RandomSource = {
  int(maxExclusive) {
    if (!(maxExclusive >= 1)) throw new RangeError(`random: maxExclusive must be at least 1, got ${maxExclusive}`);
    return Math.min(Math.floor(maxExclusive) - 1, Math.floor(CONFIG.Dice.randomUniform() * Math.floor(maxExclusive)));
  },
};
