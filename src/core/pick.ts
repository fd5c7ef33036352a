/**
 * Randomness is passed into the core, never taken from globals: a
 * {@link RandomSource} picks whole numbers (Foundry's dice in a world,
 * `seededRandom` of `random.ts` in the CLI and the previews). Apart from
 * `random.ts` so that the chain needs no random number generator of its own.
 */

/** A source of random whole numbers. */
export interface RandomSource {
  /** A whole number in [0, maxExclusive). Throws RangeError if maxExclusive < 1. */
  int(maxExclusive: number): number;
}

/** Picks one element of a non-empty list with `random`. Throws RangeError on an empty list. */
export function pick<T>(random: RandomSource, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("random: cannot pick from an empty list");
  return items[random.int(items.length)] as T;
}
