/**
 * dnd5e resistance, vulnerability and the damage tray's multiplier,
 * as dnd5e 5.3.3 `Actor5e#calculateDamage` does them (foundryvtt/dnd5e,
 * commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449,
 * `module/documents/actor/actor.mjs` lines 806, 850-863, 874-880, with
 * `#changeHasEffect` lines 918-957 and `#changeIsIgnored` lines 971-988).
 * Per part, in this order:
 *
 * 1. the part times the tray's multiplier (`event.dnd5e.multiplier`, ×¼, ×½,
 *    ×1, ×2; line 851), halved once more for each halving reaction the
 *    defender takes against the hit (Uncanny Dodge, `reaction.ts`);
 * 2. resistance (`dr` holds the type or `all`): half of that, rounded toward
 *    0 (`Math.trunc`, line 856). 7 slashing → 3. An immunity the tray
 *    downgrades counts as a resistance (lines 932-939);
 * 3. vulnerability (`dv`): twice that (line 862). 7 radiant → 14.
 *
 * Then the parts are added up and the sum is rounded toward 0 ONCE (line
 * 880): Ice Storm, 9 bludgeoning + 13 cold at ×½, is 4.5 + 6.5 = 11.
 * Bypasses (`mgc`, `sil`, `ada` on a physical part) and the tray's
 * `ignore.resistance` / `ignore.vulnerability` switch a trait off for that
 * part (lines 941-943, 975-984).
 *
 * The chain keeps whole points per part: each part gets its value rounded
 * down and the points the single rounding of the sum leaves over go, one
 * each, to the parts with the largest fractions (first part first on a tie).
 * The total is exactly dnd5e's. Damage only: a negative multiplier (healing)
 * is refused by the schema and left to dnd5e.
 */
import { stepNote, type DefenseRef, type Step, type TraceDetail } from "../context.ts";
import { reactionsTaken } from "./reaction.ts";
import { defenseRef } from "./refs.ts";
import { wholeParts } from "../share.ts";
import { hasEffect } from "../dnd5e/rules.ts";
import { addDetail, applicationOf, dnd5ePart, notActingDetail, traitRef, traitsOf } from "../dnd5e/trace.ts";

const KEY = "DAMAGECHAIN.Trace.dnd5eResistance";
const DETAIL = "DAMAGECHAIN.Detail.dnd5e";


/**
 * The step. Notes: `none` (multiplier 1 and no trait acted), `applied`
 * {sum, total}: the parts' sum before and after the one rounding. Defenses:
 * the resistances and vulnerabilities that acted. Details: per part changed
 * `DAMAGECHAIN.Detail.dnd5e.part|partResist|partVulnerable|partBoth`
 * {amount, type, multiplier, value}; traits bypassed or ignored.
 */
export const dnd5eResistance: Step = (ctx) => {
  const traits = traitsOf(ctx);
  const app = applicationOf(ctx);
  // A reaction that halves (Uncanny Dodge) is one more factor of the tray's multiplier: one rounding, as dnd5e.
  const reactions = reactionsTaken(ctx);
  let multiplier = app.multiplier;
  for (const r of reactions) if (r.effect === "halve") multiplier /= 2;
  const values: number[] = [];
  const details: TraceDetail[] = [];
  const notes: TraceDetail[] = [];
  const defenses: DefenseRef[] = reactions.map((r) => defenseRef("reaction", r));
  let sum = 0;
  let acted = false;
  for (const part of ctx.parts) {
    if (part.amount === 0) {
      values.push(0);
      continue;
    }
    const { type, properties } = dnd5ePart(ctx, part);
    let value = part.amount * multiplier;
    const resist = hasEffect(traits, app, "resistance", type, properties);
    if (resist.applies) value = Math.trunc(value / 2);
    const vulnerable = hasEffect(traits, app, "vulnerability", type, properties);
    if (vulnerable.applies) value *= 2;
    addDetail(notes, notActingDetail("resistance", resist, type, properties, app));
    addDetail(notes, notActingDetail("vulnerability", vulnerable, type, properties, app));
    const refs = [];
    if (resist.applies) refs.push(traitRef(resist.via === "downgrade" ? "immunity" : "resistance", resist.entry));
    if (vulnerable.applies) refs.push(traitRef("vulnerability", vulnerable.entry));
    for (const r of refs) if (!defenses.some((d) => d.kind === r.kind && d.type === r.type)) defenses.push(r);
    if (multiplier !== 1 || refs.length > 0) {
      acted = true;
      const key = resist.applies ? (vulnerable.applies ? "partBoth" : "partResist") : vulnerable.applies ? "partVulnerable" : "part";
      details.push({ key: `${DETAIL}.${key}`, params: { amount: part.amount, type, multiplier, value }, defenses: refs });
    }
    values.push(value);
    sum += value;
  }
  details.push(...notes);
  const lines = details.length > 0 ? details : undefined;
  if (!acted) return stepNote(`${KEY}.none`, undefined, undefined, lines, notes.length > 0);
  const rounded = Math.trunc(sum);
  const whole = wholeParts(values, rounded);
  ctx.parts.forEach((p, i) => (p.amount = whole[i]!));
  return stepNote(`${KEY}.applied`, { sum, total: rounded }, defenses, lines);
};
