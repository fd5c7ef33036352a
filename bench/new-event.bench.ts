/**
 * `npx tsx bench/new-event.bench.ts --dnd5e <dnd5e>/module/documents/actor/actor.mjs [--rounds 41] [--other-amounts]`:
 * the dnd5e comparison (docs/benchmark.md, "The speed-and-size goals") for a
 * NEW event object each hit, as a GM's single hits come, beside the same
 * event object hit again and again (what the shared anchor
 * `../shared/perf/dnd5e-anchor.mjs` times, and what an area hit does).
 *
 * revised-4e, 2 and 20 parts against the anchor's 20 defenses (the same
 * defender object every hit), full trace; the "new event" cases cycle through
 * 64 distinct but equal events, each parsed on its own (and, with
 * `--other-amounts`, for comparison only, 64 events whose amounts differ, 16
 * amounts a part). dnd5e's
 * `calculateDamage` is cut out of the dnd5e checkout at run time
 * (`test/properties/dnd5e-anchor.ts`, as the dnd5e differential property
 * does) and timed in the same process. Every round times every case
 * once (a batch of calls, about 20 ms), in a rotated order; a ratio is the
 * median of the per-round ratios (ours / dnd5e, and ours new / same event),
 * with p10–p90. Wall time, as the anchor. The core is timed as Vite bundles
 * it (`core-build.ts`). dnd5e's call comes out about a sixth faster here than
 * in the anchor's process, which times heavier cases beside it: for the
 * goal's figure (docs/benchmark.md) run the anchor on `anchor-new-event.mjs`.
 */
import { cpus, loadavg } from "node:os";
import { loadBuiltCore } from "./core-build.ts";
import { ANCHOR_DEFENSES } from "./defenders.ts";
import { dirname, join } from "node:path";
import { loadDnd5e, type Dnd5eDamage } from "../test/properties/dnd5e-anchor.ts";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : args[i + 1];
};
const dnd5ePath = flag("dnd5e");
if (dnd5ePath === undefined) {
  process.stderr.write("usage: npx tsx bench/new-event.bench.ts --dnd5e <dnd5e>/module/documents/actor/actor.mjs [--rounds 41] [--other-amounts]\n");
  process.exit(2);
}
const ROUNDS = Number(flag("rounds") ?? 41);
/** `--other-amounts`: also time new events whose amounts change (they make the core's code see more shapes, so the other rows come out slower in that run). */
const OTHER_AMOUNTS = args.includes("--other-amounts");
const EVENTS = 64;

// dnd5e: the anchor's defender (21 traits) and damages.
// The tree is three folders above `module/documents/actor/actor.mjs`; the anchor's `Number.isNumeric` stand-in (a list per call), as `dnd5e-anchor.mjs` has it.
const { actor: dnd5eActor, methods: dnd5eMethods } = loadDnd5e(join(dirname(dnd5ePath), "../../.."), { isNumeric: (n) => !(n instanceof Array) && ![null, ""].includes(n as string) && +(n as number) === +(n as number) });
const dndActor = dnd5eActor({
  attributes: { hp: { value: 100000, max: 100000, temp: 0, tempmax: 0 } },
  traits: {
    di: { value: new Set(["poison", "necrotic", "psychic"]), bypasses: new Set(), custom: "" },
    dr: { value: new Set(["fire", "cold", "acid", "lightning", "bludgeoning", "piercing", "slashing"]), bypasses: new Set(["mgc", "sil", "ada"]), custom: "" },
    dv: { value: new Set(["thunder", "radiant", "force"]), bypasses: new Set(), custom: "" },
    dm: { amount: { fire: "-2", cold: "-1", slashing: "-3", lightning: "1" }, bypasses: new Set(["mgc"]) },
  },
});
const AMOUNTS = [17, 8, 12, 5, 9, 14, 3, 11, 6, 20, 7, 15, 4, 10, 13, 16, 2, 18, 19, 1];
const DND_CYCLE = ["fire", "slashing", "cold", "piercing", "acid", "bludgeoning", "lightning", "thunder", "force", "radiant", "poison"];
const dndDamages = (n: number): Dnd5eDamage[] => Array.from({ length: n }, (_, i) => ({ value: AMOUNTS[i]!, type: DND_CYCLE[i % DND_CYCLE.length]!, properties: new Set(i % 2 ? ["mgc"] : []) }));

// Ours: the anchor's 20 defenses, events of its parts.
const core = await loadBuiltCore();
const profile = core.BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
const random = core.seededRandom(1);
const defender = core.defenderSchema.parse({
  name: "Anchor",
  resources: { hp: { value: 100000 } },
  defenses: ANCHOR_DEFENSES,
});
const OUR_CYCLE = ["fire", "physical", "cold", "physical", "acid", "physical", "lightning", "thunder", "force", "radiant", "poison"];
/** An event of `n` parts, each `plus` points above the anchor's amount. */
const ourEvent = (n: number, plus = 0) => core.damageEventSchema.parse({ parts: Array.from({ length: n }, (_, i) => ({ amount: AMOUNTS[i]! + plus, types: [OUR_CYCLE[i % OUR_CYCLE.length]] })), traits: ["advantage"] });

