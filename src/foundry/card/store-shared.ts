/**
 * A card's undo data, rows and redo data, stored in the shared form that
 * `shared-card.ts` reads back (version 4); loaded with the card.
 */
import type { FlatUpdate } from "../../core/update-paths.ts";
import type { StoredDelta } from "./pack.ts";
import type { HitData } from "./redo-data.ts";
import { shareRows } from "./share-rows.ts";
import type { JointRow, SharedCard, UndoRow } from "./shared-card.ts";
import type { PackedCard } from "./stored.ts";

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (`update-paths.ts` ownKey). */
const ownKey = Object.prototype.hasOwnProperty;

/**
 * An update as a flat list `[path, value, path, value, …]`: no object is
 * stored with dotted keys, which Foundry's `mergeObject` would expand. The
 * list is made at its size (paths counted first): no list of keys, and no
 * list grown by pushes, per target of an area hit.
 */
function flat(update: FlatUpdate): unknown[] {
  let n = 0;
  for (const path in update) if (ownKey.call(update, path)) n++;
  const out = new Array<unknown>(2 * n);
  let i = 0;
  for (const path in update) {
    if (!ownKey.call(update, path)) continue;
    out[i++] = path;
    out[i++] = update[path];
  }
  return out;
}

/**
 * The stored form of a message's undo data (`deltas`: targets in row order,
 * then allies), rows (`view`, as `stored.ts` packs them) and redo data
 * (`hit`, as `redo-data.ts` makes it; its row i pairs with `deltas[i]`).
 * Undo row i and card row i are one joint row (`shared-card.ts`), so a
 * target's hit points before and after, which both hold, are one column.
 */
export function storeShared(deltas: readonly StoredDelta[], view: PackedCard, hit: HitData | undefined): SharedCard {
  const rides = hit !== undefined && hit.rows.length <= deltas.length;
  const joint = new Array<JointRow>(Math.max(deltas.length, view.rows.length));
  for (let i = 0; i < joint.length; i++) {
    const d = deltas[i];
    const out: JointRow = {};
    if (d !== undefined) {
      const row: UndoRow = { u: d.uuid, a: flat(d.apply), r: flat(d.revert) };
      if (d.statuses !== undefined) row.s = d.statuses;
      const h = rides ? hit.rows[i] : undefined;
      if (h !== undefined) row.h = h;
      out.d = row;
    }
    if (i < view.rows.length) out.v = view.rows[i];
    joint[i] = out;
  }
  let storedHit: unknown = hit;
  if (rides) {
    const { rows: _rows, ...rest } = hit;
    storedHit = rest;
  }
  const { rows: _rows, ...head } = view;
  return { rows: shareRows(joint), view: head, ...(storedHit === undefined ? {} : { hit: storedHit }) };
}
