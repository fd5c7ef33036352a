/**
 * One fork of `baseline.bench.ts`: a fresh process (a fresh V8) that times
 * every case on the baseline's core and today's, interleaved, and prints its
 * measurements as JSON on stdout for the parent to pool. Run by the parent
 * only: `tsx bench/baseline-fork.ts <baseline core.js> <today core.js> <rounds>`.
 *
 * Cases, all cached (the same defender hit again and again): revised-4e, 2
 * and 20 parts against the 20 defenses of the dnd5e comparison (`anchor`,
 * docs/benchmark.md), each profile's benchmark defender of 20 defenses
 * (`defenders.ts`), and dnd5e's traits through the dnd5e profile, each when
 * the baseline has that profile. Every round times each case once per core,
 * in a rotated order (and the two cores in alternating order), so the
 * machine's noise falls on both alike. Time is the process's CPU time
 * (`process.cpuUsage`), not the wall clock: on a shared machine a batch that
 * waits for the CPU would count the wait.
 */
import { importCore, type Core } from "./core-build.ts";
import { ANCHOR_DEFENSES, BENCH_PROFILES, benchInput } from "./defenders.ts";

/** What a fork prints: per case, its µs per call on each core and the ratio of each round. */
export interface ForkResult {
  cases: { name: string; before: number[]; now: number[]; ratios: number[]; note?: string }[];
}

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
/** µs of CPU time per call of a batch of `n` calls. */
function time(fn: () => number, n: number): number {
  let sink = 0;
  const t0 = cpuMs();
  for (let i = 0; i < n; i++) sink += fn();
  const us = ((cpuMs() - t0) * 1000) / n;
  return sink < 0 ? -us : us; // the sum is read, so the calls are not optimised away
}

/** Time every case both cores share, `rounds` interleaved rounds, in this process. */
function measure(baselineCore: Core, todayCore: Core, rounds: number): ForkResult {
  const tasks: { c: Case; before: () => number; now: () => number; batch: number; note?: string }[] = [];
  for (const c of CASES) {
    const before = runner(baselineCore, c);
    const now = runner(todayCore, c);
    if (before === undefined || now === undefined) continue;
    const note = before.final === now.final ? undefined : `${c.name} deals ${now.final} today, ${before.final} at the baseline (the rules changed)`;
    // Warm both up, then size the batch to about 10 ms of the baseline.
    time(before.run, 20_000);
    time(now.run, 20_000);
    const perCall = Math.max(0.05, time(before.run, 20_000));
    tasks.push({ c, before: before.run, now: now.run, batch: Math.max(100, Math.round(10_000 / perCall)), ...(note === undefined ? {} : { note }) });
  }
  const out: ForkResult = { cases: tasks.map((t) => ({ name: t.c.name, before: [], now: [], ratios: [], ...(t.note === undefined ? {} : { note: t.note }) })) };
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < tasks.length; k++) {
      const i = (k + r) % tasks.length;
      const t = tasks[i]!;
      const order = r % 2 === 0;
      const a = time(order ? t.before : t.now, t.batch);
      const b = time(order ? t.now : t.before, t.batch);
      const [before, now] = order ? [a, b] : [b, a];
      const row = out.cases[i]!;
      row.before.push(before);
      row.now.push(now);
      row.ratios.push(now / before);
    }
  }
  return out;
}

const [basePath, nowPath, rounds] = process.argv.slice(2);
if (basePath === undefined || nowPath === undefined) throw new Error("usage: tsx bench/baseline-fork.ts <baseline core.js> <today core.js> <rounds>");
const result = measure(await importCore(basePath), await importCore(nowPath), Number(rounds ?? 15));
process.stdout.write(`${JSON.stringify(result)}\n`);
