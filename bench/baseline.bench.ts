/**
 * `npm run bench -- --baseline <ref>`: the chain of the working tree against
 * the chain of a baseline commit (`<ref>`; without it, the last release tag),
 * both built as the module ships them (`core-build.ts`), timed side by side,
 * interleaved, in `--forks F` fresh processes one after another
 * (`baseline-fork.ts`, default 3, `--rounds N` rounds each, default 15).
 *
 * Why forks: with every profile run through one core, V8's choices of what to
 * optimise and how depend on the process's history, and about one process in
 * five settles a profile's code in a state up to 1.7× slower for that whole
 * process (the same code, the same inputs). A single process therefore
 * measures V8's luck as often as the change. JMH, the JVM's benchmark
 * harness, forks each benchmark into fresh JVMs for the same reason
 * (openjdk/jmh `JMHSample_12_Forking.java`); here a
 * case's figure is the median of the forks' medians of the per-round ratio
 * today / baseline, so one unlucky fork cannot decide it, and every fork's
 * median is printed so that one is still seen.
 *
 * Fails (exit code 1) when any case is more than `--slower` (default 0.10)
 * slower than the baseline.
 */
import { execFileSync, execSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildCore } from "./core-build.ts";
import type { ForkResult } from "./baseline-fork.ts";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : args[i + 1];
};
const count = (name: string, fallback: number): number => {
  const n = Number(flag(name) ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} ${flag(name)}: give a whole number of 1 or more`);
  return n;
};
const ROUNDS = count("rounds", 15);
const FORKS = count("forks", 3);
const SLOWER = Number(flag("slower") ?? 0.1);

/** The baseline commit: `--baseline <ref>`, else the last release tag; undefined when there is neither. Throws naming a ref git does not know. */
function baselineCommit(): { ref: string; sha: string } | undefined {
  let ref = flag("baseline");
  if (ref === undefined) {
    try {
      ref = execFileSync("git", ["describe", "--tags", "--abbrev=0"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return undefined;
    }
  }
  try {
    return { ref, sha: execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() };
  } catch {
    throw new Error(`--baseline ${ref}: git knows no such commit`);
  }
}

/** The baseline's `src/` in `.bench-baseline/<commit>` (git-ignored, kept for the next run), inside the project so that its imports resolve from the project's `node_modules`. */
function checkout(sha: string): string {
  const dir = join(".bench-baseline", sha.slice(0, 12));
  if (!existsSync(join(dir, "src", "core", "index.ts"))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} src | tar -x -C ${JSON.stringify(dir)}`, { stdio: ["ignore", "ignore", "inherit"] });
  }
  return dir;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.round((xs.length - 1) * q)]!;

/** Run one fork (a fresh process under the same loader as this one) and read its JSON. Throws with the fork's stderr when it fails. */
function fork(basePath: string, nowPath: string): ForkResult {
  const run = spawnSync(process.execPath, [...process.execArgv, "bench/baseline-fork.ts", basePath, nowPath, String(ROUNDS)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (run.status !== 0) throw new Error(`a fork of the baseline bench failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as ForkResult;
}

const base = baselineCommit();
if (base === undefined) {
  process.stdout.write("Chain against a baseline: skipped (no release tag yet; give one with `npm run bench -- --baseline <ref>`).\n\n");
  process.exit(0);
}
process.stdout.write(`Chain against the baseline ${base.ref} (${base.sha.slice(0, 7)}): building both cores...\n`);
const outDir = mkdtempSync(join(tmpdir(), "damage-chain-baseline-"));
let forks: ForkResult[];
try {
  const basePath = await buildCore(join(outDir, "baseline"), checkout(base.sha));
  const nowPath = await buildCore(join(outDir, "today"));
  forks = Array.from({ length: FORKS }, () => fork(basePath, nowPath));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

let slow = 0;
const lines = ["| case | baseline µs | today µs | today / baseline (p10–p90) | each fork | |", "| --- | ---: | ---: | ---: | --- | --- |"];
for (const [i, c] of forks[0]!.cases.entries()) {
  if (c.note !== undefined) process.stdout.write(`  note: ${c.note}\n`);
  const rows = forks.map((f) => f.cases[i]!);
  const perFork = rows.map((r) => median(r.ratios));
  const ratio = median(perFork);
  const pooled = rows.flatMap((r) => r.ratios);
  const verdict = ratio > 1 + SLOWER ? "SLOWER" : "ok";
  if (verdict !== "ok") slow++;
  lines.push(
    `| ${c.name} | ${median(rows.flatMap((r) => r.before)).toFixed(2)} | ${median(rows.flatMap((r) => r.now)).toFixed(2)} | ${ratio.toFixed(3)} (${quantile(pooled, 0.1).toFixed(2)}–${quantile(pooled, 0.9).toFixed(2)}) | ${perFork.map((r) => r.toFixed(2)).join(" / ")} | ${verdict} |`,
  );
}
const load = loadavg().map((l) => l.toFixed(1)).join(" ");
process.stdout.write(`${lines.join("\n")}\n\n${FORKS} forks × ${ROUNDS} interleaved rounds, CPU time; a case's figure is the median of its forks' medians. Node ${process.version}, ${cpus().length} CPUs, load average ${load}.\n`);
if (slow > 0) {
  process.stdout.write(`${slow} case(s) more than ${Math.round(SLOWER * 100)} % slower than ${base.ref}.\n\n`);
  process.exit(1);
}
process.stdout.write(`No case more than ${Math.round(SLOWER * 100)} % slower than ${base.ref}.\n\n`);
