/**
 * Damage Limit (000 "Damage Limit", RULES.md §2.9): at most DL life points
 * may be lost per round; damage beyond that is ignored (cut from the hit,
 * not taken). The round's count (`state.roundLifeLost`) is raised by the
 * `life` step and reset by `startRound` (the Intention Phase).
 *
 * Several limits: the lowest one that applies to this event wins; a limit the
 * event ignores (e.g. `ignoredBy: ["imbued"]`) is skipped, so the next lowest
 * applies (000 "If your lowest source of DL is ignored ...").
 */
import { applies } from "../conditions.ts";
import { reduceTotal, unabsorbed, stepNote, type Step, type StepNote } from "../context.ts";
import type { DamageLimit } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

const NONE: StepNote = stepNote("DAMAGECHAIN.Trace.damageLimit.none");

/**
 * Takes no options. Cuts max(0, damage − max(0, DL − roundLifeLost)) points
 * from the hit. Notes: `none`, `within` {limit, lost, allowed}, `cut` {limit,
 * lost, allowed, ignored}. Defenses: the limit that applied.
 */
export const damageLimit: Step = (ctx): StepNote => {
  let limit: DamageLimit | undefined;
  for (const dl of ctx.defenses.damageLimits) {
    if ((limit === undefined || dl.value < limit.value) && applies(dl, ctx.event)) limit = dl;
  }
  if (limit === undefined) return NONE;

  const lost = ctx.state.roundLifeLost;
  const allowed = Math.max(0, limit.value - lost);
  const excess = Math.max(0, unabsorbed(ctx) - allowed);
  const defenses = [defenseRef("damageLimit", limit)];
  if (excess === 0) return stepNote("DAMAGECHAIN.Trace.damageLimit.within", { limit: limit.value, lost, allowed }, defenses);
  const ignored = reduceTotal(ctx, excess);
  return stepNote("DAMAGECHAIN.Trace.damageLimit.cut", { limit: limit.value, lost, allowed, ignored }, defenses);
};
