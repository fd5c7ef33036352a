/**
 * A cli-table3 table that fits a terminal width, as
 * `damage-chain resolve` does (`render-table.ts`): as wide as its content
 * when that fits; else its columns narrowed and their cells wrapped at
 * spaces, never narrower than a column's longest word; else stacked, one
 * block per row with a `Heading: value` line per cell, wrapped to the width.
 * The report's cells are plain text (no colours), so lengths are characters.
 */
import Table from "cli-table3";

type Cell = string | number;

/** Columns of padding (one space each side) and border per column, and the closing border. */
const PAD = 2;
const BORDER = 1;

const widest = (texts: readonly string[]): number => Math.max(0, ...texts.map((s) => s.length));
const longestWord = (texts: readonly string[]): number => widest(texts.flatMap((s) => s.split(/\s+/)));

/** The column widths (with padding) that fit `columns`, or undefined when even the longest words do not fit. */
function fitWidths(cols: readonly string[][], columns: number): number[] | undefined {
  const natural = cols.map((c) => widest(c) + PAD);
  const min = cols.map((c) => longestWord(c) + PAD);
  const room = columns - cols.length * BORDER - BORDER;
  const minSum = min.reduce((a, b) => a + b, 0);
  if (minSum > room) return undefined;
  // Share what is left above the minimum in proportion to what each column would still like to have.
  const want = natural.map((n, i) => n - min[i]!);
  const wantSum = want.reduce((a, b) => a + b, 0);
  const spare = room - minSum;
  const widths = min.map((m, i) => m + (wantSum === 0 ? 0 : Math.floor((spare * want[i]!) / wantSum)));
  return widths;
}

/** One block per row: each cell on its own line after its heading, wrapped to `columns`. */
function stacked(head: readonly string[], rows: readonly string[][], columns: number): string {
  const table = new Table({ colWidths: [Math.max(columns - BORDER * 2, 10)], wordWrap: true, style: { head: [], border: [] } });
  for (const row of rows) table.push([row.map((cell, i) => (i === 0 ? cell : `${head[i]}: ${cell}`)).join("\n")]);
  return table.toString();
}

/**
 * The table of `head` and `rows` as text no wider than `columns` (a whole
 * number of terminal columns; undefined: as wide as the content).
 */
export function fitTable(head: readonly string[], rows: readonly Cell[][], columns?: number): string {
  const text = rows.map((r) => r.map(String));
  const build = (colWidths?: number[]): string => {
    const table = new Table({ head: [...head], style: { head: [], border: [] }, wordWrap: true, ...(colWidths === undefined ? {} : { colWidths }) });
    table.push(...text);
    return table.toString();
  };
  const natural = build();
  if (columns === undefined || widest(natural.split("\n")) <= columns) return natural;
  const cols = head.map((h, i) => [h, ...text.map((r) => r[i] ?? "")]);
  const widths = fitWidths(cols, columns);
  return widths === undefined ? stacked(head, text, columns) : build(widths);
}
