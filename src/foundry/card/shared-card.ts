/**
 * A card's undo data, rows and redo data (`flags.ts`), stored and read
 * back. Per actor one undo row `{u: uuid, a: apply, r: revert, s?: status
 * ids, h?: redo row}`, each update a flat list `[path, value, …]`; the
 * card's rows as `stored.ts` packs them; shared (`shared-rows.ts`), so a
 * 1,000-target hit keeps little more than each target's uuid, name and hit
 * points. Version 4 shares undo row i and card row i as one row (a value
 * both hold is stored once); version 3 shared them apart. The redo rows (`redo-data.ts`: row i is the actor of undo
 * row i) ride on the first undo rows, so targets given the same hit share
 * theirs too. Read back in version 2's form, for the same readers.
 */
import type { FlatUpdate } from "../../core/update-paths.ts";
import { z } from "../../core/zod.ts";
import type { StoredDelta } from "./pack.ts";
import { unshareRows } from "./shared-rows.ts";
import type { PackedCard, packedCardSchema } from "./stored.ts";

/** Rows shared (`shared-rows.ts`): each distinct shape once (`kinds`), each row only what differs. */
interface SharedRows {
  kinds: unknown[];
  rows: unknown[];
}

/**
 * Version 3's stored undo data, rows and redo data (`flags.ts` checks its
 * shape when a card is read): per actor its undo data and redo row, shared;
 * `stored.ts`'s card with its rows shared; the redo data (`redo-data.ts`).
 */
export interface SharedCardV3 {
  undo: SharedRows;
  view: Omit<z.input<typeof packedCardSchema>, "rows"> & SharedRows;
  hit?: unknown;
}

/**
 * Version 4's: undo row i and card row i as one joint row ({@link JointRow}),
 * shared (`rows`); `stored.ts`'s card without its rows (`view`); the redo
 * data (`redo-data.ts`).
 */
export interface SharedCard {
  rows: SharedRows;
  view: Omit<z.input<typeof packedCardSchema>, "rows">;
  hit?: unknown;
}

/**
 * One joint row of a version 4 card: the undo row of actor i (`d`) and the
 * card's row i (`v`), either absent past the end of its list (allies that
 * received Variable Resistance have undo rows only). Stored together, a
 * value both hold (a target's hit points before and after, in its undo
 * update and in its row) is one column of the shared rows.
 */
export interface JointRow {
  d?: UndoRow;
  v?: unknown;
}

const undoRow = z.object({ u: z.string(), a: z.array(z.unknown()), r: z.array(z.unknown()), s: z.optional(z.array(z.string())), h: z.optional(z.array(z.number())) });
/** One actor's stored undo row. */
export type UndoRow = z.infer<typeof undoRow>;

/** The update a flat list holds, or undefined when a path is not a string. An own property even for a path named `__proto__` (a forged card). */
function unflat(list: readonly unknown[]): FlatUpdate | undefined {
  if (list.length % 2 !== 0) return undefined;
  const out: FlatUpdate = {};
  for (let i = 0; i < list.length; i += 2) {
    const path = list[i];
    if (typeof path !== "string") return undefined;
    Object.defineProperty(out, path, { value: list[i + 1], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What version 3 stored, read back in version 2's form (as {@link readShared}), or undefined when it does not hold. */
export function readSharedV3(f: SharedCardV3): { deltas: StoredDelta[]; view: PackedCard; hit?: unknown } | undefined {
  const undo = unshareRows(f.undo);
  const rows = unshareRows(f.view);
  if (undo === undefined || rows === undefined) return undefined;
  const { kinds: _kinds, rows: _rows, ...head } = f.view;
  return readRows(undo, rows, head, f.hit);
}

/** What `storeShared` (`store-shared.ts`) stored, read back in version 2's form (the redo data as `redo-data.ts` reads it), or undefined when it does not hold. */
export function readShared(f: SharedCard): { deltas: StoredDelta[]; view: PackedCard; hit?: unknown } | undefined {
  const joint = unshareRows(f.rows);
  if (joint === undefined) return undefined;
  const undo: unknown[] = [];
  const rows: unknown[] = [];
  for (let i = 0; i < joint.length; i++) {
    const j = joint[i];
    if (typeof j !== "object" || j === null || Array.isArray(j)) return undefined;
    const { d, v } = j as JointRow;
    // Each list is a prefix of the joint rows: a row after a gap would pair with another actor.
    if (d !== undefined) {
      if (undo.length !== i) return undefined;
      undo.push(d);
    }
    if (v !== undefined) {
      if (rows.length !== i) return undefined;
      rows.push(v);
    }
  }
  return readRows(undo, rows, f.view, f.hit);
}

/** Undo rows and card rows read back in version 2's form, or undefined when an undo row does not hold. */
function readRows(undo: readonly unknown[], rows: unknown[], head: Omit<PackedCard, "rows">, hit: unknown): { deltas: StoredDelta[]; view: PackedCard; hit?: unknown } | undefined {
  const deltas: StoredDelta[] = [];
  const hitRows: number[][] = [];
  for (const raw of undo) {
    const row = undoRow.safeParse(raw);
    if (!row.success) return undefined;
    const { u: uuid, s: statuses, h } = row.data;
    const apply = unflat(row.data.a);
    const revert = unflat(row.data.r);
    if (apply === undefined || revert === undefined) return undefined;
    deltas.push(statuses === undefined ? { uuid, apply, revert } : { uuid, apply, revert, statuses });
    // Redo rows ride on the first undo rows only: one after a row without would pair with another actor.
    if (h !== undefined && hitRows.length < deltas.length - 1) return undefined;
    if (h !== undefined) hitRows.push(h);
  }
  const out: { deltas: StoredDelta[]; view: PackedCard; hit?: unknown } = { deltas, view: { ...head, rows } };
  if (hit !== undefined) out.hit = typeof hit === "object" && hit !== null && !("rows" in hit) ? { ...hit, rows: hitRows } : hit;
  return out;
}
