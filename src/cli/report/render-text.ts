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
  /** List every problem (default: one line per kind of problem, with how many). */
  verbose?: boolean;
}

/** A problem's kind: its message with the quoted values in it left out, so "\"1d4\" is not a whole number" and "\"x\" is not…" are one kind. */
export function problemKind(p: CreatureProblem): string {
  return p.message.replace(/"[^"]*"/g, "…");
}

/** The problems by kind, most first: the kind, how many entries, how many creatures. */
export function problemKinds(problems: readonly CreatureProblem[]): { kind: string; count: number; creatures: number }[] {
  const acc = new Map<string, { count: number; creatures: Set<string> }>();
  for (const p of problems) {
    const k = problemKind(p);
    const a = acc.get(k) ?? { count: 0, creatures: new Set<string>() };
    a.count++;
    a.creatures.add(`${p.file}\u0000${p.name}`);
    acc.set(k, a);
  }
  return [...acc].map(([kind, a]) => ({ kind, count: a.count, creatures: a.creatures.size })).sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/** The whole report as text, ending in a newline; each table fits `columns` (stacked when it must be); `problems` are listed last, one line each. */
export function renderReportText(report: Report, t: Translator, { problems = [], columns, verbose = false }: TextOptions = {}): string {
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
  out.push(...totalsText(report, t), "");
  if (report.byCreature !== undefined) out.push(...byCreatureText(report, t, columns));
  if (problems.length > 0 && verbose) out.push(t.format(`${R}.Problems`), ...problems.map((p) => `- ${t.format(`${R}.Problem`, { ...p })}`), "");
  else if (problems.length > 0) out.push(t.format(`${R}.ProblemKinds`), ...problemKinds(problems).map((k) => `- ${t.format(`${R}.ProblemKind`, { ...k })}`), t.format(`${R}.VerboseHint`), "");
  return `${out.join("\n")}\n`;
}

/** The totals: creatures with any immunity, weakness, resistance; the immunities to effects, apart. */
function totalsText(report: Report, t: Translator): string[] {
  const x = report.totals;
  const lines = [t.format(`${R}.Totals`, { creatures: report.creatures, immune: x.anyImmunity, weak: x.anyWeakness, resistant: x.anyResistance })];
  const list = (items: readonly { name: string; creatures: number }[]) => items.map((i) => `${i.name} ${i.creatures}`).join(", ") || t.format(`${R}.None`);
  lines.push(t.format(`${R}.EffectImmunities`, { count: x.anyEffectImmunity, list: list(x.effectImmunities.map((e) => ({ name: e.type, creatures: e.creatures }))) }));
  if (x.appliedEntries.length > 0) lines.push(t.format(`${R}.AppliedEntries`, { list: list(x.appliedEntries.map((e) => ({ name: e.entry, creatures: e.creatures }))) }));
  if (x.otherEntries.length > 0) lines.push(t.format(`${R}.OtherEntries`, { list: list(x.otherEntries.map((e) => ({ name: e.entry, creatures: e.creatures }))) }));
  return lines;
}

/** `--by-creature`: one row per creature. */
function byCreatureText(report: Report, t: Translator, columns: number | undefined): string[] {
  const none = t.format(`${R}.None`);
  const points = (items: readonly { type: string; value: number }[]) => items.map((i) => `${typeLabel(i.type, t)} ${i.value}`).join(", ") || none;
  const head = [t.format(`${R}.Col.Creature`), t.format(`${R}.Col.CreatureType`), t.format(`${R}.Col.Immune`), t.format(`${R}.Col.Weak`), t.format(`${R}.Col.Resistant`), t.format(`${R}.Col.Effects`)];
  const rows = (report.byCreature ?? []).map((r) => [r.name, r.type || none, r.immune.map((id) => typeLabel(id, t)).join(", ") || none, points(r.weak), points(r.resistant), r.effects.join(", ") || none]);
  return [t.format(`${R}.ByCreature`), fitTable(head, rows, columns), ""];
}
