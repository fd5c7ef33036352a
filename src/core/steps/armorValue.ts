/**
 * Armor value (000 "Armor Value", "Natural Armor", "Layer Armor"; RULES.md §2.6).
 *
 * For each damage type, the armor value is: the highest applicable natural
 * armor + the highest layer + half the second highest layer + half the third
 * highest layer; further layers are ignored. Halves round per the profile
 * (`rounding`, default down), each half on its own. Only entries that apply to
 * the event and cover the type (same type, `all`, `non-physical`) count; an
 * ignored entry lets the next one take its place. The schema already refuses a
 * second Hard layer (000 "you can only wear one Hard Armor").
 *
 * Each part still carrying damage loses its armor value (never below 0). A
 * part of several types uses its type with the largest armor value, the same
 * reading as BDR/FDR (see {@link bestType}).
 */
import { applies, coversType, half } from "../conditions.ts";
import type { Step, StepContext } from "../context.ts";
import type { Armor } from "../model/defenses.ts";
import { bestType, defenseLabel, titleCase, type TypeValue } from "./defenseLabel.ts";

const KEY = "DAMAGECHAIN.Trace.armorValue";

/** Layers that count: the highest, the second and the third (000). */
const COUNTED_LAYERS = 3;

/** "Armor 4 Slashing (hard)". */
function describe(a: Armor): string {
  return `Armor ${a.value} ${titleCase(a.type)} (${a.layer})`;
}

/** The armor value against damage of `type`, in points of damage, and the entries it is made of. */
function armorFor(ctx: StepContext, type: string): TypeValue<Armor> {
  let natural: Armor | undefined;
  const layers: Armor[] = [];
  for (const a of ctx.defenses.armor) {
    if (!coversType(a.type, type) || !applies(a, ctx.event)) continue;
    if (a.layer === "natural") {
      if (natural === undefined || a.value > natural.value) natural = a;
    } else {
      layers.push(a);
    }
  }
  // Stable sort: at equal value the first listed layer counts in full.
  const counted = layers.sort((x, y) => y.value - x.value).slice(0, COUNTED_LAYERS);
  let value = natural?.value ?? 0;
  counted.forEach((a, i) => {
    value += i === 0 ? a.value : half(a.value, ctx.options.rounding);
  });
  const used = natural === undefined ? counted : [natural, ...counted];
  return { type, value, used: used.filter((a) => a.value > 0) };
}

/** The armor value step. Notes: `none`, `reduced` {points, values} (`values`: "type value" per part that changed). */
export const armorValue: Step = (ctx) => {
  const used: Armor[] = [];
  const values: string[] = [];
  let points = 0;
  for (const part of ctx.parts) {
    if (part.amount === 0) continue;
    const best = bestType(part.types, (t) => armorFor(ctx, t));
    if (best === undefined || best.value === 0) continue;
    const cut = Math.min(part.amount, best.value);
    part.amount -= cut;
    points += cut;
    used.push(...best.used);
    values.push(`${best.type} ${best.value}`);
  }
  if (used.length === 0) return { key: `${KEY}.none` };
  return { key: `${KEY}.reduced`, params: { points, values: values.join(", ") }, defense: defenseLabel(used, describe)! };
};
