/**
 * `damage-chain report PATH...`: reads actor documents
 * (folders of YAML/JSON, LevelDB packs, world actor exports), imports each
 * creature with the system importers plus its Damage Chain flags, and prints
 * seed 001's bestiary report: a text table, `--json`, `--csv [FILE]` or
 * `--html FILE`. A progress bar goes to stderr for large inputs on a terminal.
 */
import { writeFileSync } from "node:fs";
import { SingleBar } from "cli-progress";
import { creatureFromActor } from "../../core/bestiary/creature.ts";
import { IMPORT_SYSTEMS, type ImportSystem } from "../../core/import/types.ts";
import { buildReport, type Creature } from "../../core/bestiary/report.ts";
import { BUILT_IN_PROFILES, DEFAULT_PROFILE_ID, DRAW_STEEL_PROFILE_ID, PF2E_PROFILE_ID } from "../../core/profiles.ts";
import { EXIT, type Output } from "../commands.ts";
import { useValidationLanguage } from "../../core/messages.ts";
import { loadLanguage } from "../i18n.ts";
import { readActors } from "./read.ts";
import { renderReportCsv } from "../../core/bestiary/csv.ts";
import { renderReportHtml } from "./render-html.ts";
import { renderReportText, type CreatureProblem } from "./render-text.ts";

/** Inputs of at least this many files get a progress bar (on a terminal). */
const PROGRESS_FROM = 200;

export interface ReportOptions {
  /** The profile's id; when not given, the built-in profile of `system` (`draw-steel`; `pf2e` for pf2e creatures: `--system pf2e`, or every creature detected as pf2e), else the default. */
  profile?: string | undefined;
  amount: string;
  json?: boolean | string;
  csv?: boolean | string;
  html?: string;
  lang: string;
  system?: string;
  /** One row per creature. */
  byCreature?: boolean;
  /** Every problem on its own line (default: a count per kind). */
  verbose?: boolean;
}

/** Run the report over `paths`; returns the exit code. */
export async function reportCommand(paths: string[], options: ReportOptions, io: Output, progress = process.stderr.isTTY === true): Promise<number> {
  const t = loadLanguage(options.lang);
  // Importer problems are worded through the validation messages (`say`): in the report's language.
  useValidationLanguage(t);
  const amount = Number(options.amount);
  if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000) {
    io.err(`damage-chain: ${t.format("DAMAGECHAIN.Report.Error.Amount", { value: options.amount })}\n`);
    return EXIT.usage;
  }
  const system = options.system === "none" ? false : (IMPORT_SYSTEMS as readonly string[]).includes(options.system ?? "") ? (options.system as ImportSystem) : undefined;
  let bar: SingleBar | undefined;
  const { actors, problems } = await readActors(paths, (done, total) => {
    if (progress && bar === undefined && total >= PROGRESS_FROM) {
      bar = new SingleBar({ stream: process.stderr, clearOnComplete: true, hideCursor: true });
      bar.start(total, 0);
    }
    bar?.update(done);
  });
  bar?.stop();
  for (const p of problems) io.err(`damage-chain: ${t.format("DAMAGECHAIN.Report.Error.File", { file: p.file, message: p.message })}\n`);
  if (actors.length === 0) {
    io.err(`damage-chain: ${t.format("DAMAGECHAIN.Report.Error.NoActors", { paths: paths.join(", ") })}\n`);
    return EXIT.invalid;
  }
  const population: Creature[] = [];
  const unreadable: CreatureProblem[] = [];
  let unread = 0;
  for (const a of actors) {
    const c = creatureFromActor(a.doc, system);
    if (c.problems.length > 0) unread++;
    for (const p of c.problems) unreadable.push({ name: c.creature.name, file: a.file, field: p.path, message: p.message });
    population.push(c);
  }
  if (unread > 0) io.err(`damage-chain: ${t.format("DAMAGECHAIN.Report.Error.Skipped", { count: unread })}\n`);
  if (options.verbose === true) for (const p of unreadable) io.err(`damage-chain: ${t.format("DAMAGECHAIN.Report.Problem", { ...p })}\n`);
  // A system whose own arithmetic is a built-in profile is reported under it unless another is asked for (draw-steel:
  // its traits are DV and FDR entries, which the default profile has no step for; pf2e creatures by pf2e's rules).
  const pf2e = system === "pf2e" || (system === undefined && population.every((c) => c.creature.system === "pf2e"));
  const own = system === "draw-steel" ? DRAW_STEEL_PROFILE_ID : pf2e ? PF2E_PROFILE_ID : undefined;
  const profileId = options.profile ?? own ?? DEFAULT_PROFILE_ID;
  const profile = BUILT_IN_PROFILES.find((p) => p.id === profileId)!;
  const report = buildReport(population, { profile, amount, byCreature: options.byCreature === true });
  const json = `${JSON.stringify({ ...report, problems: unreadable }, null, 2)}\n`;

  const write = (file: string, text: string) => {
    writeFileSync(file, text);
    io.err(`${t.format("DAMAGECHAIN.Report.Wrote", { file })}\n`);
  };
  if (options.html !== undefined) write(options.html, renderReportHtml(report, t, options.lang));
  if (typeof options.csv === "string") write(options.csv, renderReportCsv(report));
  if (typeof options.json === "string") write(options.json, json);
  if (options.csv === true) io.out(renderReportCsv(report));
  else if (options.json === true) io.out(json);
  else if (options.html === undefined && options.csv === undefined && options.json === undefined) io.out(renderReportText(report, t, { problems: unreadable, columns: io.columns, verbose: options.verbose === true }));
  return EXIT.ok;
}
