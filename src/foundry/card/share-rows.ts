/**
 * Sharing a card's rows (`shared-rows.ts` describes the stored form and
 * reads it back): each distinct shape once, each row only what differs.
 */
import type { Leaf, SharedRows } from "./shared-rows.ts";

/** A node of the tree of shapes: one step per key, per start or end of an object or array, per kind of leaf. */
type ShapeNode = Map<string | number, ShapeNode>;

/** The steps that are not keys (keys are strings, these numbers: they never meet). */
const NUMBER = 0, STRING = 1, ARRAY_START = 2, ARRAY_END = 3, OBJECT_START = 4, OBJECT_END = 5, TRUE = 6, FALSE = 7, NULL = 8, OTHER = 9;

function next(node: ShapeNode, step: string | number): ShapeNode {
  let child = node.get(step);
  if (child === undefined) node.set(step, (child = new Map()));
  return child;
}

/**
 * Walk `v` from `node` down the tree of shapes (numbers and strings are
 * leaves, pushed to `leaves` in key order, as `mapLeaves` visits them);
 * returns the node its shape ends at. Two values end at the same node
 * exactly when they have the same keys in the same order and the same kind
 * of leaf at each place: the node names the shape, and no text is made (an
 * area hit's card has a row per target).
 */
function walk(v: unknown, leaves: Leaf[], node: ShapeNode): ShapeNode {
  if (typeof v === "number") return (leaves.push(v), next(node, NUMBER));
  if (typeof v === "string") return (leaves.push(v), next(node, STRING));
  if (typeof v !== "object" || v === null) return next(node, v === true ? TRUE : v === false ? FALSE : v === null ? NULL : OTHER);
  if (Array.isArray(v)) {
    let at = next(node, ARRAY_START);
    for (let i = 0; i < v.length; i++) at = walk(v[i], leaves, at);
    return next(at, ARRAY_END);
  }
  let at = next(node, OBJECT_START);
  for (const k of Object.keys(v)) at = walk((v as Record<string, unknown>)[k], leaves, next(at, k));
  return next(at, OBJECT_END);
}

/** The leaves of `v` in key order, and the node of the tree of shapes (from `root`) that names its shape. */
function split(v: unknown, root: ShapeNode): { leaves: Leaf[]; shape: ShapeNode } {
  const leaves: Leaf[] = [];
  return { leaves, shape: walk(v, leaves, root) };
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
  const byShape = new Map<ShapeNode, Kind>();
  const kindOf: Kind[] = [];
  const memo = new Map<unknown, { leaves: Leaf[]; shape: ShapeNode }>();
  const root: ShapeNode = new Map();
  rows.forEach((row, r) => {
    let s = typeof row === "object" && row !== null ? memo.get(row) : undefined;
    if (s === undefined) {
      s = split(row, root);
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
