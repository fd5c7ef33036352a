/**
 * Sharing a card's rows (`shared-rows.ts` describes the stored form and
 * reads it back): each distinct shape once, each row only what differs.
 */
import type { Leaf, SharedRows } from "./shared-rows.ts";

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (it does not for `Object.hasOwn`, about 5× slower in such a loop). */
const ownKey = Object.prototype.hasOwnProperty;

/**
 * A node of the tree of shapes: one step per key, per start or end of an
 * object or array, per kind of leaf. Nearly every node has one child (the
 * rows of a card mostly share their shape): it is kept in `step`/`child`,
 * the others in `more`.
 */
class ShapeNode {
  step: string | number | undefined = undefined;
  child: ShapeNode | undefined = undefined;
  more: Map<string | number, ShapeNode> | undefined = undefined;

  next(step: string | number): ShapeNode {
    if (this.step === step) return this.child!;
    if (this.child === undefined) {
      this.step = step;
      return (this.child = new ShapeNode());
    }
    this.more ??= new Map();
    let child = this.more.get(step);
    if (child === undefined) this.more.set(step, (child = new ShapeNode()));
    return child;
  }
}

/** The steps that are not keys (keys are strings, these numbers: they never meet). */
const NUMBER = 0, STRING = 1, ARRAY_START = 2, ARRAY_END = 3, OBJECT_START = 4, OBJECT_END = 5, TRUE = 6, FALSE = 7, NULL = 8, OTHER = 9;

/** The step of a value that is not an object or array (numbers and strings are also pushed to `leaves`). */
function leafStep(v: unknown, leaves: Leaves): number {
  if (typeof v === "number") return ((leaves.list[leaves.n++] = v), NUMBER);
  if (typeof v === "string") return ((leaves.list[leaves.n++] = v), STRING);
  return v === true ? TRUE : v === false ? FALSE : v === null ? NULL : OTHER;
}

/**
 * Walk `v` from `node` down the tree of shapes (numbers and strings are
 * leaves, pushed to `leaves` in key order, as `mapLeaves` visits them);
 * returns the node its shape ends at. Two values end at the same node
 * exactly when they have the same keys in the same order and the same kind
 * of leaf at each place: the node names the shape, and no text is made (an
 * area hit's card has a row per target). Leaves are taken in the loop, not
 * by a call each.
 */
function walk(v: object, leaves: Leaves, node: ShapeNode): ShapeNode {
  if (Array.isArray(v)) {
    let at = node.next(ARRAY_START);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      at = typeof x === "object" && x !== null ? walk(x, leaves, at) : at.next(leafStep(x, leaves));
    }
    return at.next(ARRAY_END);
  }
  let at = node.next(OBJECT_START);
  // Own keys in `Object.keys` order (`for...in` lists them so, then inherited ones, which plain data has none of).
  for (const k in v) {
    if (!ownKey.call(v, k)) continue;
    const x = (v as Record<string, unknown>)[k];
    at = at.next(k);
    at = typeof x === "object" && x !== null ? walk(x, leaves, at) : at.next(leafStep(x, leaves));
  }
  return at.next(OBJECT_END);
}

/**
 * Where a walk puts the leaves of a row: one list for every row of a card,
 * filled from the start (`n`); each row's own list is then cut to its size
 * once, where a list grown leaf by leaf would be copied at every growth.
 */
interface Leaves {
  list: Leaf[];
  n: number;
}

/**
 * A row's walk down the tree of shapes, step by step, for a caller that
 * holds a row in parts (`store-shared.ts`: undo data and card row) and walks
 * it without making it: each call takes the step that walking the made row
 * would take at that place, so the row ends at the node its made form would.
 */
export class RowWalk {
  /** The node the walk is at. */
  at: ShapeNode;

  constructor(
    root: ShapeNode,
    readonly leaves: Leaves,
  ) {
    this.at = root;
  }

  /** An object (or, `array`, an array) starts. */
  open(array: boolean): void {
    this.at = this.at.next(array ? ARRAY_START : OBJECT_START);
  }

  /** The object or array last opened ends. */
  close(array: boolean): void {
    this.at = this.at.next(array ? ARRAY_END : OBJECT_END);
  }

  /** Key `k` of an object, before its value. */
  key(k: string): void {
    this.at = this.at.next(k);
  }

