/**
 * `npm run bench` (second part): compute time of the bestiary report (seed
 * 001, issue 9) over 5,000 creatures, reading excluded: the import is done
 * before timing, `buildReport` (counts, the chain's standard hit per damage
 * type, the retrofit, per-type and per-role rows) is timed.
 *
 * Two populations:
 * - typical: 5,000 creatures drawn from the 17 cohorts of 001's starting
 *   bestiary (`test/core/population.ts`), so many share their defenses, as a
 *   real bestiary's do (the chain result is memoised per distinct defenses);
 * - worst: the same with one extra Resist N Thunder of a different N on every
 *   creature, so all 5,000 are distinct and the chain runs 5,000 x 11 types x 2.
 * Budget: < 1 s median for each.
 */
import { cpus, loadavg } from "node:os";
import { Bench } from "tinybench";
import { buildReport, type Creature } from "../src/core/bestiary/report.ts";
import { BUILT_IN_PROFILES } from "../src/core/profiles.ts";
import { largePopulation } from "../test/core/population.ts";

const N = 5000;
const BUDGET_MS = 1000;
const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;

const typical = largePopulation(N);
const worst: Creature[] = typical.map((c, i) => ({
  creature: c.creature,
  defenses: { ...c.defenses, resistances: [...c.defenses.resistances, { type: "thunder", limit: i + 1 }] },
}));

const bench = new Bench({ iterations: 5, time: 0, warmupIterations: 1 });
bench.add(`typical (${N} creatures)`, () => void buildReport(typical, { profile }));
bench.add(`worst, all distinct (${N} creatures)`, () => void buildReport(worst, { profile }));
await bench.run();

console.log(`\nBestiary report, ${N} creatures, profile ${profile.id} (node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)})`);
let over = false;
for (const task of bench.tasks) {
  const r = task.result as { latency?: { p50?: number }; period?: number } | undefined;
  const ms = r?.latency?.p50 ?? r?.period ?? Number.NaN;
  if (!(ms < BUDGET_MS)) over = true;
  console.log(`  ${task.name.padEnd(40)} ${ms.toFixed(1).padStart(8)} ms median   ${ms < BUDGET_MS ? "ok" : "OVER"} (budget < ${BUDGET_MS} ms)`);
}
if (over) process.exitCode = 1;
