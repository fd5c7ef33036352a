/**
 * Test support: run the real `damage-chain` command (`node bin/damage-chain.js`)
 * in a child process and collect its exit code and output.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadEnglish } from "../../src/cli/i18n.ts";
import type { JsonEnvelope, JsonHit } from "../../src/cli/render-json.ts";
import { reportCommand, type ReportOptions } from "../../src/cli/report/command.ts";
import { useValidationLanguage } from "../../src/core/messages.ts";

/** The repository root: the CLI runs from here, as `npm run demo` does. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `damage-chain ...args` from the repository root. Never rejects on a non-zero exit. */
export function cli(...args: string[]): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const env = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, COLUMNS: "400" };
    execFile(process.execPath, ["bin/damage-chain.js", ...args], { cwd: ROOT, env, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") return reject(error);
      resolvePromise({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/**
 * `damage-chain report PATHS...` run in this process: `reportCommand`, which
 * the command's action calls, with commander's defaults (`--amount 20`,
 * `--lang en`) under `options`, writing to strings as a pipe at 400 columns
 * would (no colour, no progress bar). For tests that run the report many
 * times over; `cli` covers the command as users start it (its parsing, cold
 * start and exit codes). The validation messages, which the report words in
 * its language, are put back in English afterwards (`test/setup-lang.ts`).
 */
export async function reportInProcess(paths: string[], options: Partial<ReportOptions> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text), isTTY: false, columns: 400 };
  try {
    const code = await reportCommand(paths, { amount: "20", lang: "en", ...options }, io, false);
    return { code, stdout, stderr };
  } finally {
    useValidationLanguage(loadEnglish());
  }
}

/** `damage-chain resolve FILE --json`, parsed: the envelope. Throws (failing the test) if the command did not exit 0. */
export async function resolveEnvelope(file: string): Promise<JsonEnvelope> {
  const run = await cli("resolve", file, "--json");
  if (run.code !== 0) throw new Error(`damage-chain resolve ${file} exited ${run.code}: ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout) as JsonEnvelope;
}

/** The hits of `damage-chain resolve FILE --json`. */
export async function resolveJson(file: string): Promise<JsonHit[]> {
  return (await resolveEnvelope(file)).hits;
}

/** Resource values after a hit, as `{ key: value }`. */
export function pools(hit: JsonHit): Record<string, number> {
  return Object.fromEntries(Object.entries(hit.resources).map(([k, r]) => [k, r.value]));
}
