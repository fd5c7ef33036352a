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

const STATE_CODE = { hit: undefined, noEffect: "n", negated: "x", bypassed: "b" } as const;
const CODE_STATE = { n: "noEffect", x: "negated", b: "bypassed" } as const;

/**
 * The trace entries of a card's rows: an entry two or more rows have is
 * stored once in the card's `entries`; an entry one row alone has (its hit
 * points before and after) stays in the row, where the shared rows
 * (`shared-rows.ts`) keep its shape once and per row only what differs.
 */
class EntryTable {
  readonly entries: unknown[] = [];
  readonly #index = new Map<string, number>();
  /** Per distinct list of entries: each entry's JSON text (targets of one hit mostly share one list, `hit/same-hit.ts`). */
  readonly #keys = new Map<readonly TraceEntry[], string[]>();
  /** Per entry's JSON text: how many rows have it. */
  readonly #rows = new Map<string, number>();
  readonly #packed = new Map<readonly TraceEntry[], EntryItem[]>();

  constructor(targets: readonly StoredTarget[]) {
    for (const t of targets) {
      let keys = this.#keys.get(t.entries);
      if (keys === undefined) this.#keys.set(t.entries, (keys = t.entries.map((entry) => JSON.stringify(entry))));
      for (const key of keys) this.#rows.set(key, (this.#rows.get(key) ?? 0) + 1);
    }
  }

  /** The stored items for `list` (one of the constructor's targets' entries). */
  pack(list: readonly TraceEntry[]): readonly EntryItem[] {
    let items = this.#packed.get(list);
    if (items !== undefined) return items;
    const keys = this.#keys.get(list) ?? list.map((entry) => JSON.stringify(entry));
    items = list.map((entry, j): EntryItem => {
      const key = keys[j]!;
      return (this.#rows.get(key) ?? 0) > 1 ? this.#at(key, entry) : (entry as unknown as Record<string, unknown>);
    });
    this.#packed.set(list, items);
    return items;
  }

  #at(key: string, entry: unknown): number {
    let k = this.#index.get(key);
    if (k === undefined) this.#index.set(key, (k = this.entries.push(entry) - 1));
    return k;
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
    if (t.entries.length > 0) row.e = [...table.pack(t.entries)];
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
