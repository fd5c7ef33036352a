/**
 * `resolve --json`: one object per hit, in order. The trace keeps its machine
 * data (lang keys, params, defense references, details) and gets the English
 * explanation of every entry and warning, written out by `src/core/explain.ts`
 * from `lang/en.json`.
 */
import type { Effect, TraceEntry, Warning } from "../core/context.ts";
import { explainEntry, explainWarning } from "../core/explain.ts";
import type { Resources } from "../core/model/defender.ts";
import type { HitOutcome } from "../core/scenario.ts";
import type { Translator } from "./i18n.ts";

/** One hit in `--json` output. Points are points of damage; `time` is game seconds. */
export interface JsonHit {
  label: string;
  round: number;
  time: number;
  /** Sum of the event's parts before the chain. */
  incoming: number;
  /** Damage the hit dealt (the trace's last `out`). */
  final: number;
  /** Points taken per resource key. */
  taken: Record<string, number>;
  /** Every resource after the hit. */
  resources: Resources;
  /** Every condition the defender has after the hit. */
  conditions: string[];
  conditionsGained: string[];
  prevented: boolean;
  negated: boolean;
  dealt: boolean;
  /** Each entry with `text` (what the step did) and, when it has details, `detailTexts` (one line per detail). */
  trace: (TraceEntry & { text: string; detailTexts?: string[] })[];
  warnings: (Warning & { text: string })[];
  effects: Effect[];
}

/** The `--json` object of one hit. */
export function jsonHit(hit: HitOutcome, t: Translator): JsonHit {
  const r = hit.result;
  return {
    label: hit.label,
    round: hit.round,
    time: hit.time,
    incoming: r.incoming,
    final: r.final,
    taken: r.taken,
    resources: r.resources,
    conditions: r.state.conditions,
    conditionsGained: r.conditionsGained,
    prevented: r.prevented,
    negated: r.negated,
    dealt: r.dealt,
    trace: r.trace.map((e) => {
      const x = explainEntry(e, t);
      return e.details === undefined ? { ...e, text: x.text } : { ...e, text: x.text, detailTexts: x.details };
    }),
    warnings: r.warnings.map((w) => ({ ...w, text: explainWarning(w, t) })),
    effects: r.effects,
  };
}

/** The whole `--json` output: a JSON array, one object per hit, ending in a newline. */
export function renderJson(hits: readonly HitOutcome[], t: Translator): string {
  return `${JSON.stringify(hits.map((h) => jsonHit(h, t)), null, 2)}\n`;
}
