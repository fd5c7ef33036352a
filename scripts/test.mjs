/**
 * `npm test`: the type check (`tsc -p .`) and the lint (`eslint .`) run
 * beside the test suite (`vitest run`, with the arguments given to
 * `npm test -- ...`) instead of before it, so they fill what the suite's
 * workers leave of the CPUs (on 2 CPUs: the gaps while a browser test waits
 * for Chromium, and the end of the run). The checks' output is held
 * back and printed after the suite only when a check fails, so a run that
 * passes shows Vitest's summary and nothing else. The exit code is the first
 * failing one in the order typecheck, lint, tests (0 when all pass).
 */
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { join } from "node:path";
import process from "node:process";

const bin = (name) => join(import.meta.dirname, "..", "node_modules", ".bin", name);

/** Run `command args`, its output held back; resolves to the exit code and that output. */
function quiet(command, args) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }));
  });
}

/** Run `command args` with the terminal's output; resolves to the exit code. */
function loud(command, args) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, { stdio: "inherit" });
    child.on("error", (error) => {
      process.stderr.write(`${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const checks = [
  { name: "typecheck (tsc -p .)", run: quiet("tsc", ["-p", "."]) },
  { name: "lint (eslint .)", run: quiet("eslint", ["."]) },
];
const tests = await loud("vitest", ["run", ...process.argv.slice(2)]);

let exit = 0;
for (const { name, run } of checks) {
  const { code, output } = await run;
  if (code === 0) continue;
  process.stderr.write(`\nnpm test: ${name} failed (exit ${code}):\n${output}`);
  exit ||= code;
}
process.exitCode = exit || tests;
