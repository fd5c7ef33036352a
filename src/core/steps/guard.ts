/**
 * Guard (003 "Defenses: Guard", RULES.md §2.8): damage from an attack goes to
 * the Guard resource first; the rest goes on to the next step (HP). Guard
 * reaching 0 this way gives the Broken condition. Damage that is not from an
 * attack (the `environmental` trait) skips Guard.
 *
 * A missing guard resource counts as 0. Part amounts are not changed.
 */
import { addTaken, gainCondition, unabsorbed, stepNote, type Step, type StepNote } from "../context.ts";
import { guardOptionsSchema } from "../model/profile.ts";
import { optionsReader } from "./stepOptions.ts";

const readOptions = optionsReader("guard", guardOptionsSchema);

/**
 * Options: {@link guardOptionsSchema} (`resource`, default `guard`). Soaks
 * min(guard, damage) points, records them in `ctx.taken[resource]`, and gives
 * `broken` when guard goes from above 0 to 0 in this hit.
 */
export const guard: Step = (ctx, options): StepNote => {
  const { resource } = readOptions(options);
  if (!ctx.attack) return stepNote("DAMAGECHAIN.Trace.guard.notAttack");
  const pool = ctx.resources[resource];
  const damage = unabsorbed(ctx);
  if (pool === undefined || pool.value === 0) return stepNote("DAMAGECHAIN.Trace.guard.empty", { resource });
  if (damage === 0) return stepNote("DAMAGECHAIN.Trace.guard.none", { resource, value: pool.value });

  const before = pool.value;
  const taken = Math.min(before, damage);
  pool.value -= taken;
  ctx.absorbed += taken;
  addTaken(ctx, resource, taken);
  const params = { resource, taken, before, after: pool.value, left: damage - taken };
  if (pool.value === 0 && gainCondition(ctx, "broken")) return stepNote("DAMAGECHAIN.Trace.guard.broken", params);
  return stepNote("DAMAGECHAIN.Trace.guard.soaked", params);
};
