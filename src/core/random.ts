/**
 * Randomness is passed into the core, never taken from globals. A
 * {@link RandomSource} picks whole numbers; {@link seededRandom} makes a
 * reproducible one from a seed (same seed, same sequence), backed by the
 * pure-rand library.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/** A source of random whole numbers. */
export interface RandomSource {
  /** A whole number in [0, maxExclusive). Throws RangeError if maxExclusive < 1. */
  int(maxExclusive: number): number;
}

/** A reproducible {@link RandomSource}: the same `seed` always gives the same sequence. */
export function seededRandom(seed: number): RandomSource {
  const rng = xoroshiro128plus(seed | 0);
  return {
    int(maxExclusive) {
      if (!(maxExclusive >= 1)) throw new RangeError(`random: maxExclusive must be at least 1, got ${maxExclusive}`);
      return uniformInt(rng, 0, Math.floor(maxExclusive) - 1);
    },
  };
}

/** Picks one element of a non-empty list with `random`. Throws RangeError on an empty list. */
export function pick<T>(random: RandomSource, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("random: cannot pick from an empty list");
  return items[random.int(items.length)] as T;
}
