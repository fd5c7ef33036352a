/**
 * Packing a card's undo data. An area hit on 1,000 actors
 * stores 1,000 deltas that write the same paths, mostly with the same values
 * (`system.attributes.hp.value`, the module's state object): each path and
 * each distinct value (compared as JSON) is stored once, and a delta names
 * them by index. Lossless: {@link unpackDeltas} gives back exactly the deltas
 * {@link packDeltas} was given (same keys in the same order, same values,
 * `null` kept), so what undo writes does not change.
 */
import type { ActorDelta } from "../../core/undo.ts";
import type { FlatUpdate } from "../../core/update-paths.ts";

/** Undo data of one actor: the delta and the status effects the hit turned on (`actor/statuses.ts`). */
export type StoredDelta = ActorDelta & { statuses?: string[] };

/**
 * Packed deltas. `rows[i]` = `[uuid, apply, revert, statuses?]`, where
 * `apply` and `revert` list `[pathIndex, valueIndex]` pairs flattened
 * (`[p0, v0, p1, v1, …]`) into `paths` and `values`.
 */
export interface PackedDeltas {
  paths: string[];
  values: unknown[];
  rows: ([string, number[], number[]] | [string, number[], number[], string[]])[];
}

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

/**
 * The deltas `packed` holds. Throws a `RangeError` naming the row when an
 * index points outside `paths` or `values` (a damaged or forged card).
 */
export function unpackDeltas(packed: PackedDeltas): StoredDelta[] {
  return packed.rows.map(([uuid, apply, revert, statuses], row) => {
    const update = (list: number[]): FlatUpdate => {
      const out: FlatUpdate = {};
      for (let i = 0; i + 1 < list.length; i += 2) {
        const p = list[i]!;
        const v = list[i + 1]!;
        if (!(p in packed.paths) || !(v in packed.values)) throw new RangeError(`undo row ${row}: index out of range`);
        // An own property even for a path named `__proto__` (a forged card): never the object's prototype.
        Object.defineProperty(out, packed.paths[p]!, { value: structuredClone(packed.values[v]), enumerable: true, writable: true, configurable: true });
      }
      return out;
    };
    const delta: StoredDelta = { uuid, apply: update(apply), revert: update(revert) };
    if (statuses !== undefined) delta.statuses = [...statuses];
    return delta;
  });
}
