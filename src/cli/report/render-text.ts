/**
 * The bestiary report as text tables (cli-table3): per damage type now and
 * after the retrofit, per creature type, per role; every heading from the
 * lang files.
 */
import type { Report } from "../../core/bestiary/report.ts";
import { typeLabel } from "../../core/explain.ts";
import type { Translator } from "../i18n.ts";
import { fitTable } from "./fit-table.ts";

const R = "DAMAGECHAIN.Report";

/**
 * A creature whose data could not all be read: its name, the
 * file or pack it came from, the field (a path in the actor document, e.g.
 * `system.traits.dr.value`) and why. The rest of the creature is used.
 */
export interface CreatureProblem {
  name: string;
  file: string;
  field: string;
  message: string;
}

/** `1.075`, `0.85`: at most three decimals. */
export const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);
/** `+0.15`, `-0.15`, `0`. */
export const signed = (n: number): string => (n > 0 ? `+${fmt(n)}` : fmt(n));

/** The damage types of one side, in the reader's language, or a dash. */
export function typeList(types: readonly string[], t: Translator): string {
  return types.length === 0 ? t.format(`${R}.None`) : types.map((id) => typeLabel(id, t)).join(", ");
}

/** What the text shows besides the report: the creatures not fully read, and the terminal width (undefined: as wide as the content). */
export interface TextOptions {
  problems?: readonly CreatureProblem[];
  columns?: number | undefined;
}

/** The whole report as text, ending in a newline; each table fits `columns` (stacked when it must be); `problems` are listed last, one line each. */
export function renderReportText(report: Report, t: Translator, { problems = [], columns }: TextOptions = {}): string {
  const out: string[] = [t.format(`${R}.Summary`, { creatures: report.creatures, profile: report.profile, amount: report.amount }), ""];
  const typeHead = [
    t.format(`${R}.Col.Type`),
    t.format(`${R}.Col.Immune`),
    t.format(`${R}.Col.Resistant`),
    t.format(`${R}.Col.Vulnerable`),
    t.format(`${R}.Col.Multiplier`),
    t.format(`${R}.Col.Balance`),
    t.format(`${R}.Col.AfterCounts`),
    t.format(`${R}.Col.AfterMultiplier`),
    t.format(`${R}.Col.AfterBalance`),
  ];
  const typeRows = report.before.types.map((b, i) => {
    const a = report.after.types[i]!;
    return [typeLabel(b.type, t), b.immune, b.resistant, b.vulnerable, fmt(b.meanMultiplier), signed(b.balance), `${a.immune}/${a.resistant}/${a.vulnerable}`, fmt(a.meanMultiplier), signed(a.balance)];
  });
  out.push(t.format(`${R}.ByType`), fitTable(typeHead, typeRows, columns), "");
  out.push(t.format(`${R}.Strongest`, { now: typeList(report.before.strongest, t), after: typeList(report.after.strongest, t) }));
  out.push(t.format(`${R}.Weakest`, { now: typeList(report.before.weakest, t), after: typeList(report.after.weakest, t) }));
  out.push(t.format(`${R}.Imbalance`, { now: fmt(report.before.maxImbalance), after: fmt(report.after.maxImbalance) }));
  out.push(t.format(`${R}.Retrofitted`, { count: report.retrofitted }), "");

  const kindHead = [t.format(`${R}.Col.CreatureType`), t.format(`${R}.Col.Count`), t.format(`${R}.Col.Resists`), t.format(`${R}.Col.VulnerableTo`)];
  const list = (m: Record<string, number>) => Object.entries(m).map(([id, n]) => `${typeLabel(id, t)} ${n}`).join(", ") || t.format(`${R}.None`);
  const kindRows = report.creatureTypes.map((row) => [row.type === "" ? t.format(`${R}.NoType`) : row.type, row.count, list(row.resist), list(row.vulnerable)]);
  out.push(t.format(`${R}.ByCreatureType`), fitTable(kindHead, kindRows, columns), "");

  if (report.roles.length > 0) {
    const roleHead = [t.format(`${R}.Col.Role`), t.format(`${R}.Col.Count`), t.format(`${R}.Col.Fortitude`), t.format(`${R}.Col.Reflex`), t.format(`${R}.Col.Will`)];
    const cell = (mean: number, expected: number | undefined, measured: number) => (measured === 0 ? t.format(`${R}.None`) : `${signed(mean)} (${expected === undefined ? "?" : signed(expected)})`);
    const roleRows = report.roles.map((r) => [r.role, r.count, cell(r.mean.fortitude, r.expected?.fortitude, r.measured), cell(r.mean.reflex, r.expected?.reflex, r.measured), cell(r.mean.will, r.expected?.will, r.measured)]);
    out.push(t.format(`${R}.ByRole`), fitTable(roleHead, roleRows, columns), "");
  }
  if (problems.length > 0) out.push(t.format(`${R}.Problems`), ...problems.map((p) => `- ${t.format(`${R}.Problem`, { ...p })}`), "");
  return `${out.join("\n")}\n`;
}
