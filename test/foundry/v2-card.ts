/**
 * Version 2 cards, as the module wrote them before the rows were shared
 * (`src/foundry/card/flags.ts` still reads them): their undo data packed with
 * each path and value once (the writer `src/foundry/card/pack.ts` had, kept
 * here to make old cards in tests), a trace entry split into its shape and
 * numbers (the writer `src/foundry/card/entry-shape.ts` had), and a posted
 * card turned into one.
 */
import { mapNumbers, type FlatUpdate } from "../../src/core/update-paths.ts";
import type { PackedDeltas, StoredDelta } from "../../src/foundry/card/pack.ts";
import { readCard } from "./drawn.ts";
import type { MessageDouble } from "./double.ts";

/** Pack `deltas` (see {@link PackedDeltas}). Values must be JSON data, as Foundry updates are. */
export function packDeltas(deltas: readonly StoredDelta[]): PackedDeltas {
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  const values: unknown[] = [];
  const valueIndex = new Map<string, number>();
  // Hits shared by identical targets (`hit/same-hit.ts`) share their update objects: packed once.
  const packed = new Map<FlatUpdate, number[]>();
  const pairs = (update: FlatUpdate): number[] => {
    const had = packed.get(update);
    if (had !== undefined) return [...had];
    const out: number[] = [];
    for (const [path, value] of Object.entries(update)) {
      let p = pathIndex.get(path);
      if (p === undefined) pathIndex.set(path, (p = paths.push(path) - 1));
      const key = JSON.stringify(value) ?? "undefined";
      let v = valueIndex.get(key);
      if (v === undefined) valueIndex.set(key, (v = values.push(value) - 1));
      out.push(p, v);
    }
    packed.set(update, out);
    return [...out];
  };
  const rows = deltas.map((d): PackedDeltas["rows"][number] => (d.statuses === undefined ? [d.uuid, pairs(d.apply), pairs(d.revert)] : [d.uuid, pairs(d.apply), pairs(d.revert), [...d.statuses]]));
  return { paths, values, rows };
}


/** Store `message`'s card (any version) as version 2 wrote it: the same undo data, rows and redo data. */
export function toVersion2(message: MessageDouble): void {
  const f = readCard(message);
  // Version 2 kept an entry one row alone has as its shape in `entries` and that row's numbers.
  const entries = [...f.view!.entries];
  const rows = (f.view!.rows as { e?: unknown[] }[]).map((row) => {
    if (row.e === undefined) return row;
    const e = row.e.map((item) => {
      if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
      const numbers: number[] = [];
      const shape = takeNumbers(item as Record<string, unknown>, numbers);
      return [entries.push(shape) - 1, ...numbers];
    });
    return { ...row, e };
  });
  const view = { ...f.view!, entries, rows };
  const card = { version: 2, applier: f.applier, reverted: f.reverted, ...(f.of === undefined ? {} : { of: f.of }), undo: packDeltas(f.deltas), view, ...(f.hit === undefined ? {} : { hit: f.hit }) };
  (message.flags["damage-chain"] as { card: unknown }).card = structuredClone(card);
}

/** `value` with every number replaced by 0; its numbers are pushed, in key order, onto `numbers`. Plain data only. */
export function takeNumbers<T>(value: T, numbers: number[]): T {
  return mapNumbers(value, (n) => {
    numbers.push(n);
    return 0;
  });
}

