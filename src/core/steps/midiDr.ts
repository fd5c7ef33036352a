/**
 * midi-qol's damage reduction (`flags.midi-qol.DR.all`, `non-magical`,
 * `physical`, `spell`, `mwak`… which midi-qol keeps in
 * `system.traits.dm.midi`: midi-qol 11.6.32, github:Trahloc/midi-qol 35bd9c8,
 * `src/midi-qol.ts` lines 234-248), as midi-qol 11.6.32 applies it
 * (`src/module/Hooks.ts`, its `dnd5e.calculateDamage` handler, lines 982-1190):
 *
 * - it runs in `dnd5e.calculateDamage`, which dnd5e calls after the
 *   immunities, modification, multiplier, resistance, vulnerability and
 *   threshold (dnd5e 5.3.3 `module/documents/actor/actor.mjs` lines 833-891),
 *   so it acts on the damage those left (this step comes after
 *   `dnd5eThreshold`);
 * - each reduction is rolled and capped at the damage it selects (lines
 *   1086-1151), they are added up (line 1157, midi-qol's default `maxDRValue`
 *   off: `src/module/settings.ts` line 197), the sum is capped at the hit's
 *   damage (lines 1171-1173) and added as ONE negative part
 *   `{ type: "none", active.DR }` (line 1175);
 * - the GM then adds up every part and rounds the sum toward 0 once
 *   (`src/module/GMAction.ts` `prepareDamageListItems`).
 *
 * The points come with the event (`event.dnd5e.midiDr`, whole points as
 * midi-qol rolled them for this target: the adapter reads them from midi-qol's
 * `none` part). The chain's parts are whole after `dnd5eResistance`'s one
 * rounding, and taking whole points off a whole sum, never below 0, is the
 * same as taking them off the fractional sum before the rounding: the total
 * is midi-qol's. The points are taken from the parts in order.
 */
import { reduceTotal, total, stepNote, type Step } from "../context.ts";
import { applicationOf } from "../dnd5e/trace.ts";

const KEY = "DAMAGECHAIN.Trace.midiDr";

/** The step. Notes: `none` (no reduction, or no damage left), `reduced` {points, value}: points taken off, of midi-qol's `value`. */
export const midiDr: Step = (ctx) => {
  const value = applicationOf(ctx).midiDr ?? 0;
  if (value === 0 || total(ctx) === 0) return stepNote(`${KEY}.none`);
  const points = reduceTotal(ctx, value);
  return stepNote(`${KEY}.reduced`, { points, value });
};
