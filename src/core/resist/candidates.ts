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
import type { DefenseKind, DefenseRef, StepNote, TraceDetail } from "../context.ts";
import type { Defenses, Immunity, Resistance } from "../model/defenses.ts";
import type { ProfileOptions } from "../model/profile.ts";
import type { DamageEvent } from "../model/event.ts";
import { sharedRef } from "../steps/refs.ts";

/**
 * The entries of a list that cover one damage type, best first, each with its
 * shared trace reference (`refs[i]` names `entries[i]`) and whether it applies
 * to every hit (`always[i]`: no condition, no exception word, no `onlyWith`
 * word), so the choice per hit asks `applies` only of the others.
 */
export interface Candidates<T> {
  readonly entries: readonly T[];
  readonly refs: readonly DefenseRef[];
  readonly always: readonly boolean[];
}

/** True when `e` applies to every hit, whatever its traits and damage types (`conditions.ts` `applies`). */
function unconditional(e: Immunity | Resistance): boolean {
  return e.condition === undefined && (e.ignoredBy === undefined || e.ignoredBy.length === 0) && (e.onlyWith === undefined || e.onlyWith.length === 0);
}

/**
 * The per-type candidates of one defense list, each made on first use and
 * kept while the list lives ({@link rankedIndex}, {@link immunityIndex});
 * read through a {@link TypeTable}.
 */
export class TypeIndex<T extends Immunity | Resistance> {
  readonly #byType = new Map<string, Candidates<T>>();
  readonly #list: readonly T[];
  readonly #kind: DefenseKind;
  readonly #select: (list: readonly T[], type: string) => readonly T[];

  constructor(list: readonly T[], kind: DefenseKind, select: (list: readonly T[], type: string) => readonly T[]) {
    this.#list = list;
    this.#kind = kind;
    this.#select = select;
  }

