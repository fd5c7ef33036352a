/**
 * The bestiary report's per-damage-type table as CSV (csv-stringify, its
 * browser build, so the CLI and the GM window share it), one row
 * per damage type with the figures now and after the retrofit. Column names
 * are stable ids (for spreadsheets and scripts), not translated text.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import type { Report } from "./report.ts";

/** Column ids of {@link renderReportCsv}, in order. */
export const CSV_COLUMNS = [
  "damage_type",
  "immune",
  "resistant",
  "vulnerable",
  "mean_multiplier",
  "balance",
  "after_immune",
  "after_resistant",
  "after_vulnerable",
  "after_mean_multiplier",
  "after_balance",
] as const;

/** CSV text with a header row; numbers as plain decimals. */
export function renderReportCsv(report: Report): string {
  const rows = report.before.types.map((b, i) => {
    const a = report.after.types[i]!;
    return [b.type, b.immune, b.resistant, b.vulnerable, b.meanMultiplier, b.balance, a.immune, a.resistant, a.vulnerable, a.meanMultiplier, a.balance];
  });
  return stringify(rows, { header: true, columns: [...CSV_COLUMNS] });
}
