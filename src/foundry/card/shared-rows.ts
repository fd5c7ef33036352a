/**
 * Rows stored as shared shapes plus what differs. The rows of an area hit on
 * 1,000 targets mostly differ only in a few leaves (the name, the uuid, hit
 * points before and after): each distinct shape (the row with every number
 * and string blanked) is stored once as a template, the first row of that
 * shape, with the list of its leaves that some row changes; a row is the
 * index of its template and those leaves. Leaves that are equal in every row
 * of a shape (hit points after, in the card's change and in the undo update)
 * are one column; the start that every string of a column has ("Actor.",
 * "Goblin ") is stored once with it. Lossless: {@link unshareRows} gives
 * back rows equal to those {@link shareRows} was given (same keys in the
 * same order). The sharing itself (`share-rows.ts`) loads with the card; reading
 * back is here, for whoever reads a message's flags.
 */

/** A leaf: a number or a string (booleans and null are part of the shape). */
export type Leaf = number | string;

/**
 * One template: the first row of its shape, per column the positions (leaf
 * indexes, in key order) it fills, and, when some string column's values
 * all start alike, per column that start ("" for none).
 */
export type SharedKind = [template: unknown, columns: number[][]] | [template: unknown, columns: number[][], starts: string[]];

/** Stored rows: the templates, and per row `[template index, ...one leaf per column]`. */
export interface SharedRows {
  kinds: SharedKind[];
  rows: Leaf[][];
}

/** `v` with every leaf replaced by `leaf(value, index)` (index: the leaf's position in key order). Own properties only, `__proto__` included as data. */
export function mapLeaves(v: unknown, leaf: (value: Leaf, index: number) => Leaf, at = { i: 0 }): unknown {
  if (typeof v === "number" || typeof v === "string") return leaf(v, at.i++);
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map((x: unknown) => mapLeaves(x, leaf, at));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const value = mapLeaves((v as Record<string, unknown>)[k], leaf, at);
    if (k === "__proto__") Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out;
}

/**
 * The rows `stored` holds (fresh copies), or undefined when it does not hold
 * as {@link shareRows} writes it: a template or column index out of range, a
 * row with another number of leaves than its template's columns, a leaf of
 * another type than the template's leaf it replaces. Never throws.
 */
export function unshareRows(stored: unknown): unknown[] | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const { kinds, rows } = stored as { kinds?: unknown; rows?: unknown };
  if (!Array.isArray(kinds) || !Array.isArray(rows)) return undefined;
  const read: { template: unknown; columns: number[][]; types: string[]; starts: unknown[] }[] = [];
  for (const kind of kinds as unknown[]) {
    if (!Array.isArray(kind) || (kind.length !== 2 && kind.length !== 3) || !Array.isArray(kind[1])) return undefined;
    const starts: unknown[] = kind.length === 3 ? (kind[2] as unknown[]) : [];
    if (!Array.isArray(starts) || (kind.length === 3 && starts.length !== (kind[1] as unknown[]).length)) return undefined;
    const types: string[] = [];
    mapLeaves(kind[0], (x) => (types.push(typeof x), x));
    const columns = kind[1] as unknown[];
    const colTypes: string[] = [];
    for (const col of columns) {
      if (!Array.isArray(col) || col.length === 0) return undefined;
      for (const p of col as unknown[]) if (!Number.isInteger(p) || types[p as number] === undefined || types[p as number] !== types[col[0] as number]) return undefined;
      colTypes.push(types[col[0] as number]!);
      const start: unknown = starts[colTypes.length - 1] ?? "";
      if (typeof start !== "string" || (start !== "" && colTypes.at(-1) !== "string")) return undefined;
    }
    read.push({ template: kind[0], columns: columns as number[][], types: colTypes, starts });
  }
  const out: unknown[] = [];
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row)) return undefined;
    const kind = Number.isInteger(row[0]) ? read[row[0] as number] : undefined;
    if (kind === undefined || row.length !== kind.columns.length + 1) return undefined;
    const put = new Map<number, Leaf>();
    for (let c = 0; c < kind.columns.length; c++) {
      let value: unknown = row[c + 1];
      if (typeof value !== kind.types[c] || (typeof value === "number" && !Number.isFinite(value))) return undefined;
      if (typeof value === "string") value = `${(kind.starts[c] as string | undefined) ?? ""}${value}`;
      for (const p of kind.columns[c]!) put.set(p, value as Leaf);
    }
    out.push(mapLeaves(kind.template, (x, i) => put.get(i) ?? x));
  }
  return out;
}
