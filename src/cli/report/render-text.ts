/**
 * The bestiary report as text tables (cli-table3): per damage type now and
 * after the retrofit, per creature type, per role; every heading from the
 * lang files.
 */
import Table from "cli-table3";
import type { Report } from "../../core/bestiary/report.ts";
import { typeLabel } from "../../core/explain.ts";
import type { Translator } from "../i18n.ts";

const R = "DAMAGECHAIN.Report";

/**
 * A creature whose data could not all be read (issue 23 §5): its name, the
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

function table(head: string[]): Table.Table {
  return new Table({ head, style: { head: [], border: [] } });
}

/** The whole report as text, ending in a newline; `problems` are listed last, one line each. */
export function renderReportText(report: Report, t: Translator, problems: readonly CreatureProblem[] = []): string {
  const out: string[] = [t.format(`${R}.Summary`, { creatures: report.creatures, profile: report.profile, amount: report.amount }), ""];
  const types = table([
    t.format(`${R}.Col.Type`),
    t.format(`${R}.Col.Immune`),
    t.format(`${R}.Col.Resistant`),
    t.format(`${R}.Col.Vulnerable`),
    t.format(`${R}.Col.Multiplier`),
    t.format(`${R}.Col.Balance`),
    t.format(`${R}.Col.AfterCounts`),
    t.format(`${R}.Col.AfterMultiplier`),
    t.format(`${R}.Col.AfterBalance`),
  ]);
  report.before.types.forEach((b, i) => {
    const a = report.after.types[i]!;
    types.push([typeLabel(b.type, t), b.immune, b.resistant, b.vulnerable, fmt(b.meanMultiplier), signed(b.balance), `${a.immune}/${a.resistant}/${a.vulnerable}`, fmt(a.meanMultiplier), signed(a.balance)]);
  });
  out.push(t.format(`${R}.ByType`), types.toString(), "");
  out.push(t.format(`${R}.Strongest`, { now: typeList(report.before.strongest, t), after: typeList(report.after.strongest, t) }));
  out.push(t.format(`${R}.Weakest`, { now: typeList(report.before.weakest, t), after: typeList(report.after.weakest, t) }));
  out.push(t.format(`${R}.Imbalance`, { now: fmt(report.before.maxImbalance), after: fmt(report.after.maxImbalance) }));
  out.push(t.format(`${R}.Retrofitted`, { count: report.retrofitted }), "");

  const kinds = table([t.format(`${R}.Col.CreatureType`), t.format(`${R}.Col.Count`), t.format(`${R}.Col.Resists`), t.format(`${R}.Col.VulnerableTo`)]);
  const list = (m: Record<string, number>) => Object.entries(m).map(([id, n]) => `${typeLabel(id, t)} ${n}`).join(", ") || t.format(`${R}.None`);
  for (const row of report.creatureTypes) kinds.push([row.type === "" ? t.format(`${R}.NoType`) : row.type, row.count, list(row.resist), list(row.vulnerable)]);
  out.push(t.format(`${R}.ByCreatureType`), kinds.toString(), "");

  if (report.roles.length > 0) {
    const roles = table([t.format(`${R}.Col.Role`), t.format(`${R}.Col.Count`), t.format(`${R}.Col.Fortitude`), t.format(`${R}.Col.Reflex`), t.format(`${R}.Col.Will`)]);
    const cell = (mean: number, expected: number | undefined, measured: number) => (measured === 0 ? t.format(`${R}.None`) : `${signed(mean)} (${expected === undefined ? "?" : signed(expected)})`);
    for (const r of report.roles) roles.push([r.role, r.count, cell(r.mean.fortitude, r.expected?.fortitude, r.measured), cell(r.mean.reflex, r.expected?.reflex, r.measured), cell(r.mean.will, r.expected?.will, r.measured)]);
    out.push(t.format(`${R}.ByRole`), roles.toString(), "");
  }
  if (problems.length > 0) out.push(t.format(`${R}.Problems`), ...problems.map((p) => `- ${t.format(`${R}.Problem`, { ...p })}`), "");
  return `${out.join("\n")}\n`;
}
