/**
 * Entry of the `damage-chain` command (bundled into bin/dist/cli.cjs, which
 * `bin/damage-chain.js` runs): wires the commands to commander and sets the exit code.
 * Exit codes: 0 ok; 1 invalid or unreadable scenario (message on stderr);
 * 2 usage error (unknown command or option, missing FILE); 3 internal error
 * (a bug: the stack goes to stderr).
 */
import { readFileSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import { EXIT, profilesCommand, resolveCommand, type Output, type ResolveOptions } from "./commands.ts";
import { languages } from "./i18n.ts";
import { addReportCommand } from "./report/register.ts";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

const io: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
  columns: terminalColumns(),
  // On a terminal that the output does not go to (`> out.txt`, `| less` keeps both on the terminal: no bar).
  progress:
    process.stderr.isTTY === true && process.stdout.isTTY !== true
      ? async (total) => {
          const { SingleBar } = await import("cli-progress");
          const bar = new SingleBar({ stream: process.stderr, clearOnComplete: true, hideCursor: true });
          bar.start(total, 0);
          return bar;
        }
      : undefined,
};

/** Output width: the terminal's, else `COLUMNS` (a whole number > 0), else 80. */
function terminalColumns(): number {
  if (process.stdout.isTTY === true && process.stdout.columns > 0) return process.stdout.columns;
  const env = Number(process.env.COLUMNS);
  return Number.isInteger(env) && env > 0 ? env : 80;
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

let code: number = EXIT.ok;

/** `--lang CODE`: one of the languages the module ships; anything else is a usage error. */
const langOption = () => new Option("--lang <code>", "language of the explanations").choices([...languages().keys()]).default("en");

const program = new Command("damage-chain")
  .description("Run damage through a chain of defensive steps and explain every step.")
  .version(pkg.version)
  .exitOverride()
  .showHelpAfterError("(run damage-chain --help for usage)");

/** With --json, usage errors are JSON on stdout too. */
const jsonMode = process.argv.includes("--json");
if (jsonMode) program.configureOutput({ outputError: (text) => process.stdout.write(`${JSON.stringify({ error: text.trim() })}\n`) });
program.showHelpAfterError(!jsonMode && "(run damage-chain --help for usage)");

program
  .command("resolve")
  .description("resolve the hits of a scenario file (.json, .yaml or .yml)")
  .argument("<file>", "scenario file")
  .option("--json", "print JSON: { version, profile, seed, defenders, hits } (errors as { error })")
  .option("--summary", "one line per hit: incoming → final and what it took")
  .option("--changed-only", "show only the steps that changed something, as the chat card does")
  .option("--no-color", "no colours in the table")
  .addOption(langOption())
  .action(async (file: string, options: ResolveOptions & { lang: string }) => {
    code = await resolveCommand(file, options, io);
  });

program
  .command("profiles")
  .description("list the built-in profiles and their chains")
  .option("--json", "print JSON")
  .addOption(langOption())
  .action((options: { json?: boolean; lang: string }) => {
    code = profilesCommand(options, io);
  });

addReportCommand(program, io, (c) => {
  code = c;
});

/** Parse the arguments, run the command and set the exit code. */
async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version exit 0; every other commander error is a usage error.
      code = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    } else {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      if (jsonMode) io.out(`${JSON.stringify({ error: `internal error (please report it): ${detail}` })}\n`);
      else io.err(`damage-chain: internal error (please report it): ${detail}\n`);
      code = EXIT.internal;
    }
  }
  process.exitCode = code;
}

// Not top-level await: the bundle is CommonJS (see vite.cli.config.ts).
void main();
