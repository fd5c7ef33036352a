/**
 * Packing a card's rows into the stored shape (`stored.ts`) and back. A
 * row's uuid is left out when the undo data at the same index names it.
 * `unpackTargets` gives the rows back for `view.ts`; a row it cannot read is
 * skipped, never thrown at the chat log (any user may create a chat message).
 */
import type { TraceEntry } from "../../core/context.ts";
import type { Words } from "../../core/words.ts";
import type { StoredTarget } from "./data.ts";
import { putNumbers } from "./entry-shape.ts";
import { rowSchema, type EntryItem, type PackedCard, type PackedRow } from "./stored.ts";

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (it does not for `Object.hasOwn`, about 5× slower in such a loop). */
const ownKey = Object.prototype.hasOwnProperty;

const STATE_CODE = { hit: undefined, noEffect: "n", negated: "x", bypassed: "b" } as const;
const CODE_STATE = { n: "noEffect", x: "negated", b: "bypassed" } as const;

/** One step of a 32-bit FNV-1a style hash. */
const mix = (h: number, x: number): number => Math.imul(h ^ x, 16777619);

/** A string's hash: short strings (labels, ids) whole; a longer one (a lang key) by its length and a few characters. */
function hashText(h: number, s: string): number {
  h = mix(h, s.length);
  if (s.length <= 16) {
    for (let i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
    return h;
  }
  // Mixed one by one, not from a list of places: a list would be made for every long string of every entry.
  h = mix(mix(h, s.charCodeAt(0)), s.charCodeAt(8));
  h = mix(mix(h, s.charCodeAt(s.length >> 1)), s.charCodeAt(s.length - 9));
  return mix(mix(h, s.charCodeAt(s.length - 2)), s.charCodeAt(s.length - 1));
}

/** `h` with leaf `v` (not an object or array) mixed in. */
function hashLeaf(v: unknown, h: number): number {
  if (typeof v === "string") return hashText(mix(h, 1), v);
  if (typeof v === "number") return mix(mix(h, 2), Number.isInteger(v) ? v | 0 : Math.round(v * 1024) | 0);
  return mix(h, v === true ? 3 : v === false ? 4 : 5);
}

/** Leaves left to mix into the hash being made (`hashOf`): an entry's first leaves tell it from another's. */
let budget = 0;

/**
 * A hash of plain data `v`: equal values (same keys in the same order, same
 * leaves) hash alike; no text is made. Only the first `leaves` leaves (in key
 * order) are mixed in, then the walk stops: entries that differ mostly
 * differ early (a defense's label, the hit points before), and an entry with its
 * defenses' details is dozens of leaves. Leaves are hashed in the loop, not by
 * a call each.
 */
function hashOf(v: unknown, leaves: number): number {
  budget = leaves;
  return hashAt(v, 0x811c9dc5);
}

function hashAt(v: unknown, h: number): number {
  if (typeof v !== "object" || v === null) return (budget--, hashLeaf(v, h));
  if (Array.isArray(v)) {
    h = mix(h, 6);
    for (let i = 0; i < v.length && budget > 0; i++) {
      const x: unknown = v[i];
      h = typeof x === "object" && x !== null ? hashAt(x, h) : (budget--, hashLeaf(x, h));
    }
    return mix(h, 7);
  }
  h = mix(h, 8);
  // A key by its length only: entries alike in all but their keys' names are rare, and `sameData` tells them apart.
  for (const k in v) {
    if (budget <= 0) break;
    const x = (v as Record<string, unknown>)[k];
    h = mix(h, k.length);
    h = typeof x === "object" && x !== null ? hashAt(x, h) : (budget--, hashLeaf(x, h));
  }
  return mix(h, 9);
}

/** Leaves in an entry's first hash (`EntryTable`): its step, damage in and out, key, and the first of its params or defenses (a label, hit points before). */
const FIRST_LEAVES = 8;
/** More leaves than any entry has: a hash of all of them. */
const ALL_LEAVES = 2 ** 30;

/** Plain data `a` and `b` alike: the same keys in the same order and the same leaves (so the same JSON text). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    if (a.length !== bs.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], bs[i])) return false;
    return true;
  }
  // `b`'s keys listed once; `a`'s walked in the same order (`for...in` lists own keys as `Object.keys` does).
  const kb = Object.keys(b);
  let i = 0;
  for (const k in a) {
    if (!ownKey.call(a, k)) continue;
    if (k !== kb[i++] || !sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return i === kb.length;
}

/** A distinct entry: how many rows have it, its index in the card's `entries` once stored there, its hash of all its leaves once made, and the next distinct entry of its first hash. */
interface Seen {
  entry: TraceEntry;
  rows: number;
  index?: number;
  full?: number;
  next?: Seen;
}

/** A distinct list of entries: each entry's record, how many targets have the list, and its stored items once packed (kept only for a list two targets share). */
interface List {
  seen: Seen[];
  targets: number;
  items?: EntryItem[];
}

/**
 * The trace entries of a card's rows: an entry two or more rows have is
 * stored once in the card's `entries`; an entry one row alone has (its hit
 * points before and after) stays in the row, where the shared rows
 * (`shared-rows.ts`) keep its shape once and per row only what differs.
 * Entries are found alike by a hash of their data and then compared: on a
 * fight's mix of stat blocks almost every entry is one row's own, and none
 * is turned into text. A hash's distinct entries are chained (`Seen.next`),
 * not listed: nearly every hash has one.
 */
class EntryTable {
  readonly entries: unknown[] = [];
  /** The first distinct entry of each hash. */
  readonly #byHash = new Map<number, Seen>();
  /** Per distinct list of entries (targets of one hit mostly share one list, `hit/same-hit.ts`). */
  readonly #lists = new Map<readonly TraceEntry[], List>();

  constructor(targets: readonly StoredTarget[]) {
    for (const t of targets) {
      let list = this.#lists.get(t.entries);
      if (list === undefined) this.#lists.set(t.entries, (list = { seen: t.entries.map((entry) => this.#find(entry)), targets: 0 }));
      list.targets++;
      const seen = list.seen; // indexed: no iterator per target
      for (let j = 0; j < seen.length; j++) seen[j]!.rows++;
    }
  }

  /**
   * The record of `entry`'s content. Entries are found by a hash of their
   * first leaves; only when that hash is taken is one of all the leaves
   * made (once per entry), so an entry alone of its kind is walked only in
   * part, and entries that start alike are still told apart without
   * comparing each with each.
   */
  #find(entry: TraceEntry): Seen {
    const h = hashOf(entry, FIRST_LEAVES);
    const first = this.#byHash.get(h);
    if (first === undefined) {
      const s: Seen = { entry, rows: 0 };
      this.#byHash.set(h, s);
      return s;
    }
    const full = hashOf(entry, ALL_LEAVES);
    let s: Seen = first;
    while ((s.full ??= hashOf(s.entry, ALL_LEAVES)) !== full || !sameData(s.entry, entry)) {
      if (s.next === undefined) return (s.next = { entry, rows: 0, full });
      s = s.next;
    }
    return s;
  }

  /** The stored items for `list` (one of the constructor's targets' entries): a list of the row's own (copied where two rows share it). */
  pack(entries: readonly TraceEntry[]): EntryItem[] {
    const list = this.#lists.get(entries);
    if (list?.items !== undefined) return [...list.items];
    const seen = list?.seen ?? entries.map((entry) => this.#find(entry));
    const items = new Array<EntryItem>(entries.length);
    for (let j = 0; j < entries.length; j++) {
      const s = seen[j]!;
      items[j] = s.rows <= 1 ? (entries[j] as unknown as Record<string, unknown>) : (s.index ??= this.entries.push(s.entry) - 1);
    }
    if (list !== undefined && list.targets > 1) {
      list.items = items;
      return [...items];
    }
    return items;
  }
}

/** Pack `targets` (their undo data is `uuids[i]`, where present) with the card's summary, profile and lines. */
export function packTargets(head: { summary: string; profile: string; words?: Words | undefined; lines: PackedCard["lines"] }, targets: readonly StoredTarget[], uuids: readonly (string | undefined)[]): PackedCard {
  const table = new EntryTable(targets);
  const imgs: string[] = [];
  const imgIndex = new Map<string, number>();
  const rows = targets.map((t, i): PackedRow => {
    const row: PackedRow = { n: t.name, i: t.incoming, f: t.final };
    if (uuids[i] !== t.uuid) row.u = t.uuid;
    if (t.img !== null && t.img !== "") {
      let m = imgIndex.get(t.img);
      if (m === undefined) imgIndex.set(t.img, (m = imgs.push(t.img) - 1));
      row.m = m;
    }
    const s = STATE_CODE[t.state];
    if (s !== undefined) row.s = s;
    if (t.entries.length > 0) row.e = table.pack(t.entries);
    if (t.changes.length > 0) row.c = t.changes.map((c) => (c.max === undefined ? [c.key, c.before, c.after] : [c.key, c.before, c.after, c.max]));
    if (t.conditions.length > 0) row.g = [...t.conditions];
    if (t.warnings.length > 0) row.w = [...t.warnings];
    if (t.share !== undefined) row.x = [t.share.multiplier, ...(t.share.types ?? [])];
    return row;
  });
  const { words, ...rest } = head;
  return { ...rest, ...(words === undefined ? {} : { words }), entries: table.entries as PackedCard["entries"], imgs, rows };
}

/** The trace entry `item` of a row of `card`; undefined when the card does not hold it. */
function entryAt(card: PackedCard, item: EntryItem): TraceEntry | undefined {
  if (typeof item === "number") return card.entries[item] as TraceEntry | undefined;
  if (!Array.isArray(item)) return item as unknown as TraceEntry;
  const [shape, ...numbers] = item;
  const stored = card.entries[shape];
  return stored === undefined ? undefined : (putNumbers(stored, numbers) as TraceEntry | undefined);
}

/** The rows of `card`; `uuids[i]` names row i's actor when the row does not. Unreadable rows are left out. */
export function unpackTargets(card: PackedCard, uuids: readonly (string | undefined)[]): StoredTarget[] {
  const out: StoredTarget[] = [];
  card.rows.forEach((raw, i) => {
    const parsed = rowSchema.safeParse(raw);
    if (!parsed.success) return;
    const r = parsed.data;
    out.push({
      uuid: r.u ?? uuids[i] ?? "",
      name: r.n,
      img: r.m === undefined ? null : (card.imgs[r.m] ?? null),
      npc: false,
      incoming: r.i,
      final: r.f,
      state: r.s === undefined ? "hit" : CODE_STATE[r.s],
      entries: (r.e ?? []).flatMap((item) => entryAt(card, item) ?? []),
      changes: (r.c ?? []).map(([key, before, after, max]) => (max === undefined ? { key, before, after } : { key, before, after, max })),
      conditions: r.g ?? [],
      warnings: r.w ?? [],
      ...(r.x === undefined ? {} : { share: r.x.length > 1 ? { multiplier: r.x[0], types: r.x.slice(1) as string[] } : { multiplier: r.x[0] } }),
    });
  });
  return out;
}
