/**
 * `resolve --json`: one object per hit, in order, with the explanation text
 * of every trace line and warning filled in from `lang/en.json`.
 */
import type { Effect, TraceEntry, Warning } from "../core/context.ts";
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
  trace: (TraceEntry & { text: string })[];
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
    trace: r.trace.map((e) => ({ ...e, text: t.format(e.key, e.params) })),
    warnings: r.warnings.map((w) => ({ ...w, text: t.format(w.key, w.params) })),
    effects: r.effects,
  };
}

/** The whole `--json` output: a JSON array, one object per hit, ending in a newline. */
export function renderJson(hits: readonly HitOutcome[], t: Translator): string {
  return `${JSON.stringify(hits.map((h) => jsonHit(h, t)), null, 2)}\n`;
}
