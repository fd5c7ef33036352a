/**
 * Version 3 cards, as the module wrote them before each undo row and the
 * card's row of the same index were shared as one row
 * (`src/foundry/card/flags.ts` still reads them): the undo rows and the
 * card's rows shared apart (`src/foundry/card/share-rows.ts`), the redo rows
 * riding on the undo rows. The writer the module had, kept here to make old
 * cards in tests.
 */
import type { FlatUpdate } from "../../src/core/update-paths.ts";
import { shareRows } from "../../src/foundry/card/share-rows.ts";
import { readCard } from "./drawn.ts";
import type { MessageDouble } from "./double.ts";

const flat = (update: FlatUpdate): unknown[] => Object.entries(update).flat();

/** Store `message`'s card (any version) as version 3 wrote it: the same undo data, rows and redo data. */
export function toVersion3(message: MessageDouble): void {
  const f = readCard(message);
  const hit = f.hit as { rows?: number[][] } | undefined;
  const rides = hit?.rows !== undefined && hit.rows.length <= f.deltas.length;
  const undo = f.deltas.map((d, i) => {
    const h = rides ? hit.rows![i] : undefined;
    return { u: d.uuid, a: flat(d.apply), r: flat(d.revert), ...(d.statuses === undefined ? {} : { s: d.statuses }), ...(h === undefined ? {} : { h }) };
  });
  let storedHit: unknown = hit;
  if (rides) {
    const { rows: _rows, ...rest } = hit;
    storedHit = rest;
  }
  const card = {
    version: 3, applier: f.applier, reverted: f.reverted, ...(f.of === undefined ? {} : { of: f.of }), ...(f.redoOf === undefined ? {} : { redoOf: f.redoOf }),
    undo: shareRows(undo), view: { ...f.view!, ...shareRows(f.view!.rows) }, ...(storedHit === undefined ? {} : { hit: storedHit }),
  };
  (message.flags["damage-chain"] as { card: unknown }).card = structuredClone(card);
}