  /** The candidates for damage of `type`. Shared: do not change them. */
  get(type: string): Candidates<T> {
    let out = this.#byType.get(type);
    if (out === undefined) {
      const entries = this.#select(this.#list, type);
      out = { entries, refs: entries.map((e) => sharedRef(this.#kind, e)), always: entries.map(unconditional) };
      this.#byType.set(type, out);
    }
    return out;
  }
}

/** The indexes of one kind of list, by list identity. */
class IndexCache<T extends Immunity | Resistance> {
  readonly #byList = new WeakMap<readonly T[], TypeIndex<T>>();
  readonly #kind: DefenseKind;
  readonly #select: (list: readonly T[], type: string) => readonly T[];

  constructor(kind: DefenseKind, select: (list: readonly T[], type: string) => readonly T[]) {
    this.#kind = kind;
    this.#select = select;
  }

  of(list: readonly T[]): TypeIndex<T> {
    let index = this.#byList.get(list);
    if (index === undefined) this.#byList.set(list, (index = new TypeIndex(list, this.#kind, this.#select)));
    return index;
  }
}

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

const resistances = new IndexCache<Resistance>("resistance", rankedSelect);
const vulnerabilities = new IndexCache<Resistance>("vulnerability", rankedSelect);
const immunities = new IndexCache<Immunity>("immunity", immuneSelect);

/**
 * For each damage type, the resistances (or, with `kind` `vulnerability`,
 * vulnerabilities) of `list` that cover it, in the order 001 prefers them: no
 * limit first, then the highest limit, ties in list order. The first of them
 * that applies to a hit is the one that counts.
 */
export function rankedIndex(list: readonly Resistance[], kind: "resistance" | "vulnerability"): TypeIndex<Resistance> {
  return (kind === "resistance" ? resistances : vulnerabilities).of(list);
}

/**
 * For each damage type, the immunities of `list` by type that cover it, in
 * list order (tag immunities left out). The first that applies to a hit is
 * the one that counts.
 */
export function immunityIndex(list: readonly Immunity[]): TypeIndex<Immunity> {
  return immunities.of(list);
}

/**
 * The defenses that count against one damage type in this hit (amounts
 * aside): an immunity, else a resistance and a vulnerability. Shared by the
 * hits of one event on defenders of the same lists (see `TypeTable.picks`), with
 * the frozen detail lines the resistance step made from it, one per part
 * amount (`lines`, see `kept.ts` `singleLine`).
 */
export interface TypePick {
  readonly type: string;
  /** The type as a frozen one-type list (a detail line's `partTypes`). */
  readonly types: readonly string[];
  immunity: DefenseRef | undefined;
  resistance: DefenseRef | undefined;
  vulnerability: DefenseRef | undefined;
  /** The kept detail line of a part of this type, indexed by the part's amount (below `kept.ts` `LINES_KEPT` points). */
  lines: (TraceDetail | undefined)[] | undefined;
  /** The rounding the kept `lines` were worked out with (a profile's option). */
  rounding: ProfileOptions["rounding"];
}

/**
 * The resistance step's note for one hit of an event (`steps/resistance.ts`,
 * read by `kept.ts` `fromKept`), kept for the event's next hits on defenders
 * of the same lists (and the next events alike), frozen when one of them
 * shares it: it holds for parts of the same amounts and types when the step
 * starts, halves rounded per `rounding`, and leaves the parts at the amounts
 * it did. For parts of the same types, each of one type and with damage
 * where they had some, its defenses hold whatever the amounts: the picks let a hit of other amounts
 * make its note without choosing or listing defenses.
 */
export interface KeptNote {
  rounding: ProfileOptions["rounding"];
  /**
   * The parts in one list (one allocation per hit, where four lists would
   * be four): for n parts, each part's amount and types when the step
   * started (`[3k]`, `[3k + 1]`) and the pick of its type when the part had
   * one type, damage and a defense that counted against it, else null (`[3k + 2]`), then
   * each part's amount after the step (`[3n + k]`).
   */
  readonly parts: (number | readonly string[] | TypePick | null)[];
  /** How many parts had a detail line; -1 when some part had several types (the defenses named may then change with the amounts). */
  readonly named: number;
  /** A list of `named` lines (never shared nor frozen: copied as the start of a new note's lines), empty when `named` is -1. */
  readonly lines: readonly TraceDetail[];
  note: StepNote;
  /** Set once a later hit shares the note (it is frozen then). */
  shared: boolean;
  /** Set once a later hit shares the note's defenses list (frozen then). */
  listed: boolean;
}

/** The candidates of a defender's immunities, resistances and vulnerabilities for one damage type. */
export interface TypeRow {
  /** The one damage type of the row, as a list (what `applies` reads an entry's exceptions against). */
  readonly types: readonly string[];
  readonly immune: Candidates<Immunity>;
  readonly resist: Candidates<Resistance>;
  readonly vulnerable: Candidates<Resistance>;
}

/** The lists a {@link TypeTable} reads. */
type TypeLists = Pick<Defenses, "immunities" | "resistances" | "vulnerabilities">;

/**
 * A defender's three per-type indexes read together: one lookup per damage
 * type and hit gives the immunities, resistances and vulnerabilities that
 * cover it. Made by {@link typeTable}.
 */
export class TypeTable {
  readonly #byType = new Map<string, TypeRow>();
  readonly immunities: readonly Immunity[];
  readonly resistances: readonly Resistance[];
  readonly vulnerabilities: readonly Resistance[];

  /**
   * The event whose choices per type were made last against these lists, and
   * those choices (`select.ts` `TypeSelector`, for a defender with no
   * Variable Resistance): a choice depends on the event and the lists alone,
   * so the next defender of the same lists hit by the same event (an area hit
   * resolves one event for every target), or by a new event alike (a GM's
   * single hits: `select.ts` `choosesAlike`), reuses them. Like every cache
   * of the core this treats the event as immutable.
   */
  event: DamageEvent | undefined;
  /** True when this hit's event is the same object as the hit's before on these lists (an area hit's next target), set with {@link event}. */
  repeated: boolean;
  /** Undefined until the event's second hit. */
  picks: TypePick[] | undefined;
  /** The resistance step's note for the event's last hit on these lists, from its second hit on (see {@link KeptNote}). */
  note: KeptNote | undefined;

  constructor(lists: TypeLists) {
    this.immunities = lists.immunities;
    this.resistances = lists.resistances;
    this.vulnerabilities = lists.vulnerabilities;
    this.event = undefined;
    this.repeated = false;
    this.picks = undefined;
    this.note = undefined;
  }

  /** The candidates for damage of `type`. Shared: do not change them. */
  get(type: string): TypeRow {
    let row = this.#byType.get(type);
    if (row === undefined) {
      row = { types: Object.freeze([type]), immune: immunityIndex(this.immunities).get(type), resist: rankedIndex(this.resistances, "resistance").get(type), vulnerable: rankedIndex(this.vulnerabilities, "vulnerability").get(type) };
      this.#byType.set(type, row);
    }
    return row;
  }

  #tagged: readonly Immunity[] | undefined;
  /** The immunities by tag (003), in list order, found once per list: most defenders have none, and the immunity step reads them on every hit. */
  get tagged(): readonly Immunity[] {
    return (this.#tagged ??= this.immunities.filter((i) => i.tag !== undefined));
  }

  /** True when this table reads exactly `lists` (by identity). */
  reads(lists: TypeLists): boolean {
    return this.resistances === lists.resistances && this.immunities === lists.immunities && this.vulnerabilities === lists.vulnerabilities;
  }
}

const tables = new WeakMap<readonly Resistance[], TypeTable>();
let lastTable: TypeTable | undefined;

/**
 * The {@link TypeTable} of `lists`, kept while the resistance list lives (a
 * table made for other immunity or vulnerability lists is replaced), the
 * last one at hand.
 */
export function typeTable(lists: TypeLists): TypeTable {
  if (lastTable !== undefined && lastTable.reads(lists)) return lastTable;
  let table = tables.get(lists.resistances);
  if (table === undefined || !table.reads(lists)) tables.set(lists.resistances, (table = new TypeTable(lists)));
  lastTable = table;
  return table;
}
