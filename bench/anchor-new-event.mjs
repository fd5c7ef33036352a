// The shared dnd5e anchor (../shared/perf/dnd5e-anchor.mjs) hits with ONE event object again and
// again. This module stands in for the built core it loads (`--core`), so that the anchor, unchanged,
// times a NEW event object each hit (a GM's single hits) in its own process:
//
//   DC_CORE=/tmp/core-wt/core.js node dnd5e-anchor.mjs --core <project>/bench/anchor-new-event.mjs ...
//
// `resolve` hits with one of 64 distinct but equal events in turn (each parsed on its own from a
// JSON copy of the event it is given). With DC_SAME_EVENT=1 the 64 are the given event itself:
// the same work per call, so the two runs differ only in whether the event object is new. Compare the
// anchor's ratios of a run with and without DC_SAME_EVENT=1. With DC_OTHER_AMOUNTS=1 the 64 events'
// parts are 0 to 15 points above the given amounts (event i: i % 16), as a fight's hits come: the
// anchor's ratios then time new events whose amounts change. Exports only what the anchor reads.
import { resolve as resolvePath } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";

if (!process.env.DC_CORE) throw new Error("anchor-new-event.mjs: set DC_CORE to the built core.js (node <shared>/perf/build-core.mjs <project> <out>)");
const core = await import(pathToFileURL(resolvePath(process.env.DC_CORE)).href);
export const { BUILT_IN_PROFILES, defenderSchema, defensesSchema, damageEventSchema, seededRandom, explainEntry } = core;

const SAME = process.env.DC_SAME_EVENT === "1";
const OTHER_AMOUNTS = process.env.DC_OTHER_AMOUNTS === "1";
if (SAME && OTHER_AMOUNTS) throw new Error("anchor-new-event.mjs: DC_SAME_EVENT and DC_OTHER_AMOUNTS exclude each other");
const EVENTS = 64;
/** Per event the anchor passes: the 64 events hit with in turn. */
const pools = new WeakMap();
let k = 0;

/** The core's `resolve`, with the anchor's event replaced by the next of its 64 equal events. */
export function resolve(input) {
  let pool = pools.get(input.event);
  if (pool === undefined) {
    pool = Array.from({ length: EVENTS }, (_, i) => {
      if (SAME) return input.event;
      const copy = JSON.parse(JSON.stringify(input.event));
      if (OTHER_AMOUNTS) for (const part of copy.parts) part.amount += i % 16;
      return core.damageEventSchema.parse(copy);
    });
    pools.set(input.event, pool);
  }
  return core.resolve({ event: pool[k++ & (EVENTS - 1)], defender: input.defender, profile: input.profile, random: input.random, now: input.now });
}
