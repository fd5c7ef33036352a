/**
 * Human output of `resolve`: per hit, a heading, the incoming damage, a table
 * of the steps (step, in → out, defense, explanation with its per-part lines,
 * written out by `src/core/explain.ts` from `lang/en.json`) and
 * a summary (final damage, resources taken and left, conditions, warnings,
 * effects). Colour only when the caller says so (a TTY without --no-color).
 */
import Table from "cli-table3";
import pc from "picocolors";
import { inWords, wordsOf } from "../core/words.ts";
import { stripVTControlCharacters as stripAnsi } from "node:util";
import type { Effect } from "../core/context.ts";
import { conditionLabel, explainEntry, explainWarning, resourceLabel, typeLabel } from "../core/explain.ts";
import type { Resources } from "../core/model/defender.ts";
import { ONE, type HitOutcome } from "../core/scenario.ts";
import { shownEntries } from "../core/shown.ts";
import { shareText } from "../core/share.ts";
import type { Translator } from "./i18n.ts";

/** How to render: colours on or off, the terminal width in columns if known, and whether to show only the steps that changed something. */
export interface TableStyle {
  color: boolean;
  columns?: number | undefined;
  /** `--changed-only`: the steps that changed the damage or took from a resource, as the chat card shows them (`core/shown.ts`). */
  changedOnly?: boolean | undefined;
}

type Colors = ReturnType<typeof pc.createColors>;

const CLI = "DAMAGECHAIN.Cli";

