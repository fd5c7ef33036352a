/**
 * `npm run bench [-- --baseline <ref>]`: every part of the benchmark, one
 * after another, each in its own process: the chain against a baseline
 * (`baseline.bench.ts`: the given ref, else the last release tag; its flags
 * `--baseline`, `--forks`, `--rounds`, `--slower` are passed on), the chain's own table
 * (`chain.bench.ts`), the bestiary report, start-up, and the area hit
 * (`vitest.bench.config.ts`). Every part runs even when one fails; the exit
 * code is 1 when any failed (the baseline part fails when the chain is more
 * than 10 % slower than the baseline).
 */
import { spawnSync } from "node:child_process";

const passed = process.argv.slice(2);
const parts: [string, string[]][] = [
  ["tsx", ["bench/baseline.bench.ts", ...passed]],
  ["tsx", ["bench/chain.bench.ts"]],
  ["tsx", ["bench/report.bench.ts"]],
  ["tsx", ["bench/startup.bench.ts"]],
  ["vitest", ["run", "--config", "vitest.bench.config.ts"]],
];
const failed: string[] = [];
for (const [bin, args] of parts) {
  const run = spawnSync("npx", ["--no-install", bin, ...args], { stdio: "inherit" });
  if (run.status !== 0) failed.push(`${bin} ${args[0]!}`);
}
if (failed.length > 0) {
  process.stdout.write(`\nnpm run bench: failed: ${failed.join(", ")}\n`);
  process.exit(1);
}
