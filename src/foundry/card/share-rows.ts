/**
 * Sharing a card's rows (`shared-rows.ts` describes the stored form and
 * reads it back): each distinct shape once, each row only what differs.
 */
import { mapLeaves, type Leaf, type SharedRows } from "./shared-rows.ts";

/** The leaves of `v` in key order, and its shape as text (numbers 0, strings ""). */
function split(v: unknown): { leaves: Leaf[]; shape: string } {
  const leaves: Leaf[] = [];
  const blank = mapLeaves(v, (x) => (leaves.push(x), typeof x === "number" ? 0 : ""));
  return { leaves, shape: JSON.stringify(blank) };
}

/** The start every value has, when they are all strings ("" otherwise). */
function commonStart(values: readonly Leaf[]): string {
  const first = values[0];
  if (typeof first !== "string") return "";
  let n = first.length;
  for (const v of values) {
    if (typeof v !== "string") return "";
    while (n > 0 && !v.startsWith(first.slice(0, n))) n--;
  }
  return first.slice(0, n);
}

interface Kind {
  template: unknown;
  leaves: Leaf[];
  members: { row: number; leaves: Leaf[] }[];
}

/** Share `rows` (plain JSON data; a row that is the same object as an earlier one is walked once). */
export function shareRows(rows: readonly unknown[]): SharedRows {
  const byShape = new Map<string, Kind>();
  const kindOf: Kind[] = [];
  const memo = new Map<unknown, { leaves: Leaf[]; shape: string }>();
  rows.forEach((row, r) => {
    let s = typeof row === "object" && row !== null ? memo.get(row) : undefined;
    if (s === undefined) {
      s = split(row);
      if (typeof row === "object" && row !== null) memo.set(row, s);
    }
    let kind = byShape.get(s.shape);
    if (kind === undefined) byShape.set(s.shape, (kind = { template: row, leaves: s.leaves, members: [] }));
    kind.members.push({ row: r, leaves: s.leaves });
    kindOf.push(kind);
  });
  const kinds = [...byShape.values()];
  const out: SharedRows = { kinds: [], rows: new Array<Leaf[]>(rows.length) };
  kinds.forEach((kind, k) => {
    // A column per distinct sequence of values down the rows, among the leaves some row changes.
    const columns: number[][] = [];
    const firstOf: number[] = [];
    const byValues = new Map<string, number>();
    for (let p = 0; p < kind.leaves.length; p++) {
      const base = kind.leaves[p];
      if (kind.members.every((m) => m.leaves[p] === base)) continue;
      const key = JSON.stringify(kind.members.map((m) => m.leaves[p]));
      const c = byValues.get(key);
      if (c !== undefined) columns[c]!.push(p);
      else {
        byValues.set(key, columns.push([p]) - 1);
        firstOf.push(p);
      }
    }
    const starts = firstOf.map((p) => commonStart(kind.members.map((m) => m.leaves[p]!)));
    out.kinds.push(starts.some((x) => x !== "") ? [kind.template, columns, starts] : [kind.template, columns]);
    for (const m of kind.members) out.rows[m.row] = [k, ...firstOf.map((p, c) => { const x = m.leaves[p]!; return typeof x === "string" ? x.slice(starts[c]!.length) : x; })];
  });
  return out;
}
