/**
 * pf2e's weaknesses applied once per hit: a weakness to `holy`, `unholy`,
 * `water`, `air`, `earth`, `metal`, `wood`, `radiation`, a magic tradition,
 * `spells` or `ghost-touch` (the importer's DV entries with `apart`,
 * `src/core/import/pf2e.ts`, `pf2e-hit-words.ts`). pf2e
 * applies such a weakness apart from the roll's instances (foundryvtt/pf2e
 * `src/module/system/damage/iwr.ts` at 05066b10, `applyIWR`: the
 * `applyOnceWeaknesses` are those whose predicate holds for some instance
 * with the roll's options; each adds its value ONCE to the roll's total,
 * after every instance's immunity, weakness and resistance, and none of these
 * touches it; `src/module/actor/data/iwr.ts` at 05141a62 lists them in
 * `NON_DAMAGE_WEAKNESSES`, ~l. 392, "applied separately as untyped damage").
 * So a devil immune to fire and weak to holy takes its weakness from a holy
 * fire spell, and a fire resistance does not eat it.
 *
 * Here each applicable entry (its `onlyWith` word holds for the hit, no
 * exception holds for some part) adds its value as a part of its own, of type
 * `untyped`, after the profile's resistances. Notes: `none`, `added` {points};
 * defenses: the entries (named by their word, `refs.ts`).
 */
import { applies } from "../conditions.ts";
import { stepNote, type DefenseRef, type Step, type StepContext } from "../context.ts";
import type { FlatDefense } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

const KEY = "DAMAGECHAIN.Trace.pf2eWeaknessOnce";

/** True when `f` holds for the hit: for some part's types (pf2e tests each instance), or for the hit alone when it has no part. */
function appliesToSome(ctx: StepContext, f: FlatDefense): boolean {
  if (ctx.parts.length === 0) return applies(f, ctx.event);
  return ctx.parts.some((p) => applies(f, ctx.event, p.types));
}

/** True when `f` is an `apart` weakness that acts on this hit. */
const acts = (ctx: StepContext, f: FlatDefense): boolean => f.apart === true && f.kind === "DV" && f.value > 0 && appliesToSome(ctx, f);

/**
 * True when some `apart` weakness acts on this hit: then a hit an immunity
 * takes to 0 is not prevented, since pf2e still adds the weakness (the
 * `immunity` step asks).
 */
export function onceWeaknessActs(ctx: StepContext): boolean {
  for (const f of ctx.defenses.flat) if (acts(ctx, f)) return true;
  return false;
}

/** The step. */
export const pf2eWeaknessOnce: Step = (ctx) => {
  let points = 0;
  const refs: DefenseRef[] = [];
  for (const f of ctx.defenses.flat) {
    if (!acts(ctx, f)) continue;
    points += f.value;
    refs.push(defenseRef("DV", f));
  }
  if (points === 0) return stepNote(`${KEY}.none`);
  ctx.parts = [...ctx.parts, { amount: points, types: ["untyped"], base: 0 }];
  return stepNote(`${KEY}.added`, { points }, refs);
};
