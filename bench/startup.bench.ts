/**
 * `npm run bench` (third part): what a user waits for before any rule runs
 * (the targets' rows "entry bundle" and "CLI cold start" in `docs/benchmark.md`).
 * - The module's entry bundle `dist/damage-chain.js`, gzip -9, in KB: built
 *   here with Vite first (the lazily loaded chunks are listed apart).
 *   Target ≤ 40 KB.
 * - The CLI's cold start: `node bin/damage-chain.js resolve
 *   examples/default.yaml --json` against `node -e 0`, both as child processes,
 *   median wall time of 15 runs each, interleaved. Target ≤ 2× `node -e 0`
 *   (the median of the per-run ratios).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = 15;

await build({ configFile: `${ROOT}vite.config.ts`, root: ROOT, logLevel: "warn" });
await build({ configFile: `${ROOT}vite.cli.config.ts`, root: ROOT, logLevel: "warn" });

/** The chunks `register.ts` starts loading at `init` without waiting for them: the hit planner, posting and drawing a card (the world's system folder, too, and what it imports). */
const FROM_INIT = /^(plan|card|render)-/;
const kb = (file: string): number => gzipSync(readFileSync(`${ROOT}dist/${file}`), { level: 9 }).length / 1024;
const chunks = readdirSync(`${ROOT}dist`).filter((f) => f.endsWith(".js") && f !== "damage-chain.js");

/** Wall time of one child process, in ms. */
function run(args: string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "ignore" });
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const cli: number[] = [];
const bare: number[] = [];
run(["bin/damage-chain.js", "resolve", "examples/default.yaml", "--json"]); // warm the file cache
for (let i = 0; i < RUNS; i++) {
  bare.push(run(["-e", "0"]));
  cli.push(run(["bin/damage-chain.js", "resolve", "examples/default.yaml", "--json"]));
}

const entry = kb("damage-chain.js");
const start = median(cli);
const ratio = median(cli.map((c, i) => c / bare[i]!));
console.log(`\nStart-up (node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)})`);
console.table([
  { what: "entry bundle dist/damage-chain.js, gzip -9", value: `${entry.toFixed(1)} KB`, target: "≤ 40 KB", ok: entry <= 40 },
  ...chunks.map((c) => ({ what: `  lazy chunk ${c}, gzip -9`, value: `${kb(c).toFixed(1)} KB`, target: FROM_INIT.test(c) ? "from init, not awaited" : "on first use", ok: true })),
  { what: "node -e 0", value: `${median(bare).toFixed(0)} ms`, target: "", ok: true },
  { what: "damage-chain resolve examples/default.yaml --json", value: `${start.toFixed(0)} ms`, target: "", ok: true },
  { what: "  CLI start / node -e 0 (median of paired runs)", value: `${ratio.toFixed(2)}×`, target: "≤ 2×", ok: ratio <= 2 },
]);