  /** A value (an element, or a key's value): walked whole. */
  value(v: unknown): void {
    this.at = typeof v === "object" && v !== null ? walk(v, this.leaves, this.at) : this.at.next(leafStep(v, this.leaves));
  }
}

/** The start the values at leaf `p` of every member have, when they are strings ("" otherwise: a kind's leaf at one place is of one type, `walk`); compared code unit by code unit (no text is cut per row). */
function commonStart(members: readonly Member[], p: number): string {
  const first = members[0]!.leaves[p];
  if (typeof first !== "string") return "";
  let n = first.length;
  for (let r = 1; r < members.length && n > 0; r++) {
    const v = members[r]!.leaves[p];
    if (typeof v !== "string") return "";
    const max = Math.min(n, v.length);
    let i = 0;
    while (i < max && v.charCodeAt(i) === first.charCodeAt(i)) i++;
    n = i;
  }
  return first.slice(0, n);
}

/** A row of a kind: its index among the rows, and its leaves. */
interface Member {
  row: number;
  leaves: Leaf[];
}

/** True when every member has the same leaf at `a` as at `b`. */
function sameDown(members: readonly Member[], a: number, b: number): boolean {
  for (let r = 0; r < members.length; r++) if (members[r]!.leaves[a] !== members[r]!.leaves[b]) return false;
  return true;
}

/** True when every member has `base` at leaf `p`. */
function allAre(members: readonly Member[], p: number, base: Leaf): boolean {
  for (let r = 0; r < members.length; r++) if (members[r]!.leaves[p] !== base) return false;
  return true;
}

interface Kind {
  template: unknown;
  leaves: Leaf[];
  members: Member[];
}

/** Share `rows` (plain JSON data). */
export function shareRows(rows: readonly unknown[]): SharedRows {
  return shareRowsBy(rows.length, (r, w) => w.value(rows[r]), (r) => rows[r]);
}

/**
 * Share `count` rows (plain JSON data) that are walked by `walkRow` (row
 * `r` with `w`, as {@link RowWalk} tells) and made by `rowAt` only when a
 * row is the first of its shape (its template): the same as
 * {@link shareRows} given the made rows.
 */
export function shareRowsBy(count: number, walkRow: (r: number, w: RowWalk) => void, rowAt: (r: number) => unknown): SharedRows {
  const byShape = new Map<ShapeNode, Kind>();
  const root = new ShapeNode();
  const scratch: Leaves = { list: [], n: 0 };
  const w = new RowWalk(root, scratch);
  for (let r = 0; r < count; r++) {
    scratch.n = 0;
    w.at = root;
    walkRow(r, w);
    const shape = w.at;
    const leaves = scratch.list.slice(0, scratch.n);
    let kind = byShape.get(shape);
    if (kind === undefined) byShape.set(shape, (kind = { template: rowAt(r), leaves, members: [] }));
    kind.members.push({ row: r, leaves });
  }
  const kinds = [...byShape.values()];
  const out: SharedRows = { kinds: [], rows: new Array<Leaf[]>(count) };
  kinds.forEach((kind, k) => {
    // A column per distinct sequence of values down the rows, among the leaves some row changes.
    const columns: number[][] = [];
    const firstOf: number[] = [];
    // Columns by their first row's value; a column joins one whose values are all equal (compared leaf by leaf: no text).
    const byFirst = new Map<Leaf, number[]>();
    const { members } = kind;
    for (let p = 0; p < kind.leaves.length; p++) {
      const base = kind.leaves[p]!;
      if (allAre(members, p, base)) continue;
      const like = byFirst.get(base);
      const c = like?.find((c) => sameDown(members, firstOf[c]!, p));
      if (c !== undefined) columns[c]!.push(p);
      else {
        const added = columns.push([p]) - 1;
        firstOf.push(p);
        if (like === undefined) byFirst.set(base, [added]);
        else like.push(added);
      }
    }
    const starts = firstOf.map((p) => commonStart(members, p));
    out.kinds.push(starts.some((x) => x !== "") ? [kind.template, columns, starts] : [kind.template, columns]);
    for (const m of members) {
      const row = new Array<Leaf>(firstOf.length + 1);
      row[0] = k;
      for (let c = 0; c < firstOf.length; c++) {
        const x = m.leaves[firstOf[c]!]!;
        row[c + 1] = typeof x === "string" && starts[c] !== "" ? x.slice(starts[c]!.length) : x;
      }
      out.rows[m.row] = row;
    }
  });
  return out;
}
