/**
 * A trace entry of a version 2 card, stored as its shape and its numbers:
 * version 2 stored each distinct shape once and, per row, the numbers to put
 * back into it (version 3 keeps such an entry in its row, `stored.ts`).
 */
import { mapNumbers } from "../../core/update-paths.ts";

/**
 * `shape` with its numbers, in key order, taken from `numbers` (a fresh copy;
 * `shape` is not changed). Undefined when `numbers` does not hold exactly as
 * many numbers as `shape` has (stored data that does not fit its shape).
 */
export function putNumbers<T>(shape: T, numbers: readonly number[]): T | undefined {
  let i = 0;
  const out = mapNumbers(shape, () => numbers[i++] ?? Number.NaN);
  return i === numbers.length ? out : undefined;
}
