/**
 * {@link seededRandom} makes a reproducible {@link RandomSource} from a seed
 * (same seed, same sequence), backed by the pure-rand library. The source's
 * interface and `pick` live in `pick.ts` (re-exported here), which the chain
 * loads without this generator.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomSource } from "./pick.ts";

export { pick, type RandomSource } from "./pick.ts";

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
