/**
 * `npm run bench` (fourth part, run by vitest with `vitest.bench.config.ts`
 * because it drives the module through the Foundry test double): an area hit
 * through `api.applyDamage` on 100 and 1,000 actors with 20 defenses each
 * (the targets' rows "area hit" and "its chat message" in `docs/benchmark.md`).
 * - Actors: one stat block (identical targets share one plan, as a mob's
 *   do), and at 1,000 also every actor different: its own hit points, and
 *   its own defenses (resistance limits, labels and vulnerabilities drawn
 *   from its index, as a fight's mix of stat blocks; nothing shared). That
 *   row is measured twice: on fresh actors, and hitting the same actors
 *   again (the fight's next area hit: each actor's flags then hold the state
 *   and hit count the last hit left).
 * - Module time: the wall time of `applyDamage` minus the test double's own
 *   database time (its `updateActors` and `createMessage`, less the module's
 *   hook handlers they call, which are module time). Median of 5 runs (or
 *   `DC_AREA_RUNS`), after
 *   one warm-up run. Target at 1,000 actors ≤ 20 ms.
 * - Before each hit, the young generation is collected (two minor GCs):
 *   the 1,000 actors the bench has just made, and the garbage of its last
 *   run, would otherwise be copied by the first minor GC inside the hit, a
 *   cost of the bench's own setup (a world's actors were loaded long before
 *   a fight, and a browser collects the young generation in idle time
 *   between hits). The minor GCs that the hit's own garbage causes stay in
 *   the module time. Measured with a `gc` PerformanceObserver over 36 hits
 *   of rows 2-3: GC inside the hit 19.3 → 10.8 ms per hit, of it in module
 *   time 10.6 → 7.6 ms.
 * - Card size: the chat message's content plus its flags as JSON, in KB.
 *   Target at 1,000 actors ≤ 64 KB.
 * It measures and prints; it asserts nothing (speed is not a test).
 */
