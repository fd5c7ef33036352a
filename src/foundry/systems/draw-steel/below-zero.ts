/**
 * Life below 0, for a system whose creatures fall below 0 hit points: the
 * mapping's `min` path names the lowest value the system allows (Draw
 * Steel's heroes: `system.stamina.min`, −winded, draw-steel 68856d4
 * `src/module/data/actor/hero.mjs` line 240; the system clamps stamina to it,
 * `src/module/documents/actor.mjs` lines 121, 127). The chain's life step
 * stops at 0 and reports what it could not take (`overflow`); that rest goes
 * below 0, down to `min`, as the system would write it. A value already below
 * 0 (read as 0 by the chain) goes down from where it is.
 */
import type { ResolveResult } from "../../../core/chain.ts";
import type { ResourcePaths } from "../../../core/resource-map.ts";
import { readPath } from "../../../core/update-paths.ts";

/** A whole number at `path` of `data`, or undefined. */
function whole(data: unknown, path: string): number | undefined {
  const n = Number(readPath(data, path));
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** Points of damage the life step could not take (its note's `overflow`), 0 when none or no life step ran. */
function overflowOf(result: ResolveResult): number {
  const life = result.trace.findLast((e) => e.step === "life");
  const o = life?.params.overflow;
  return typeof o === "number" && o > 0 ? o : 0;
}

/**
 * Put the damage left over below 0 into `writes` (path → new value), down to
 * the value at `paths.min` when that is below 0. Returns the life value (own
 * points, without temporary ones) before and after, for the card, or
 * undefined when nothing goes below 0 (no `min`, `min` ≥ 0, no overflow).
 */
export function belowZero(data: unknown, paths: ResourcePaths | undefined, result: ResolveResult | undefined, writes: Record<string, number>): { before: number; after: number } | undefined {
  if (paths?.min === undefined || result === undefined) return undefined;
  const floor = whole(data, paths.min);
  const overflow = overflowOf(result);
  if (floor === undefined || floor >= 0 || overflow === 0) return undefined;
  const raw = whole(data, paths.value) ?? 0;
  const after = Math.max(floor, Math.min(raw, 0) - overflow);
  if (after >= Math.min(raw, 0) && writes[paths.value] === undefined) return undefined;
  writes[paths.value] = after;
  return { before: raw, after };
}
