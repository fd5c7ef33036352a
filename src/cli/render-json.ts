/**
 * `resolve --json`: an envelope `{ version, profile, seed, defenders, hits }`
 * per scenario (`defenders`: each defender's final resources and full state,
 * wounds, counters and one-time uses included; `hits`: one object per hit and
 * target, in order). Errors with `--json` are JSON too: `{ error }`. The trace keeps its machine
 * data (lang keys, params, defense references, details) and gets the English
 * explanation of every entry and warning, written out by `src/core/explain.ts`
 * from `lang/en.json`.
 */
import type { Effect, TraceEntry, Warning } from "../core/context.ts";
import { inWords, wordsOf } from "../core/words.ts";
import { explainEntry, explainWarning } from "../core/explain.ts";
import type { Resources } from "../core/model/defender.ts";
import type { Defender } from "../core/model/defender.ts";
import type { HitOutcome, Scenario, ScenarioResult } from "../core/scenario.ts";
import { readFileSync } from "node:fs";
import type { Translator } from "./i18n.ts";

/** One hit in `--json` output. Points are points of damage; `time` is game seconds. */
export interface JsonHit {
  label: string;
  /** The defender hit (its name in `defenders`; `defender` for a one-defender scenario). */
  target: string;
  /** The target's share of the event when not all of it: `multiplier`, and `parts` (indexes) when some were left out. */
  share?: { multiplier: number; parts?: number[] };
  round: number;
  time: number;
  /** Sum of the event's parts after type changes, extra damage and power changes, before the chain; below 0 only when a power reduction took it there (the clamp step raises it, 002 rule 15). */
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
export function jsonHit(hit: HitOutcome, reader: Translator): JsonHit {
  const r = hit.result;
  const t: Translator = inWords(reader, wordsOf(r.profile));
  return {
    label: hit.label,
    target: hit.target,
    ...(hit.share === undefined ? {} : { share: hit.share.parts === undefined ? { multiplier: hit.share.multiplier } : { multiplier: hit.share.multiplier, parts: [...hit.share.parts] } }),
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

/** The `--json` envelope of one scenario run. */
export interface JsonEnvelope {
  /** Version of damage-chain that wrote it. */
  version: string;
  /** The profile's id. */
  profile: string;
  seed: number;
  /** Each defender by name after the last step: resources and full state. */
  defenders: Record<string, Pick<Defender, "resources" | "state">>;
  /** Game time in seconds after the last step. */
  time: number;
  hits: JsonHit[];
}

/** This package's version (package.json). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

/** The `--json` envelope of `scenario` and what it produced. */
export function envelope(scenario: Scenario, result: ScenarioResult, t: Translator): JsonEnvelope {
  const defenders = Object.fromEntries(Object.entries(result.defenders).map(([name, d]) => [name, { resources: d.resources, state: d.state }]));
  return { version: packageVersion(), profile: result.profile.id, seed: scenario.seed, defenders, time: result.time, hits: result.hits.map((h) => jsonHit(h, t)) };
}

/** An error as `--json` output: `{ "error": message }` and a newline. */
export function renderJsonError(message: string): string {
  return `${JSON.stringify({ error: message }, null, 2)}\n`;
}
