/**
 * Which of two one-time prevention effects of equal level goes first (004
 * "Defensive Effects": "Should two one-time effects be the same level, the
 * one that is more limited in what it applies to is used first").
 *
 * "More limited" means "applies to less": effect A is more limited than B
 * when A's coverage is contained in B's and B's is not contained in A's.
 * Coverage is everything that decides whether an entry applies (see
 * `prevention.ts` `matches`):
 * - damage `types` (empty = every type; `all` contains every type,
 *   `non-physical` every type but physical, as 001 defines them);
 * - source `tags` (empty = any source; else any source sharing a tag, so
 *   fewer tags = fewer sources);
 * - `condition` (none = always; a condition is within itself, and `epic`
 *   within `paragon`, `notParagon` within `notEpic`);
 * - `ignoredBy` (each trait that bypasses the entry narrows it: B's ignore
 *   traits must all be A's too);
 * - `requires` (a damage requirement narrows: none contains any, else the
 *   same requirement).
 * Where neither contains the other (fire-only vs dragon-only), or both cover
 * the same, the order is list order: the position in the defenses in force.
 */
import type { Condition } from "../model/common.ts";
import type { Prevention } from "../model/defenses.ts";

/** True when damage type `a` (of an effect's list) is within `b`: same, `all`, or `non-physical` for any type but physical and `all`. */
function typeWithin(a: string, b: string): boolean {
  return a === b || b === "all" || (b === "non-physical" && a !== "physical" && a !== "all");
}

/** Conditions implied by another: each key holds only where its values hold too. */
const IMPLIES: Partial<Record<Condition, Condition[]>> = { epic: ["paragon"], notParagon: ["notEpic"] };

function conditionWithin(a: Condition | undefined, b: Condition | undefined): boolean {
  if (b === undefined) return true;
  if (a === undefined) return false;
  return a === b || (IMPLIES[a]?.includes(b) ?? false);
}

/** True when everything `a` applies to, `b` applies to as well (see the module doc). */
export function coverageWithin(a: Prevention, b: Prevention): boolean {
  const aTypes = a.types.length === 0 ? ["all"] : a.types;
  const bTypes = b.types.length === 0 ? ["all"] : b.types;
  if (!aTypes.every((t) => bTypes.some((u) => typeWithin(t, u)))) return false;
  if (b.tags.length > 0 && (a.tags.length === 0 || !a.tags.every((t) => b.tags.includes(t)))) return false;
  if (!conditionWithin(a.condition, b.condition)) return false;
  if (!(b.ignoredBy ?? []).every((t) => (a.ignoredBy ?? []).includes(t))) return false;
  return b.requires === undefined || a.requires === b.requires;
}

/** True when `a` is more limited than `b` (004): `a`'s coverage lies within `b`'s, not the other way round. */
export function moreLimited(a: Prevention, b: Prevention): boolean {
  return coverageWithin(a, b) && !coverageWithin(b, a);
}

/**
 * The one-time effect to use first among `candidates` (in list order, each
 * applicable with uses left): the highest `level`; among those, the first in
 * list order that no other candidate of that level is more limited than.
 * Returns undefined for an empty list.
 */
export function firstOneTime<T extends { entry: Prevention }>(candidates: readonly T[]): T | undefined {
  let top = -1;
  for (const c of candidates) top = Math.max(top, c.entry.level);
  const level = candidates.filter((c) => c.entry.level === top);
  return level.find((c) => !level.some((o) => o !== c && moreLimited(o.entry, c.entry)));
}