/** Cell border characters that draw no rule above a row. */
const NO_RULE = { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" };

/** `27 Fire + 3 Cold+Acid`. */
function describeParts(hit: HitOutcome, t: Translator): string {
  const types = (list: readonly string[]) => (list.length > 0 ? list.map((id) => typeLabel(id, t)).join("+") : t.format(`${CLI}.Untyped`));
  const parts = hit.event.parts.map((p) => `${p.amount} ${types(p.types)}`).join(" + ");
  // Extra damage (001) and power changes (002 rules 5, 6), as amounts after the parts.
  const changes = hit.event.modifiers.map((m) => (m.kind === "extraDamage" ? ` + ${m.amount}${m.types.length > 0 ? ` ${types(m.types)}` : ""}` : m.kind === "adjust" ? (m.amount < 0 ? ` − ${-m.amount}` : ` + ${m.amount}`) : ""));
  return parts + changes.join("");
}

/** `HP 83/100, Guard 0/10`. */
function describeResources(resources: Resources, t: Translator): string {
  return Object.entries(resources)
    .map(([key, r]) => `${resourceLabel(key, t)} ${r.value}${r.max === undefined ? "" : `/${r.max}`}`)
    .join(", ");
}

function effectText(effect: Effect, t: Translator): string {
  if (effect.kind === "variableResistance") return t.format(`${CLI}.Effect.variableResistance`, { resist: typeLabel(effect.resist, t), vulnerable: typeLabel(effect.vulnerable, t) });
  return t.format(`${CLI}.Effect.ignoreNonDamageEffects`, { tag: effect.tag });
}

/** Column widths (with padding) of #, step, in → out and defense when the table must fit a terminal; the explanation takes the rest. */
const FIXED_WIDTHS = [4, 16, 10, 18];
/** Narrowest explanation column worth wrapping into. */
const MIN_EXPLANATION = 20;

/**
 * The stacked layout for terminals narrower than the table's minimum: one
 * block per step (`#  Step  in → out  Defense`, then the explanation),
 * wrapped to `columns` by a one-column cli-table3 table.
 */
function stacked(rows: string[][], columns: number): string {
  const table = new Table({ colWidths: [Math.max(columns - 4, 10)], wordWrap: true, style: { head: [], border: [] } });
  for (const [index, step, inOut, defense, text] of rows) {
    const title = [`${index}.`, step, inOut, defense].filter((x) => x !== "").join("  ");
    table.push([`${title}\n${text}`]);
  }
  return table.toString();
}

/** The step table of one hit, as wide as its content, or wrapped to `style.columns` when wider than that. */
function stepTable(hit: HitOutcome, t: Translator, c: Colors, style: TableStyle): string {
  const head = ["Index", "Step", "InOut", "Defense", "Explanation"].map((k) => c.bold(t.format(`${CLI}.Column.${k}`)));
  const stop = hit.result.prevented || hit.result.negated;
  const trace = hit.result.trace;
  const shown = style.changedOnly === true ? new Set(shownEntries(trace, hit.result.taken)) : undefined;
  // Numbered by their place in the whole chain, also when only the changed steps are shown.
  const numbered = trace.map((entry, i) => ({ entry, n: i + 1 })).filter(({ entry }) => shown === undefined || shown.has(entry));
  if (numbered.length === 0) return "";
  const rows = numbered.map(({ entry, n }, i) => {
    const inOut = `${entry.in} → ${entry.out}`;
    const colored = entry.out < entry.in ? c.green(inOut) : entry.out > entry.in ? c.red(inOut) : inOut;
    const last = n === trace.length;
    const x = explainEntry(entry, t);
    const text = [x.text, ...x.details.map((d) => `  ${d}`)].join("\n");
    const cells = [String(n), x.step, colored, x.defense, last && stop ? c.yellow(text) : text];
    // A rule under the header only: one line per step reads like a ledger.
    return i === 0 ? cells : cells.map((content) => ({ content, chars: NO_RULE }));
  });
  const build = (colWidths?: number[]): string => {
    const options: ConstructorParameters<typeof Table>[0] = { head, style: { head: [], border: [] }, wordWrap: true };
    if (colWidths !== undefined) options.colWidths = colWidths;
    const table = new Table(options);
    table.push(...rows);
    return table.toString();
  };
  const natural = build();
  const fixed = FIXED_WIDTHS.reduce((a, b) => a + b, 0) + FIXED_WIDTHS.length + 2; // + a border left of each of the 5 columns and one at the end
  const { columns } = style;
  if (columns === undefined) return natural;
  if (columns - fixed < MIN_EXPLANATION) return stacked(rows.map((r) => r.map((cell) => (typeof cell === "string" ? cell : cell.content))), columns);
  const widest = Math.max(...natural.split("\n").map((line) => stripAnsi(line).length));
  return widest <= columns ? natural : build([...FIXED_WIDTHS, columns - fixed]);
}

/** The summary lines under one hit's table. */
function summary(hit: HitOutcome, t: Translator, c: Colors): string[] {
  const r = hit.result;
  const none = t.format(`${CLI}.None`);
  const lines: string[] = [];
  if (r.prevented) lines.push(c.yellow(t.format(`${CLI}.Prevented`)));
  else if (r.negated) lines.push(c.yellow(t.format(`${CLI}.Negated`)));
  lines.push(c.bold(t.format(`${CLI}.Final`, { final: r.final, incoming: r.incoming })));
  const taken = Object.entries(r.taken).map(([k, v]) => `${resourceLabel(k, t)} ${v}`).join(", ");
  const conditions = (ids: readonly string[]) => ids.map((id) => conditionLabel(id, t)).join(", ");
  lines.push(t.format(`${CLI}.Taken`, { list: taken === "" ? none : taken }));
  lines.push(t.format(`${CLI}.Resources`, { list: describeResources(r.resources, t) || none }));
  if (r.conditionsGained.length > 0) lines.push(c.magenta(t.format(`${CLI}.ConditionsGained`, { list: conditions(r.conditionsGained) })));
  if (r.state.conditions.length > 0) lines.push(t.format(`${CLI}.Conditions`, { list: conditions(r.state.conditions) }));
  for (const w of r.warnings) lines.push(c.yellow(t.format(`${CLI}.Warning`, { path: w.path, text: explainWarning(w, t) })));
  for (const e of r.effects) lines.push(c.cyan(effectText(e, t)));
  return lines;
}

/** ", saved: half" (or "×0.25", "only Fire") when the target took a share of the event, else "". */
function shareNote(hit: HitOutcome, t: Translator): string {
  if (hit.share === undefined) return "";
  const types = hit.share.parts === undefined ? undefined : [...new Set(hit.event.parts.flatMap((p) => p.types))];
  return `, ${shareText(types === undefined ? { multiplier: hit.share.multiplier } : { multiplier: hit.share.multiplier, types }, t)}`;
}

/** The human-readable report of one hit. */
export function renderHit(hit: HitOutcome, reader: Translator, style: TableStyle): string {
  // The profile's words: under pf2e, FDR and DV are pf2e's resistance and weakness (`core/words.ts`).
  const t: Translator = inWords(reader, wordsOf(hit.result.profile));
  const c = pc.createColors(style.color);
  const traits = hit.event.traits.length > 0 ? `; ${t.format(`${CLI}.Traits`, { traits: hit.event.traits.join(", ") })}` : "";
  return [
    c.bold(c.cyan(t.format(`${CLI}.Hit`, { label: hit.label, round: hit.round, time: hit.time }))),
    ...(hit.target === ONE ? [] : [c.bold(t.format(`${CLI}.Target`, { name: hit.target, index: hit.targetIndex, count: hit.targetCount })) + shareNote(hit, t)]),
    t.format(`${CLI}.Incoming`, { parts: describeParts(hit, t) }) + traits,
    stepTable(hit, t, c, style),
    ...summary(hit, t, c).map((l) => `  ${l}`),
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** `--summary`: one line for one hit: label (and target), incoming → final, what it took. */
export function renderSummaryLine(hit: HitOutcome, t: Translator): string {
  const r = hit.result;
  const taken = Object.entries(r.taken)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${resourceLabel(k, t)} ${v}`)
    .join(", ");
  const target = hit.target === ONE ? "" : ` → ${hit.target}`;
  const state = r.prevented ? t.format(`${CLI}.SummaryPrevented`) : r.negated ? t.format(`${CLI}.SummaryNegated`) : taken === "" ? t.format(`${CLI}.None`) : taken;
  return t.format(`${CLI}.SummaryLine`, { label: `${hit.label}${target}`, incoming: r.incoming, final: r.final, taken: state });
}

/** The human-readable report of every hit, separated by blank lines, ending in a newline. */
export function renderTable(hits: readonly HitOutcome[], t: Translator, style: TableStyle): string {
  return `${hits.map((h) => renderHit(h, t, style)).join("\n\n")}\n`;
}
