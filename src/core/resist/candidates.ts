/**
 * Defense lists indexed by damage type, so choosing a defense for a type reads
 * only the entries that cover it (001 "Choosing between multiple Resistances
 * or multiple Vulnerabilities"; `coversType`: same type, `all`, `non-physical`).
 * Each list is indexed once per damage type and kept while the list lives
 * (by identity: like every cache of the core, this treats a defenses list as
 * immutable once it has been resolved). Whether an entry applies to a hit
 * (condition, `ignoredBy`) is left to the caller: it changes per hit.
 */
import { coversType } from "../conditions.ts";
import type { Immunity, Resistance } from "../model/defenses.ts";

type Index<T> = WeakMap<readonly T[], Map<string, readonly T[]>>;

const ranked: Index<Resistance> = new WeakMap();
const immune: Index<Immunity> = new WeakMap();

/** The per-type map of `list` in `index`, made on first use. */
function mapOf<T>(index: Index<T>, list: readonly T[]): Map<string, readonly T[]> {
  let map = index.get(list);
  if (map === undefined) index.set(list, (map = new Map()));
  return map;
}

/** Sort order of the 001 choice: no limit first, then the higher limit (negative: `a` first). */
function byLimit(a: Resistance, b: Resistance): number {
  if (a.limit === b.limit) return 0;
  if (a.limit === undefined) return -1;
  if (b.limit === undefined) return 1;
  return b.limit - a.limit;
}

/**
 * The resistances (or vulnerabilities) of `list` that cover damage of `type`,
 * in the order 001 prefers them: no limit first, then the highest limit, ties
 * in list order. The first of them that applies to a hit is the one that
 * counts. Returns a shared array: do not change it.
 */
export function rankedFor(list: readonly Resistance[], type: string): readonly Resistance[] {
  const map = mapOf(ranked, list);
  let out = map.get(type);
  if (out === undefined) {
    const covering = list.filter((r) => coversType(r.type, type));
    // Array#sort is stable: equal limits keep their list order.
    out = covering.length > 1 ? covering.sort(byLimit) : covering;
    map.set(type, out);
  }
  return out;
}

/**
 * The immunities of `list` by type that cover damage of `type`, in list order
 * (tag immunities left out). The first that applies to a hit is the one that
 * counts. Returns a shared array: do not change it.
 */
export function immunitiesFor(list: readonly Immunity[], type: string): readonly Immunity[] {
  const map = mapOf(immune, list);
  let out = map.get(type);
  if (out === undefined) {
    out = list.filter((i) => i.type !== undefined && coversType(i.type, type));
    map.set(type, out);
  }
  return out;
}
