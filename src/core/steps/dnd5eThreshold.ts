/**
 * dnd5e damage threshold `dt`, as dnd5e 5.3.3
 * `Actor5e#calculateDamage` does it (foundryvtt/dnd5e, commit
 * 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449, `module/documents/actor/actor.mjs`
 * lines 882-891): when the whole hit, after every trait, deals more than 0
 * and less than the creature's `system.attributes.hp.dt`, it deals nothing.
 * A hit of exactly `dt` goes through. The damage tray's `ignore: true` or
 * `ignore.threshold` switches it off (line 884).
 *
 * Checked on the hit's total, after `dnd5eResistance`'s one rounding. A hit
 * stopped by the threshold is negated, as the `fdn` step negates (000).
 */
import { total, stepNote, type DefenseRef, type Step, type StepNote } from "../context.ts";
import { applicationOf, traitsOf } from "../dnd5e/trace.ts";

const KEY = "DAMAGECHAIN.Trace.dnd5eThreshold";

/**
 * The step. Notes: `none` (no threshold, or no damage), `overcome` {value},
 * `ignored` {value} (the tray ignores it), `negated` {points, value}.
 * Defenses: the threshold ("Damage threshold 10").
 */
export const dnd5eThreshold: Step = (ctx): StepNote => {
  const dt = traitsOf(ctx).dt;
  const points = total(ctx);
  if (dt === undefined || points <= 0) return stepNote(`${KEY}.none`);
  const defenses: DefenseRef[] = [{ kind: "threshold", value: dt }];
  if (points >= dt) return stepNote(`${KEY}.overcome`, { value: dt }, defenses);
  const ig = applicationOf(ctx).ignore;
  if (ig === true || (typeof ig === "object" && ig.threshold === true)) return stepNote(`${KEY}.ignored`, { value: dt }, defenses, undefined, true);
  for (const p of ctx.parts) p.amount = 0;
  ctx.stop = "negated";
  return stepNote(`${KEY}.negated`, { points, value: dt }, defenses);
};
