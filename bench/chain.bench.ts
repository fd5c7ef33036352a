/**
 * `npm run bench`: time per damage event through each built-in profile's
 * chain, with defenders of 10, 20, 100 and 1,000 defenses of the kinds that
 * profile reads (see `defenders.ts`).
 *
 * Two figures per row, both the median over many samples:
 * - cached: the same defender object hit again and again, as in a scenario
 *   run (the defenses in force are computed once and cached by `normalize.ts`);
 * - uncached: a fresh defenses object per hit, as when an actor's flags are
 *   parsed for each hit, so keyword bundles, groups and the invulnerability
 *   check are worked out every time.
 * Each sample times a batch of hits, so timer overhead does not count.
 * A second table splits the cached time at 20 defenses by step: the time of
 * a chain of that one step, minus the engine's own cost (a chain of only
 * `clamp`, which does next to nothing).
 * The core is timed as Vite bundles it for the module (`core-build.ts`).
 * Budget: <= 3 µs median per event at 20 defenses, and growth no worse than
 * linear (time ratio 1,000 : 100 defenses at most ~10).
 */
import { cpus, loadavg } from "node:os";
import { Bench } from "tinybench";
import type { Defender } from "../src/core/model/defender.ts";
import type { Profile } from "../src/core/model/profile.ts";
import { loadBuiltCore } from "./core-build.ts";
import { benchCase, countDefenses } from "./defenders.ts";

const { resolve, profileSchema, BUILT_IN_PROFILES, seededRandom } = await loadBuiltCore();

const SIZES = [10, 20, 100, 1000];
const BUDGET_US = 3;
const BUDGET_SIZE = 20;
const random = seededRandom(1);

/** Hits per timed sample: enough that one sample takes well over the timer's resolution. */
const batchFor = (n: number): number => (n <= 100 ? 200 : 20);

interface Row {
  profile: string;
  defenses: number;
  cachedUs: number;
  uncachedUs: number;
}

const bench = new Bench({ time: 300, warmupTime: 100 });
const plan: { name: string; profile: string; n: number; batch: number; cached: boolean }[] = [];
for (const profile of BUILT_IN_PROFILES) {
  for (const n of SIZES) {
    const { defender, event } = benchCase(profile.id, n);
    if (countDefenses(defender) !== n) throw new Error(`${profile.id}: built ${countDefenses(defender)} defenses, wanted ${n}`);
    const batch = batchFor(n);
    // Check once that the hit really runs the chain (not stopped by the first step).
    const probe = resolve({ event, defender, profile, random, now: 0 });
    if (probe.prevented || probe.trace.length < profile.steps.length) throw new Error(`${profile.id}/${n}: the benchmark hit stops early`);
    for (const cached of [true, false]) {
      const name = `${profile.id}/${n}/${cached ? "cached" : "uncached"}`;
      const fresh = (): Defender => ({ ...defender, defenses: { ...defender.defenses } });
      bench.add(name, () => {
        for (let i = 0; i < batch; i++) resolve({ event, defender: cached ? defender : fresh(), profile, random, now: 0 });
      });
      plan.push({ name, profile: profile.id, n, batch, cached });
    }
  }
}

/** A one-step chain with `profile`'s options: what that step costs on its own. */
function solo(profile: Profile, link: Profile["steps"][number]): Profile {
  return profileSchema.parse({ id: `${profile.id}-${link.step.toLowerCase()}`, name: link.step, steps: [{ step: link.step, options: link.options }], options: profile.options });
}
const stepPlan: { name: string; profile: string; step: string }[] = [];
for (const profile of BUILT_IN_PROFILES) {
  const { defender, event } = benchCase(profile.id, BUDGET_SIZE);
  const batch = batchFor(BUDGET_SIZE);
  const links = [{ step: "clamp" as const, enabled: true, options: {} }, ...profile.steps.filter((l) => l.step !== "clamp")];
  for (const link of links) {
    const one = solo(profile, link);
    const name = `${profile.id}/step/${link.step}`;
    bench.add(name, () => {
      for (let i = 0; i < batch; i++) resolve({ event, defender, profile: one, random, now: 0 });
    });
    stepPlan.push({ name, profile: profile.id, step: link.step });
  }
}

