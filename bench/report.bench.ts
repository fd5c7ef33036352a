/**
 * `npm run bench` (second part): compute time of the bestiary report (seed
 * 001) over 5,000 creatures, reading excluded: the import is done
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
 *
 * Third part: reading, end to end. `damage-chain report`
 * (`reportCommand`, in process, text output discarded) over a generated
 * bestiary of 331 dnd5e NPCs shaped like dnd5e's SRD `packs/_source`
 * (`bench/report-tree.ts`), read once from the YAML tree and once from the
 * same creatures compiled into a LevelDB pack, side by side. Budget: the
 * YAML tree at most 3× the pack.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Bench } from "tinybench";
import { buildReport, type Creature } from "../src/core/bestiary/report.ts";
import { BUILT_IN_PROFILES } from "../src/core/profiles.ts";
import { reportCommand } from "../src/cli/report/command.ts";
import { largePopulation } from "../test/core/population.ts";
import { generateBestiary } from "./report-tree.ts";

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

// Reading, end to end: the YAML tree against a LevelDB pack of the same creatures.
const SRD_SIZE = 331;
const READ_RATIO = 3;
const scratch = mkdtempSync(join(tmpdir(), "damage-chain-bench-report-"));
try {
  const { tree, pack, bytes } = await generateBestiary(scratch, SRD_SIZE);
  let errors = "";
  const quiet = { out: () => undefined, err: (text: string) => void (errors += text), isTTY: false, columns: 120 };
  const run = async (path: string) => {
    errors = "";
    const code = await reportCommand([path], { profile: profile.id, amount: "20", lang: "en" }, quiet, false);
    if (code !== 0) throw new Error(`report ${path} exited ${code}: ${errors}`);
  };
  const reading = new Bench({ iterations: 5, time: 0, warmupIterations: 1 });
  reading.add(`YAML tree (${SRD_SIZE} creatures, ${(bytes / 1e6).toFixed(1)} MB)`, async () => {
    await run(tree);
  });
  reading.add(`LevelDB pack (the same ${SRD_SIZE})`, async () => {
    await run(pack);
  });
  await reading.run();
  for (const task of reading.tasks) if ((task.result as { error?: unknown } | undefined)?.error !== undefined) throw (task.result as { error: unknown }).error;
  const [yamlMs, packMs] = reading.tasks.map((task) => {
    const r = task.result as { latency?: { p50?: number }; period?: number } | undefined;
    return r?.latency?.p50 ?? r?.period ?? Number.NaN;
  }) as [number, number];
  const ok = yamlMs <= READ_RATIO * packMs;
  if (!ok) process.exitCode = 1;
  console.log(`\nBestiary report, reading end to end, a generated SRD-shaped bestiary (dnd5e NPCs with items)`);
  console.log(`  ${reading.tasks[0]!.name.padEnd(40)} ${yamlMs.toFixed(1).padStart(8)} ms median   ${(yamlMs / packMs).toFixed(2)}× the pack   ${ok ? "ok" : "OVER"} (budget <= ${READ_RATIO}×)`);
  console.log(`  ${reading.tasks[1]!.name.padEnd(40)} ${packMs.toFixed(1).padStart(8)} ms median`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
