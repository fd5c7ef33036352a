/**
 * A card's undo data, rows and redo data, stored in the shared form that
 * `shared-card.ts` reads back (version 4); loaded with the card.
 */
import type { FlatUpdate } from "../../core/update-paths.ts";
import type { StoredDelta } from "./pack.ts";
import type { HitData } from "./redo-data.ts";
import { shareRowsBy, type RowWalk } from "./share-rows.ts";
import type { JointRow, SharedCard, UndoRow } from "./shared-card.ts";
import type { PackedCard } from "./stored.ts";

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (`update-paths.ts` ownKey). */
const ownKey = Object.prototype.hasOwnProperty;

/**
 * An update as a flat list `[path, value, path, value, …]`: no object is
 * stored with dotted keys, which Foundry's `mergeObject` would expand.
 */
function flat(update: FlatUpdate): unknown[] {
  const out: unknown[] = [];
  for (const path in update) if (ownKey.call(update, path)) out.push(path, update[path]);
  return out;
}

/** Walk `update` as its flat list (`flat`) would be walked, without making the list. */
function walkFlat(update: FlatUpdate, w: RowWalk): void {
  w.open(true);
  for (const path in update) {
    if (!ownKey.call(update, path)) continue;
    w.value(path);
    w.value(update[path]);
  }
  w.close(true);
}

/**
 * The stored form of a message's undo data (`deltas`: targets in row order,
 * then allies), rows (`view`, as `stored.ts` packs them) and redo data
 * (`hit`, as `redo-data.ts` makes it; its row i pairs with `deltas[i]`).
 * Undo row i and card row i are one joint row (`shared-card.ts`), so a
 * target's hit points before and after, which both hold, are one column.
 * A joint row is made only when it is the first of its shape (a template):
 * the others are walked from the delta and the card row, where making each
 * (two flat lists and two objects per target of an area hit) was garbage.
 */
export function storeShared(deltas: readonly StoredDelta[], view: PackedCard, hit: HitData | undefined): SharedCard {
  const rides = hit !== undefined && hit.rows.length <= deltas.length;
  const { rows: viewRows } = view;
  /** Joint row `i` as stored: `d` the undo row, `v` the card row, each when there is one. */
  const jointAt = (i: number): JointRow => {
    const d = deltas[i];
    const out: JointRow = {};
    if (d !== undefined) {
      const row: UndoRow = { u: d.uuid, a: flat(d.apply), r: flat(d.revert) };
      if (d.statuses !== undefined) row.s = d.statuses;
      const h = rides ? hit.rows[i] : undefined;
      if (h !== undefined) row.h = h;
      out.d = row;
    }
    if (i < viewRows.length) out.v = viewRows[i];
    return out;
  };
  // The walk of `jointAt(i)`, key by key in the order it sets them.
  const walkJoint = (i: number, w: RowWalk): void => {
    const d = deltas[i];
    w.open(false);
    if (d !== undefined) {
      w.key("d");
      w.open(false);
      w.key("u");
      w.value(d.uuid);
      w.key("a");
      walkFlat(d.apply, w);
      w.key("r");
      walkFlat(d.revert, w);
      if (d.statuses !== undefined) {
        w.key("s");
        w.value(d.statuses);
      }
      const h = rides ? hit.rows[i] : undefined;
      if (h !== undefined) {
        w.key("h");
        w.value(h);
      }
      w.close(false);
    }
    if (i < viewRows.length) {
      w.key("v");
      w.value(viewRows[i]);
    }
    w.close(false);
  };
  let storedHit: unknown = hit;
  if (rides) {
    const { rows: _rows, ...rest } = hit;
    storedHit = rest;
  }
  const { rows: _rows, ...head } = view;
  const rows = shareRowsBy(Math.max(deltas.length, viewRows.length), walkJoint, jointAt);
  return { rows, view: head, ...(storedHit === undefined ? {} : { hit: storedHit }) };
}
