/**
 * Damage pools (004 "Taking Damage", RULES.md §2.8): damage is taken from
 * pools in order, one point per point — magic armor, physical armor,
 * (monstrous armor,) natural armor, body — and what is left after the last
 * pool becomes one wound at the hit location.
 *
 * Readings (004 leaves these open):
 * - Monstrous armor "reduces the TWO damage to one": D damage reaching M
 *   points of a halving pool removes min(M, half(D)) points (half rounds per
 *   the profile, down by default). If M covered half(D), the damage is fully
 *   soaked; otherwise each of the M points soaked two damage and D − 2·M
 *   passes on to the next pool.
 * - Ablative "next hit goes to pool X" (`state.nextHitPool`): that pool takes
 *   damage first, then the normal order continues. It is consumed by the
 *   first hit that brings damage to this step (more than 0 points).
 * - `pierce` skips every pool in `armorPools`, also an ablative armor pool.
 * - One hit makes at most one wound, at `event.location`, or the torso when
 *   the location is unknown (004 "err on the side of the attacker").
 *
 * Missing pools count as 0 and are skipped. Part amounts are not changed.
 */
import { half } from "../conditions.ts";
import { addTaken, unabsorbed, stepNote, type Step, type StepNote, type TraceDetail } from "../context.ts";
import { MAX_POINTS } from "../model/common.ts";
import { poolsOptionsSchema } from "../model/profile.ts";
import { optionsReader } from "./stepOptions.ts";

const readOptions = optionsReader("pools", poolsOptionsSchema);

/** The pools a hit uses, in order: the ablative pool first, pierce-skipped armor pools removed. */
function hitOrder(order: readonly string[], armorPools: readonly string[], first: string | undefined, pierce: boolean): string[] {
  const list: string[] = [];
  if (first !== undefined && !(pierce && armorPools.includes(first))) list.push(first);
  for (const p of order) if (p !== first && !(pierce && armorPools.includes(p))) list.push(p);
  return list;
}

/**
 * Options: {@link poolsOptionsSchema} (`order`, `armorPools`, `halving`,
 * `wound`). Records resource points removed per pool in `ctx.taken`, and
 * `taken.wound` = 1 when the hit wounds. With `wound: true` every point is
 * soaked after this step; with `wound: false` the leftover stays unabsorbed
 * for a later step. Notes: `none`, `soaked` / `leftover` {points, order,
 * left}, `wound` {points, order, left, location}, where `order` lists the
 * pool keys in the order used; one detail `DAMAGECHAIN.Detail.pool` {pool,
 * points} per pool that lost points.
 */
export const pools: Step = (ctx, options): StepNote => {
  const opts = readOptions(options);
  let left = unabsorbed(ctx);
  if (left === 0) return stepNote("DAMAGECHAIN.Trace.pools.none");
  const pierce = ctx.event.traits.includes("pierce");
  const order = hitOrder(opts.order, opts.armorPools, ctx.state.nextHitPool, pierce);
  delete ctx.state.nextHitPool;

  const incoming = left;
  const details: TraceDetail[] = [];
  for (const key of order) {
    if (left === 0) break;
    const pool = ctx.resources[key];
    if (pool === undefined || pool.value === 0) continue;
    let removed: number;
    if (opts.halving.includes(key)) {
      const halved = half(left, ctx.options.rounding);
      removed = Math.min(pool.value, halved);
      left = removed === halved ? 0 : left - 2 * removed;
    } else {
      removed = Math.min(pool.value, left);
      left -= removed;
    }
    pool.value -= removed;
    addTaken(ctx, key, removed);
    if (removed > 0) details.push({ key: "DAMAGECHAIN.Detail.pool", params: { pool: key, points: removed } });
  }

  const points = incoming - left;
  if (left === 0) {
    ctx.absorbed += incoming;
    return stepNote("DAMAGECHAIN.Trace.pools.soaked", { points, order, left }, undefined, details);
  }
  if (!opts.wound) {
    ctx.absorbed += incoming - left;
    return stepNote("DAMAGECHAIN.Trace.pools.leftover", { points, order, left }, undefined, details);
  }
  const location = ctx.event.location ?? "torso";
  ctx.own("wounds")[location] = Math.min(MAX_POINTS, (ctx.state.wounds[location] ?? 0) + 1);
  addTaken(ctx, "wound", 1);
  ctx.absorbed += incoming;
  return stepNote("DAMAGECHAIN.Trace.pools.wound", { points, order, left, location }, undefined, details);
};
