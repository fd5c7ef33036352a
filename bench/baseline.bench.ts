/**
 * `npm run bench -- --baseline <ref>`: the chain of the working tree against
 * the chain of a baseline commit (`<ref>`; without it, the last release tag),
 * both built as the module ships them (`core-build.ts`), in ONE process,
 * interleaved: every round times each case once per core, in a rotated order,
 * so the machine's noise falls on both alike. A case's figure is the median
 * over rounds of the per-round ratio today / baseline.
 *
 * Cases, all cached (the same defender hit again and again): revised-4e, 2
 * and 20 parts against the 20 defenses of the dnd5e comparison (`anchor`,
 * docs/benchmark.md), and each profile's benchmark defender of 20 defenses
 * (`defenders.ts`), when the baseline has that profile.
 *
 * Time is the process's CPU time (`process.cpuUsage`), not the wall clock: on a
 * shared machine a batch that waits for the CPU would count the wait.
 * Fails (exit code 1) when any case is more than `--slower` (default 0.10)
 * slower than the baseline. Other flags: `--rounds N` (default 31).
 */
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { loadBuiltCore } from "./core-build.ts";
import { BENCH_PROFILES, benchInput } from "./defenders.ts";

type Core = Awaited<ReturnType<typeof loadBuiltCore>>;

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : args[i + 1];
};
const ROUNDS = Number(flag("rounds") ?? 31);
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

/** The 20 defenses of the dnd5e comparison (`../shared/perf/dnd5e-anchor.mjs`): 3 immunities, 9 resistances, 8 vulnerabilities. */
const ANCHOR_DEFENSES = {
  immunities: [{ type: "poison" }, { type: "necrotic" }, { type: "psychic" }],
  resistances: [
    { type: "fire", limit: 5 }, { type: "cold" }, { type: "acid", limit: 10 }, { type: "lightning", condition: "advantage" },
    { type: "physical", limit: 5 }, { type: "thunder", limit: 5, condition: "critical" }, { type: "all", limit: 2, condition: "critical" },
    { type: "force", label: "Warded" }, { type: "non-physical", limit: 3, condition: "notSilvered" },
  ],
  vulnerabilities: [
    { type: "thunder" }, { type: "radiant", limit: 5 }, { type: "force" }, { type: "cold", limit: 3, condition: "noAdvantage" },
    { type: "fire", condition: "critical" }, { type: "acid", limit: 2 }, { type: "lightning", limit: 4, condition: "paragon" }, { type: "physical", condition: "silvered" },
  ],
};
const AMOUNTS = [17, 8, 12, 5, 9, 14, 3, 11, 6, 20, 7, 15, 4, 10, 13, 16, 2, 18, 19, 1];
const CYCLE = ["fire", "physical", "cold", "physical", "acid", "physical", "lightning", "thunder", "force", "radiant", "poison"];
const anchorInput = (parts: number) => ({
  defender: { name: "Anchor", resources: { hp: { value: 100_000 } }, defenses: ANCHOR_DEFENSES },
  event: { parts: AMOUNTS.slice(0, parts).map((amount, i) => ({ amount, types: [CYCLE[i % CYCLE.length]!] })), traits: ["advantage"] },
});

interface Case {
  name: string;
  profile: string;
  input: { defender: unknown; event: unknown };
}
const CASES: Case[] = [
  { name: "anchor, 2 parts", profile: "revised-4e", input: anchorInput(2) },
  { name: "anchor, 20 parts", profile: "revised-4e", input: anchorInput(20) },
  ...BENCH_PROFILES.map((profile) => ({ name: `${profile}, 20 defenses`, profile, input: benchInput(profile, 20) })),
  // The dnd5e profile as a dnd5e world runs it: dnd5e's traits, a saved hit, and none of the chain's own defenses (their links are skipped).
  {
    name: "dnd5e, 2 parts, traits, saved",
    profile: "dnd5e",
    input: {
      defender: { name: "Ogre", resources: { hp: { value: 100_000 } }, dnd5e: { di: { value: ["poison"] }, dr: { value: ["fire", "slashing"], bypasses: ["mgc"] }, dv: { value: ["radiant"] } } },
      event: { parts: [{ amount: 17, types: ["fire"] }, { amount: 8, types: ["slashing"] }], dnd5e: { multiplier: 0.5 } },
    },
  },
];

