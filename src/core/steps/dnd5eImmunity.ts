/**
 * dnd5e immunity, as dnd5e 5.3.3 `Actor5e#calculateDamage`
 * does it (foundryvtt/dnd5e, commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449,
 * `module/documents/actor/actor.mjs` lines 836-841, with `#changeHasEffect`
 * lines 918-957 and `#changeIsIgnored` lines 971-988):
 *
 * - a part whose type the creature is immune to (`di` holds the type, or
 *   `all` for any damage type) becomes 0;
 * - a physical part (bludgeoning, piercing, slashing) with a property the
 *   immunity's bypasses name (`mgc`, `sil`, `ada`) is not stopped (lines
 *   941-943);
 * - the damage tray's `ignore.immunity` (`true` or types) and `downgrade`
 *   (the immunity counts as a resistance instead: `dnd5eResistance`) switch
 *   it off for that target (lines 975-981).
 *
 * Immunity comes before the damage modification, so an immune part spends
 * no modification (line 840 returns first); an immunity beats a
 * vulnerability because the part is already 0. When no damage is left and an
 * immunity acted, the hit is prevented (as the `immunity` step does, 004 "No
 * Effect"). Reads `defender.dnd5e` and `event.dnd5e` (plain data,
 * `model/dnd5e.ts`); a defender without them has no dnd5e immunity.
 */
import { total, stepNote, type DefenseRef, type Step, type TraceDetail } from "../context.ts";
import { hasEffect } from "../dnd5e/rules.ts";
import { addDetail, applicationOf, dnd5ePart, notActingDetail, traitRef, traitsOf } from "../dnd5e/trace.ts";
import { addOnce } from "./refs.ts";

const KEY = "DAMAGECHAIN.Trace.dnd5eImmunity";

/**
 * The step. Notes: `none`, `prevented` / `partial` {points, types} (points
 * stopped, the immune types). Defenses: the immunities that acted ("Immune
 * Fire", "Immune All"). Details: immunities bypassed, ignored or downgraded.
 */
export const dnd5eImmunity: Step = (ctx) => {
  const traits = traitsOf(ctx);
  if (traits.di.value.length === 0) return stepNote(`${KEY}.none`);
  const app = applicationOf(ctx);
  const types: string[] = [];
  const refs: DefenseRef[] = [];
  const details: TraceDetail[] = [];
  let points = 0;
  for (const part of ctx.parts) {
    if (part.amount === 0) continue;
    const { type, properties } = dnd5ePart(ctx, part);
    const effect = hasEffect(traits, app, "immunity", type, properties);
    if (!effect.applies) {
      addDetail(details, notActingDetail("immunity", effect, type, properties, app));
      continue;
    }
    points += part.amount;
    part.amount = 0;
    addOnce(types, type);
    if (!refs.some((r) => r.type === effect.entry)) refs.push(traitRef("immunity", effect.entry));
  }
  const lines = details.length > 0 ? details : undefined;
  if (points === 0) return stepNote(`${KEY}.none`, undefined, undefined, lines, details.length > 0);
  if (total(ctx) === 0) ctx.stop = "prevented";
  return stepNote(`${KEY}.${ctx.stop === "prevented" ? "prevented" : "partial"}`, { points, types }, refs, lines);
};
