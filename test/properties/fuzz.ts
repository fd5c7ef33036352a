/**
 * Settings shared by the property suite (`test/properties/`). Each property
 * runs a small fixed number of cases under `npm test` and at least 10,000
 * under `npm run fuzz` (`DC_FUZZ=1`). The seed is fixed so a failure
 * reproduces; `DC_SEED=<n>` picks another one. `npm run fuzz` prints the seed
 * it used; under `npm test` (quiet when it passes) a failing property's
 * report names it (fast-check's "seed: …, path: …").
 */
import type fc from "fast-check";

/** True under `npm run fuzz`. */
export const FUZZING = process.env.DC_FUZZ === "1";

/** The seed of every property in this run (`DC_SEED`, else a fixed one). */
export const SEED = process.env.DC_SEED !== undefined && process.env.DC_SEED !== "" ? Number(process.env.DC_SEED) : 20261123;

/** The fewest cases a property runs under `npm run fuzz`. */
export const FUZZ_RUNS = 10_000;

let announced = false;

/**
 * fast-check parameters for one property: `quick` cases under `npm test`
 * (at most 1,000), {@link FUZZ_RUNS} (or `fuzzRuns`, never fewer) under
 * `npm run fuzz`, which prints the seed once per file.
 */
export function params(quick: number, fuzzRuns = FUZZ_RUNS): fc.Parameters<unknown> {
  if (FUZZING && !announced) {
    announced = true;
    console.log(`property seed ${SEED} (${FUZZING ? "fuzz" : "quick"}; set DC_SEED to change)`);
  }
  return { seed: SEED, numRuns: FUZZING ? Math.max(FUZZ_RUNS, fuzzRuns) : Math.min(1000, quick) };
}
