/**
 * Life (RULES.md §2.10): the damage still unabsorbed is taken from life.
 *
 * - mode `hp` (000 Life Points, 001 HP, 003 "Dying"): min(life, damage) is
 *   taken from the resource; HP never drops below 0 (003). When the resource
 *   reaches 0 from above in this hit, the defender gains `atZero` (003 Dying;
 *   `incapacitated` for 003's Incapacitation option, which also means the
 *   creature "cannot take damage" while incapacitated; `none` for games
 *   without such a condition). Points taken count toward the round's Damage
 *   Limit (`state.roundLifeLost`, 000).
 * - mode `counters` (002 rules 12–13): an `ally` marks temporary damage
 *   (`state.temporaryDamage`, removed by `endTurn`); anyone else (a champion)
 *   gets damage counters (`state.counters`). The resource is not changed: its
 *   `max` (else its `value`) is the life stat. When counters + temporary
 *   damage reach the life stat, the defender gains `atZero` (002: `dead`)
 *   unless it has the `immortal` trait (002 Immortality hint).
 *
 * A missing resource counts as 0 life: nothing is taken and no condition is
 * gained from it. Part amounts are not changed.
 */
import { addTaken, gainCondition, unabsorbed, stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import { lifeOptionsSchema, type LifeOptions } from "../model/profile.ts";
import { addTally } from "../model/common.ts";
import { optionsReader } from "./stepOptions.ts";

const readOptions = optionsReader("life", lifeOptionsSchema);

/** Points go off the resource, floor 0 (003). */
function takeHp(ctx: StepContext, opts: LifeOptions, damage: number): StepNote {
  const { resource, atZero } = opts;
  const pool = ctx.resources[resource];
  if (pool === undefined) return stepNote("DAMAGECHAIN.Trace.life.missing", { resource });
  if (atZero === "incapacitated" && ctx.state.conditions.includes("incapacitated")) {
    return stepNote("DAMAGECHAIN.Trace.life.incapacitated", { resource });
  }
  const before = pool.value;
  const taken = Math.min(before, damage);
  pool.value -= taken;
  ctx.absorbed += taken;
  ctx.state.roundLifeLost = addTally(ctx.state.roundLifeLost, taken);
  addTaken(ctx, resource, taken);
  const overflow = damage - taken;
  if (before > 0 && pool.value === 0 && atZero !== "none" && gainCondition(ctx, atZero)) {
    return stepNote("DAMAGECHAIN.Trace.life.zero", { resource, before, after: 0, taken, overflow, condition: atZero });
  }
  return stepNote("DAMAGECHAIN.Trace.life.taken", { resource, before, after: pool.value, taken, overflow });
}

/** Damage counters on a champion, temporary damage on an ally (002). */
function markCounters(ctx: StepContext, opts: LifeOptions, damage: number): StepNote {
  const ally = ctx.defender.traits.includes("ally");
  if (ally) {
    ctx.state.temporaryDamage = addTally(ctx.state.temporaryDamage, damage);
    addTaken(ctx, "temporaryDamage", damage);
  } else {
    ctx.state.counters = addTally(ctx.state.counters, damage);
    addTaken(ctx, "counters", damage);
  }
  ctx.absorbed += damage;
  ctx.state.roundLifeLost = addTally(ctx.state.roundLifeLost, damage);

  const pool = ctx.resources[opts.resource];
  const marked = addTally(ctx.state.counters, ctx.state.temporaryDamage);
  if (pool === undefined) {
    const params = { points: damage, marked, resource: opts.resource };
    return stepNote(ally ? "DAMAGECHAIN.Trace.life.temporaryDamageNoLife" : "DAMAGECHAIN.Trace.life.countersNoLife", params);
  }
  const life = pool.max ?? pool.value;
  const params = { points: damage, marked, resource: opts.resource, life };
  const plain = ally ? "DAMAGECHAIN.Trace.life.temporaryDamage" : "DAMAGECHAIN.Trace.life.counters";
  if (marked < life || opts.atZero === "none") return stepNote(plain, params);
  if (ctx.defender.traits.includes("immortal")) return stepNote("DAMAGECHAIN.Trace.life.immortal", params);
  if (gainCondition(ctx, opts.atZero)) return stepNote("DAMAGECHAIN.Trace.life.countersFull", { points: damage, marked, resource: opts.resource, life, condition: opts.atZero });
  return stepNote(plain, params);
}

/** Options: {@link lifeOptionsSchema} (`resource` default `hp`, `mode` `hp` | `counters`, `atZero`). */
export const life: Step = (ctx, options) => {
  const opts = readOptions(options);
  const damage = unabsorbed(ctx);
  return opts.mode === "counters" ? markCounters(ctx, opts, damage) : takeHp(ctx, opts, damage);
};
