/**
 * A trace entry split into its shape and its numbers. The
 * targets of an area hit mostly differ only in numbers (hit points before and
 * after, points dealt): a card stores each distinct shape once and, per row,
 * the numbers to put back into it.
 */
import { mapNumbers } from "../../core/update-paths.ts";

/** `value` with every number replaced by 0; its numbers are pushed, in key order, onto `numbers`. Plain data only. */
export function takeNumbers<T>(value: T, numbers: number[]): T {
  return mapNumbers(value, (n) => {
    numbers.push(n);
    return 0;
  });
}

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