await bench.run();

/** Median µs per event of a task. */
function medianUs(name: string, batch: number): number {
  const result = bench.getTask(name)?.result;
  if (result === undefined || !("latency" in result)) throw new Error(`${name}: no result (${result?.state ?? "missing"})`);
  return (result.latency.p50 * 1000) / batch;
}

const rows: Row[] = [];
for (const p of plan.filter((x) => x.cached)) {
  rows.push({ profile: p.profile, defenses: p.n, cachedUs: medianUs(p.name, p.batch), uncachedUs: medianUs(p.name.replace(/cached$/, "uncached"), p.batch) });
}

const pad = (s: string, w: number) => s.padStart(w);
const header = ["profile", "defenses", "median µs/event (cached)", "median µs/event (uncached)", "ratio vs 10 (uncached)"];
const lines = [header.join(" | "), header.map((h) => "-".repeat(h.length)).join(" | ")];
for (const r of rows) {
  const base = rows.find((x) => x.profile === r.profile && x.defenses === SIZES[0])!;
  lines.push(
    [r.profile.padEnd(header[0]!.length), pad(String(r.defenses), header[1]!.length), pad(r.cachedUs.toFixed(2), header[2]!.length), pad(r.uncachedUs.toFixed(2), header[3]!.length), pad((r.uncachedUs / base.uncachedUs).toFixed(1), header[4]!.length)].join(
      " | ",
    ),
  );
}
process.stdout.write(`${lines.join("\n")}\n\n`);

process.stdout.write("Cached µs/event at 20 defenses, by step (a one-step chain minus the engine's own cost):\n");
for (const profile of BUILT_IN_PROFILES) {
  const engine = medianUs(`${profile.id}/step/clamp`, batchFor(BUDGET_SIZE));
  const parts = stepPlan
    .filter((x) => x.profile === profile.id && x.step !== "clamp")
    .map((x) => `${x.step} ${Math.max(0, medianUs(x.name, batchFor(BUDGET_SIZE)) - engine).toFixed(2)}`);
  process.stdout.write(`  ${profile.id.padEnd(15)} engine ${engine.toFixed(2)}; ${parts.join(", ")}\n`);
}
process.stdout.write("\n");

let ok = true;
const verdict = (us: number) => `${us.toFixed(2)} µs ${us <= BUDGET_US ? "ok" : "SLOW"}`;
for (const profile of BUILT_IN_PROFILES) {
  const row = (n: number) => rows.find((r) => r.profile === profile.id && r.defenses === n)!;
  const { cachedUs, uncachedUs } = row(BUDGET_SIZE);
  // Growth exponent between 100 and 1,000 defenses: 1 = linear, 2 = quadratic.
  const exponent = Math.log10(row(1000).uncachedUs / row(100).uncachedUs);
  const linear = exponent <= 1.15;
  ok &&= cachedUs <= BUDGET_US && uncachedUs <= BUDGET_US && linear;
  process.stdout.write(
    `${profile.id.padEnd(15)} at ${BUDGET_SIZE} defenses (budget ${BUDGET_US} µs): cached ${verdict(cachedUs)}, uncached ${verdict(uncachedUs)}; growth 100→1000 ~ n^${exponent.toFixed(2)} ${linear ? "ok" : "WORSE THAN LINEAR"}\n`,
  );
}
const load = loadavg().map((l) => l.toFixed(1)).join(" ");
process.stdout.write(`\nNode ${process.version}, ${cpus().length} CPUs, load average ${load} (other processes slow the figures). ${ok ? "Within budget." : "Budget missed: see the rows marked SLOW."}\n`);
