/**
 * The `report` command's options and arguments. What it runs
 * (`command.ts`: the readers, the bestiary report, its renderers) is loaded
 * when the command runs, so `resolve` and `profiles` start without it.
 */
import { Command, Option } from "commander";
import { IMPORT_SYSTEMS } from "../../core/import/types.ts";
import { BUILT_IN_PROFILES, DEFAULT_PROFILE_ID } from "../../core/profiles.ts";
import type { Output } from "../commands.ts";
import { languages } from "../i18n.ts";
import type { ReportOptions } from "./command.ts";

/** Add `report` to the program; `done(code)` receives the exit code. */
export function addReportCommand(program: Command, io: Output, done: (code: number) => void): void {
  program
    .command("report")
    .description("seed 001's bestiary report: damage-type balance now and after the retrofit, per creature type and role")
    .argument("<paths...>", "folders of actor YAML/JSON, LevelDB compendium folders, or exported actor JSON files")
    .addOption(new Option("--profile <id>", `profile whose chain the standard hit runs through (default: ${DEFAULT_PROFILE_ID}; draw-steel with --system draw-steel; pf2e for pf2e creatures)`).choices(BUILT_IN_PROFILES.map((p) => p.id)))
    .option("--amount <points>", "points of damage of the standard hit", "20")
    .addOption(new Option("--system <id>", "importer to use (default: detected per actor); draw-steel also picks its profile").choices([...IMPORT_SYSTEMS, "none"]))
    .option("--json [file]", "JSON, to stdout or to FILE")
    .option("--csv [file]", "CSV of the per-damage-type table, to stdout or to FILE")
    .option("--html <file>", "a self-contained HTML page with charts")
    .option("--by-creature", "one row per creature: its immunities, weaknesses, resistances and immunities to effects")
    .option("--verbose", "list every creature's unreadable data, not only a count per kind")
    .addOption(new Option("--lang <code>", "language of the text").choices([...languages().keys()]).default("en"))
    .action(async (paths: string[], options: ReportOptions) => {
      const { reportCommand } = await import("./command.ts");
      done(await reportCommand(paths, options, io));
    });
}
