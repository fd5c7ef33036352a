/**
 * Reactions taken against one hit (SRD 5.2 Rogue "Uncanny Dodge": halve an
 * attack's damage). A reaction is never always on: it acts only when the
 * event names it (`event.reactions`, chosen per target when the damage is
 * applied) and the defender has it (`defenses.reactions`) and its condition
 * holds (an attack, by default the entry's `condition`).
 *
 * `halve`: every part is halved, rounded per the profile (down by default).
 * Under the dnd5e profile the halving is a factor of the tray's multiplier
 * instead, so that dnd5e's single rounding holds (`dnd5eResistance.ts`), and
 * this step is not in that profile.
 */
import { applies, half } from "../conditions.ts";
import { stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import type { Reaction } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

const KEY = "DAMAGECHAIN.Trace.reaction";

/** The defender's reactions that the event names and that apply to it, in the defender's order. */
export function reactionsTaken(ctx: Pick<StepContext, "event" | "defenses">): Reaction[] {
  const chosen = ctx.event.reactions;
  if (chosen === undefined || chosen.length === 0) return [];
  return ctx.defenses.reactions.filter((r) => chosen.includes(r.id) && applies(r, ctx.event));
}

/** Takes no options. Notes: `none`, `halved` {before, after}. Defenses: the reactions taken. */
export const reaction: Step = (ctx): StepNote => {
  const taken = reactionsTaken(ctx);
  if (taken.length === 0) return stepNote(`${KEY}.none`);
  let before = 0;
  let after = 0;
  for (const p of ctx.parts) {
    before += p.amount;
    for (const r of taken) if (r.effect === "halve") p.amount = half(p.amount, ctx.options.rounding);
    after += p.amount;
  }
  return stepNote(`${KEY}.halved`, { before, after }, taken.map((r) => defenseRef("reaction", r)));
};