/** One resolution of `c` on `core`, its input parsed by that core's own schemas; undefined when the core has no such profile. */
function runner(core: Core, c: Case): { run: () => number; final: number } | undefined {
  const profile = core.BUILT_IN_PROFILES.find((p) => p.id === c.profile);
  if (profile === undefined) return undefined;
  const defender = core.defenderSchema.parse(c.input.defender);
  const event = core.damageEventSchema.parse(c.input.event);
  const random = core.seededRandom(1);
  const run = () => core.resolve({ event, defender, profile, random, now: 0 }).final;
  return { run, final: run() };
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** µs per call of a batch of `n` calls. */
function time(fn: () => number, n: number): number {
  let sink = 0;
  const t0 = cpuMs();
  for (let i = 0; i < n; i++) sink += fn();
  const us = ((cpuMs() - t0) * 1000) / n;
  return sink < 0 ? -us : us; // the sum is read, so the calls are not optimised away
}
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.round((xs.length - 1) * q)]!;

const base = baselineCommit();
if (base === undefined) {
  process.stdout.write("Chain against a baseline: skipped (no release tag yet; give one with `npm run bench -- --baseline <ref>`).\n\n");
  process.exit(0);
}
process.stdout.write(`Chain against the baseline ${base.ref} (${base.sha.slice(0, 7)}): building both cores...\n`);
const [baselineCore, todayCore] = [await loadBuiltCore(checkout(base.sha)), await loadBuiltCore()];

const tasks: { c: Case; before: () => number; now: () => number; batch: number }[] = [];
for (const c of CASES) {
  const before = runner(baselineCore, c);
  const now = runner(todayCore, c);
  if (before === undefined || now === undefined) continue;
  if (before.final !== now.final) process.stdout.write(`  note: ${c.name} deals ${now.final} today, ${before.final} at the baseline (the rules changed)\n`);
  // Warm both up, then size the batch to about 10 ms of the baseline.
  time(before.run, 20_000);
  time(now.run, 20_000);
  const perCall = Math.max(0.05, time(before.run, 20_000));
  tasks.push({ c, before: before.run, now: now.run, batch: Math.max(100, Math.round(10_000 / perCall)) });
}

const ratios = tasks.map(() => [] as number[]);
const times = tasks.map(() => ({ before: [] as number[], now: [] as number[] }));
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < tasks.length; k++) {
    const i = (k + r) % tasks.length;
    const t = tasks[i]!;
    const order = r % 2 === 0;
    const a = time(order ? t.before : t.now, t.batch);
    const b = time(order ? t.now : t.before, t.batch);
    const [before, now] = order ? [a, b] : [b, a];
    times[i]!.before.push(before);
    times[i]!.now.push(now);
    ratios[i]!.push(now / before);
  }
}

let slow = 0;
const lines = ["| case | baseline µs | today µs | today / baseline (p10–p90) | |", "| --- | ---: | ---: | ---: | --- |"];
tasks.forEach((t, i) => {
  const ratio = median(ratios[i]!);
  const verdict = ratio > 1 + SLOWER ? "SLOWER" : "ok";
  if (verdict !== "ok") slow++;
  lines.push(`| ${t.c.name} | ${median(times[i]!.before).toFixed(2)} | ${median(times[i]!.now).toFixed(2)} | ${ratio.toFixed(3)} (${quantile(ratios[i]!, 0.1).toFixed(2)}–${quantile(ratios[i]!, 0.9).toFixed(2)}) | ${verdict} |`);
});
const load = loadavg().map((l) => l.toFixed(1)).join(" ");
process.stdout.write(`${lines.join("\n")}\n\n${ROUNDS} interleaved rounds, CPU time; Node ${process.version}, ${cpus().length} CPUs, load average ${load}.\n`);
if (slow > 0) {
  process.stdout.write(`${slow} case(s) more than ${Math.round(SLOWER * 100)} % slower than ${base.ref}.\n\n`);
  process.exit(1);
}
process.stdout.write(`No case more than ${Math.round(SLOWER * 100)} % slower than ${base.ref}.\n\n`);
