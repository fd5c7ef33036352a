/**
 * Sharing a card's rows (`shared-rows.ts` describes the stored form and
 * reads it back): each distinct shape once, each row only what differs.
 */
import type { Leaf, SharedRows } from "./shared-rows.ts";

/**
 * The JSON text of `v` with every number written 0 and every string "" (its
 * shape), pushing the leaves to `leaves` in key order (as `mapLeaves` visits
 * them); undefined where JSON writes nothing (undefined, a function). Made in
 * one walk, without the blanked copy: an area hit's card has a row per
 * target. `keyText` keeps each key's JSON text for the next rows.
 */
function shapeOf(v: unknown, leaves: Leaf[], keyText: Map<string, string>): string | undefined {
  if (typeof v === "number") return (leaves.push(v), "0");
  if (typeof v === "string") return (leaves.push(v), '""');
  if (typeof v !== "object" || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) {
    let text = "[";
    for (let i = 0; i < v.length; i++) text += `${i > 0 ? "," : ""}${shapeOf(v[i], leaves, keyText) ?? "null"}`;
    return `${text}]`;
  }
  let text = "{";
  for (const k of Object.keys(v)) {
    const part = shapeOf((v as Record<string, unknown>)[k], leaves, keyText);
    if (part === undefined) continue;
    let key = keyText.get(k);
    if (key === undefined) keyText.set(k, (key = JSON.stringify(k)));
    text += `${text.length > 1 ? "," : ""}${key}:${part}`;
  }
  return `${text}}`;
}

/** The leaves of `v` in key order, and its shape as text (numbers 0, strings ""). */
function split(v: unknown, keyText: Map<string, string>): { leaves: Leaf[]; shape: string } {
  const leaves: Leaf[] = [];
  return { leaves, shape: shapeOf(v, leaves, keyText) ?? "undefined" };
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
  const keyText = new Map<string, string>();
  rows.forEach((row, r) => {
    let s = typeof row === "object" && row !== null ? memo.get(row) : undefined;
    if (s === undefined) {
      s = split(row, keyText);
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
    // Columns by their first row's value; a column joins one whose values are all equal (compared leaf by leaf: no text).
    const byFirst = new Map<Leaf, number[]>();
    const { members } = kind;
    const sameDown = (a: number, b: number): boolean => members.every((m) => m.leaves[a] === m.leaves[b]);
    for (let p = 0; p < kind.leaves.length; p++) {
      const base = kind.leaves[p]!;
      if (members.every((m) => m.leaves[p] === base)) continue;
      const like = byFirst.get(base);
      const c = like?.find((c) => sameDown(firstOf[c]!, p));
      if (c !== undefined) columns[c]!.push(p);
      else {
        const added = columns.push([p]) - 1;
        firstOf.push(p);
        if (like === undefined) byFirst.set(base, [added]);
        else like.push(added);
      }
    }
    const starts = firstOf.map((p) => commonStart(kind.members.map((m) => m.leaves[p]!)));
    out.kinds.push(starts.some((x) => x !== "") ? [kind.template, columns, starts] : [kind.template, columns]);
    for (const m of kind.members) out.rows[m.row] = [k, ...firstOf.map((p, c) => { const x = m.leaves[p]!; return typeof x === "string" ? x.slice(starts[c]!.length) : x; })];
  });
  return out;
}