let sink = 0;
const keep = (v: number) => {
  sink = (sink + v) | 0;
};
const hit = (event: ReturnType<typeof ourEvent>) => core.resolve({ event, defender, profile, random, now: 0 });

interface Case {
  name: string;
  fn: () => void;
  batch: number;
}
const cases: Case[] = [];
for (const n of [2, 20]) {
  const damages = dndDamages(n);
  const same = ourEvent(n);
  const many = Array.from({ length: EVENTS }, () => ourEvent(n));
  // The traces must not depend on whether the event is new (checked as plain data).
  const a = JSON.stringify(hit(same));
  for (const e of many.slice(0, 3)) if (JSON.stringify(hit(e)) !== a || JSON.stringify(hit(same)) !== a) throw new Error(`${n} parts: a new event's result differs from the same event's`);
  // Not the goal's measure, for comparison: new events whose amounts change from hit to hit (16 amounts a part), as a fight's hits come.
  const varied = Array.from({ length: EVENTS }, (_, i) => ourEvent(n, i % 16));
  let k = 0;
  let v = 0;
  cases.push(
    { name: `dnd5e ${n}`, fn: () => keep((dndActor.calculateDamage(damages) as { amount: number }).amount), batch: 0 },
    { name: `ours ${n} same event`, fn: () => keep(hit(same).final), batch: 0 },
    { name: `ours ${n} new event`, fn: () => keep(hit(many[k++ & (EVENTS - 1)]!).final), batch: 0 },
  );
  if (OTHER_AMOUNTS) cases.push({ name: `ours ${n} new event, other amounts`, fn: () => keep(hit(varied[v++ & (EVENTS - 1)]!).final), batch: 0 });
}

const now = () => Number(process.hrtime.bigint()) / 1000;
/** µs per call over `n` calls. */
function time(fn: () => void, n: number): number {
  const t0 = now();
  for (let i = 0; i < n; i++) fn();
  return (now() - t0) / n;
}
for (const c of cases) {
  const t0 = now();
  while (now() - t0 < 150_000) time(c.fn, 64); // warm up (JIT)
  // Calibrate: a batch of >= 2 ms, the lowest of 7 trials (a noise burst cannot shrink the batch).
  let n = 1;
  while (time(c.fn, n) * n < 2000 && n < 1e7) n *= 2;
  let best = Infinity;
  for (let t = 0; t < 7; t++) best = Math.min(best, time(c.fn, n));
  c.batch = Math.max(1, Math.round(20_000 / best));
}
const samples = new Map(cases.map((c) => [c.name, [] as number[]]));
for (let r = 0; r < 3 + ROUNDS; r++) {
  for (let k = 0; k < cases.length; k++) {
    const c = cases[(k + r) % cases.length]!;
    const us = time(c.fn, c.batch);
    if (r >= 3) samples.get(c.name)!.push(us);
  }
}

const sorted = (xs: readonly number[]) => [...xs].sort((x, y) => x - y);
const q = (xs: readonly number[], p: number) => sorted(xs)[Math.round((xs.length - 1) * p)]!;
const lines = ["| case | median µs | p10–p90 |", "| --- | ---: | ---: |"];
for (const c of cases) {
  const s = samples.get(c.name)!;
  lines.push(`| ${c.name} | ${q(s, 0.5).toFixed(3)} | ${q(s, 0.1).toFixed(3)}–${q(s, 0.9).toFixed(3)} |`);
}
// No goal verdict here: dnd5e's figure comes out faster in this process than in the anchor's (which times heavier cases beside it), so read the new / same rows, or run the anchor itself on `anchor-new-event.mjs`.
lines.push("", "| ratio (paired per round) | median | p10–p90 |", "| --- | ---: | ---: |");
const ratioRow = (label: string, a: readonly number[], b: readonly number[]) => {
  const r = a.map((x, i) => x / b[i]!);
  lines.push(`| ${label} | ${q(r, 0.5).toFixed(2)} | ${q(r, 0.1).toFixed(2)}–${q(r, 0.9).toFixed(2)} |`);
};
for (const n of [2, 20]) {
  const same = samples.get(`ours ${n} same event`)!;
  for (const kind of ["same event", "new event", ...(OTHER_AMOUNTS ? ["new event, other amounts"] : [])]) ratioRow(`ours ${n} parts, ${kind} / dnd5e ${n}`, samples.get(`ours ${n} ${kind}`)!, samples.get(`dnd5e ${n}`)!);
  ratioRow(`ours ${n} parts, new event / same event`, samples.get(`ours ${n} new event`)!, same);
}
const load = loadavg().map((l) => l.toFixed(2)).join(" ");
lines.push("", `${ROUNDS} interleaved rounds (+3 warm-up), wall time; dnd5e methods cut: ${dnd5eMethods.join(", ")}; Node ${process.version}, ${cpus().length} CPUs, load average ${load}${sink === 0.5 ? "" : "."}`);
process.stdout.write(`${lines.join("\n")}\n`);
