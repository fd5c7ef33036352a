/**
 * The CLI's commands as plain functions: they take their arguments and an
 * output sink and return the process exit code, so `main.ts` only wires them
 * to commander.
 */
import type { Profile } from "../core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../core/profiles.ts";
import { profileLabel } from "../core/explain.ts";
import { inWords, wordsOf } from "../core/words.ts";
import { useValidationLanguage } from "../core/messages.ts";
import { runScenario, type Scenario } from "../core/scenario.ts";
import { loadLanguage } from "./i18n.ts";
import { loadScenario } from "./load.ts";
import { envelope, renderJsonError } from "./render-json.ts";

/** Exit codes: 0 ok, 1 invalid or unreadable scenario, 2 usage error, 3 internal error (a bug). */
export const EXIT = { ok: 0, invalid: 1, usage: 2, internal: 3 } as const;

/** Where a command writes, and how the terminal looks. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal (colour allowed unless --no-color). */
  isTTY: boolean;
  /** Terminal width in columns, if known. */
  columns?: number | undefined;
  /** A progress bar on stderr for `total` steps, when stderr is a terminal that the output does not go to (a promise when it is yet to be loaded). */
  progress?: ((total: number) => ProgressBar | Promise<ProgressBar>) | undefined;
}

/** A started progress bar. */
export interface ProgressBar {
  increment(): void;
  stop(): void;
}

/** How many hits a scenario resolves: each hit step once per target. */
function hitCount(scenario: Scenario): number {
  const all = scenario.defenders === undefined ? 1 : Object.keys(scenario.defenders).length;
  return scenario.events.reduce((n, step) => n + ("hit" in step ? (step.targets?.length ?? all) : 0), 0);
}

/** Options of `resolve`. */
export interface ResolveOptions {
  json?: boolean;
  color?: boolean;
  lang?: string;
  /** One line per hit instead of its table. */
  summary?: boolean;
  /** Only the steps that changed something, as the chat card shows them. */
  changedOnly?: boolean;
}

/** Scenarios with at least this many hits get a progress bar on stderr (when stderr is a terminal and stdout is not). */
const PROGRESS_FROM = 200;

/**
 * `damage-chain resolve FILE [--json] [--summary] [--changed-only] [--no-color] [--lang CODE]`: with several YAML documents, each scenario in turn.
 * The tables' code (`render-table.ts`, cli-table3) is loaded only when they are printed, so `--json` starts without it.
 */
export async function resolveCommand(file: string, options: ResolveOptions, io: Output): Promise<number> {
  const t = loadLanguage(options.lang ?? "en");
  useValidationLanguage(t);
  const loaded = await loadScenario(file);
  if (!loaded.ok) {
    if (options.json === true) io.out(renderJsonError(loaded.message));
    else io.err(`damage-chain: ${loaded.message}\n`);
    return EXIT.invalid;
  }
  if (options.json === true) {
    const envelopes = loaded.scenarios.map((scenario) => envelope(scenario, runScenario(scenario), t));
    io.out(`${JSON.stringify(envelopes.length === 1 ? envelopes[0] : envelopes, null, 2)}\n`);
    return EXIT.ok;
  }
  const { renderHit, renderSummaryLine } = await import("./render-table.ts");
  const style = { color: io.isTTY && options.color !== false, columns: io.columns, changedOnly: options.changedOnly === true };
  const total = loaded.scenarios.reduce((n, s) => n + hitCount(s), 0);
  const bar = io.progress !== undefined && total >= PROGRESS_FROM ? await io.progress(total) : undefined;
  let first = true;
  // Streamed: each hit is written as soon as it is resolved.
  for (const scenario of loaded.scenarios) {
    runScenario(scenario, (hit) => {
      if (options.summary === true) io.out(`${renderSummaryLine(hit, t)}\n`);
      else io.out(`${first ? "" : "\n"}${renderHit(hit, t, style)}\n`);
      first = false;
      bar?.increment();
    });
  }
  bar?.stop();
  return EXIT.ok;
}

/** `damage-chain profiles [--json] [--lang CODE]`: the built-in profiles and their chains. */
export function profilesCommand(options: { json?: boolean; lang?: string }, io: Output): number {
  const t = loadLanguage(options.lang ?? "en");
  const links = (p: Profile) => p.steps.filter((s) => s.enabled);
  const chain = (p: Profile): string[] => links(p).map((s) => s.step);
  if (options.json === true) {
    const list = BUILT_IN_PROFILES.map((p) => ({ id: p.id, name: p.name, description: p.description, steps: chain(p), whenUsed: links(p).filter((s) => s.whenUsed === true).map((s) => s.step) }));
    io.out(`${JSON.stringify(list, null, 2)}\n`);
    return EXIT.ok;
  }
  // A step that runs only for actors with such defenses (the system profiles' own chain steps) is shown in brackets.
  // Each profile's steps in its own words (pf2e: Resistance and Weakness, `core/words.ts`).
  const name = (p: Profile) => (s: Profile["steps"][number]) => {
    const step = inWords(t, wordsOf(p.id)).format(`DAMAGECHAIN.Step.${s.step}`);
    return s.whenUsed === true ? t.format("DAMAGECHAIN.Cli.WhenUsedStep", { step }) : step;
  };
  const blocks = BUILT_IN_PROFILES.map((p) =>
    [
      t.format("DAMAGECHAIN.Cli.Profile", { id: p.id, name: profileLabel(p, t) }),
      `  ${t.format("DAMAGECHAIN.Cli.Chain", { steps: links(p).map(name(p)).join(" → ") })}`,
    ].join("\n"),
  );
  if (BUILT_IN_PROFILES.some((p) => p.steps.some((s) => s.whenUsed === true))) blocks.push(t.format("DAMAGECHAIN.Cli.WhenUsed"));
  io.out(`${blocks.join("\n\n")}\n`);
  return EXIT.ok;
}
