/**
 * A version 2 card's undo data, read back. Version 2 cards (posted before
 * the rows were shared, `flags.ts`) stored each update path and each
 * distinct value (compared as JSON) once, and a delta named them by index.
 * Lossless: {@link unpackDeltas} gives back exactly the deltas that were
 * packed (same keys in the same order, same values, `null` kept), so what
 * undo writes does not change.
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
