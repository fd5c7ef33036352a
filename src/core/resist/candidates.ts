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

/**
 * The per-type lists of one defense list, each made on first use and kept
 * while the list lives. Get it once per step ({@link rankedIndex},
 * {@link immunityIndex}), then read it per damage type.
 */
export class TypeIndex<T> {
  readonly #byType = new Map<string, readonly T[]>();
  readonly #list: readonly T[];
  readonly #select: (list: readonly T[], type: string) => readonly T[];

  constructor(list: readonly T[], select: (list: readonly T[], type: string) => readonly T[]) {
    this.#list = list;
    this.#select = select;
  }

  /** The entries for damage of `type`. A shared array: do not change it. */
  get(type: string): readonly T[] {
    let out = this.#byType.get(type);
    if (out === undefined) this.#byType.set(type, (out = this.#select(this.#list, type)));
    return out;
  }
}

const ranked = new WeakMap<readonly Resistance[], TypeIndex<Resistance>>();
const immune = new WeakMap<readonly Immunity[], TypeIndex<Immunity>>();

/** Sort order of the 001 choice: no limit first, then the higher limit (negative: `a` first). */
function byLimit(a: Resistance, b: Resistance): number {
  if (a.limit === b.limit) return 0;
  if (a.limit === undefined) return -1;
  if (b.limit === undefined) return 1;
  return b.limit - a.limit;
}

function rankedSelect(list: readonly Resistance[], type: string): readonly Resistance[] {
  const covering = list.filter((r) => coversType(r.type, type));
  // Array#sort is stable: equal limits keep their list order.
  return covering.length > 1 ? covering.sort(byLimit) : covering;
}

function immuneSelect(list: readonly Immunity[], type: string): readonly Immunity[] {
  return list.filter((i) => i.type !== undefined && coversType(i.type, type));
}

/**
 * For each damage type, the resistances (or vulnerabilities) of `list` that
 * cover it, in the order 001 prefers them: no limit first, then the highest
 * limit, ties in list order. The first of them that applies to a hit is the
 * one that counts.
 */
export function rankedIndex(list: readonly Resistance[]): TypeIndex<Resistance> {
  let index = ranked.get(list);
  if (index === undefined) ranked.set(list, (index = new TypeIndex(list, rankedSelect)));
  return index;
}

/**
 * For each damage type, the immunities of `list` by type that cover it, in
 * list order (tag immunities left out). The first that applies to a hit is
 * the one that counts.
 */
export function immunityIndex(list: readonly Immunity[]): TypeIndex<Immunity> {
  let index = immune.get(list);
  if (index === undefined) immune.set(list, (index = new TypeIndex(list, immuneSelect)));
  return index;
}