import { cpus, loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { it } from "vitest";
import { World, settle, type ApiLike, type Client } from "../test/foundry/double.ts";

/**
 * Measured runs per row (`DC_AREA_RUNS`, default 5). Five show a world's first
 * hits, while V8 still optimises the module; 25 show the steady state of a
 * long fight (docs/benchmark.md gives both).
 */
const RUNS = Math.max(1, Number.parseInt(process.env.DC_AREA_RUNS ?? "", 10) || 5);
const defenses = {
  resistances: Array.from({ length: 10 }, (_, i) => ({ type: i % 2 ? "cold" : "fire", limit: 2 + i, label: `Ward ${i}` })),
  immunities: [{ type: "poison" }],
  vulnerabilities: Array.from({ length: 9 }, (_, i) => ({ type: "radiant", limit: i + 1 })),
};
/** Defenses of their own for actor `i`: every actor's differ from every other's. */
const defensesOf = (i: number) => ({
  resistances: Array.from({ length: 10 }, (_, k) => ({ type: k % 2 ? "cold" : "fire", limit: 2 + k + (i % 7), label: `Ward ${k}.${i}` })),
  immunities: [{ type: i % 2 ? "poison" : "necrotic" }],
  vulnerabilities: Array.from({ length: 9 }, (_, k) => ({ type: k % 3 ? "radiant" : "cold", limit: k + 1 + (i % 5) })),
});
const event = { parts: [{ amount: 12, types: ["fire"] }, { amount: 5, types: ["cold"] }], traits: ["burst"], label: "Fireball" };
/** Rows to run (`DC_AREA_ROWS`, comma-separated indexes 0–3 of the table's four hits; default all): for profiling one row alone. */
const ROWS = process.env.DC_AREA_ROWS?.split(",").map((x) => Number.parseInt(x, 10));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// V8's `gc()`, exposed here (in a fresh context, so the bench needs no node flag).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options: { type: "minor" }) => void;
/**
 * Two minor collections before a hit (see the header): V8 moves an object
 * that survived one to the old generation at the next. Not a full one: that
 * shrinks the young generation to its start size, and the hit then pays
 * many more minor collections than a running world does.
 */
const youngCollected = (): void => {
  gc({ type: "minor" });
  gc({ type: "minor" });
};

/** Time spent in the double's database calls and, inside them, in hook handlers (the module's). */
function instrument(world: World, gm: Client): { db: () => number; reset: () => void } {
  let db = 0;
  let hooks = 0;
  let depth = 0;
  const timed = <A extends unknown[], R>(fn: (...a: A) => R, add: (ms: number) => void) => (...a: A): R => {
    const t0 = performance.now();
    const out = fn(...a);
    if (out instanceof Promise) return out.finally(() => add(performance.now() - t0)) as R;
    add(performance.now() - t0);
    return out;
  };
  const inDb = (ms: number) => { db += ms; };
  const updateActors = world.updateActors.bind(world);
  world.updateActors = async (...a) => {
    depth++;
    try {
      return await timed(updateActors, inDb)(...a);
    } finally {
      depth--;
    }
  };
  world.createMessage = timed(world.createMessage.bind(world), inDb);
  for (const c of world.clients) {
    const inHooks = (ms: number) => { if (depth > 0) hooks += ms; };
    c.hooks.call = timed(c.hooks.call.bind(c.hooks), inHooks);
    c.hooks.callAll = timed(c.hooks.callAll.bind(c.hooks), inHooks);
  }
  void gm;
  return { db: () => db - hooks, reset: () => { db = 0; hooks = 0; } };
}

/**
 * One area hit on `n` actors. `distinct`: every actor has other HP and other
 * defenses, so no two hits are alike and none is shared
 * (`src/foundry/hit/same-hit.ts`); else they are one stat block, as a mob
 * usually is. `again`: the actors of the warm-up are hit again in each
 * measured run (their flags hold what the hits before left).
 */
async function measure(n: number, distinct = false, again = false): Promise<{ n: number; module: number; total: number; kb: number }> {
  const world = new World();
  world.addUser("gm", true);
  const gm = (await world.connect(world.users.get("gm")!)) as Client & { api: ApiLike };
  const clock = instrument(world, gm);
  const totals: number[] = [];
  const modules: number[] = [];
  let kb = 0;
  /** One hit on `actors`, measured unless it is the warm-up. */
  const measured = async (actors: readonly object[], warmUp = false): Promise<void> => {
    const targets = actors.map((actor) => ({ actor }));
    await settle();
    youngCollected();
    clock.reset();
    const t0 = performance.now();
    const out = await gm.api.applyDamage(targets, event);
    const total = performance.now() - t0;
    if (warmUp) return;
    totals.push(total);
    modules.push(total - clock.db());
    const message = world.messages.get(out.messageId!)!;
    kb = new TextEncoder().encode(message.content + JSON.stringify(message.flags)).length / 1024;
  };
  for (let run = 0; run <= RUNS; run++) {
    world.messages.clear();
    if (again && run > 0) {
      await measured([...world.actors.values()]);
      continue;
    }
    world.actors.clear();
    const actors = Array.from({ length: n }, (_, i) =>
      world.addActor({ id: `r${run}a${i}`, name: `Goblin ${i}`, type: "npc", system: { attributes: { hp: { value: distinct ? 30 + i : 30, max: distinct ? 30 + i : 30 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: distinct ? defensesOf(i) : defenses } } }),
    );
    await measured(actors, run === 0); // run 0: warm-up
  }
  return { n, module: median(modules), total: median(totals), kb };
}

it("area hit through api.applyDamage: module time and card size", async () => {
  const rows = [];
  const all = [[100, false, false], [1000, false, false], [1000, true, false], [1000, true, true]] as const;
  for (const [n, distinct, again] of all.filter((_, i) => ROWS === undefined || ROWS.includes(i))) {
    const r = await measure(n, distinct, again);
    const what = `area hit, ${n} actors × 20 defenses${distinct ? ", every actor's HP and defenses different" : ", one stat block"}${again ? ", hit again" : ""}`;
    const target = n === 1000;
    rows.push({ what: `${what}, module time`, value: `${r.module.toFixed(1)} ms`, target: target ? "≤ 20 ms" : "", ok: target ? r.module <= 20 : true });
    rows.push({ what: `  the same, with the double's database time`, value: `${r.total.toFixed(1)} ms`, target: "", ok: true });
    rows.push({ what: `  chat message (content + flags)`, value: `${r.kb.toFixed(1)} KB`, target: n === 1000 ? "≤ 64 KB" : "", ok: n === 1000 ? r.kb <= 64 : true });
  }
  console.log(`\nArea hit (node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}; median of ${RUNS} runs)`);
  console.table(rows);
}, 600_000);
