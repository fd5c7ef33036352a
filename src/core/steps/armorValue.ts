/**
 * Armor value (000 "Armor Value", "Natural Armor", "Layer Armor"; RULES.md §2.6).
 *
 * For each damage type, the armor value is: the highest applicable natural
 * armor + the highest layer + half the second highest layer + half the third
 * highest layer; further layers are ignored. Halves round per the profile
 * (`rounding`, default down), each half on its own. Only entries that apply to
 * the event and cover the type (same type, `all`, `non-physical`) count; an
 * ignored entry lets the next one take its place.
 *
 * A layer is one worn piece (`piece`; an entry without one is its own piece):
 * 000 finds the AV "for each Damage Type", so one piece may list a value per
 * type, and against a type it counts once, with its single best applicable
 * entry covering that type (plate `physical 6` + `all 2`: 6 against physical,
 * 2 against fire). The schema already refuses a second Hard piece (000 "you
 * can only wear one Hard Armor") and a piece of mixed layer kinds. Natural
 * armor is not layered: its highest applicable entry counts, piece or not.
 *
 * Each part still carrying damage loses its armor value (never below 0). A
 * part of several types uses its type with the largest armor value, the same
 * reading as BDR/FDR (see {@link bestType}).
 */
import { applies, coversType, half } from "../conditions.ts";
import { stepNote, type Step, type StepContext, type StepNote, type TraceDetail } from "../context.ts";
import type { Armor } from "../model/defenses.ts";
import { addOnce, bestType, defenseRef, type TypeValue } from "./refs.ts";

/**
 * The armor value against damage of `type`, in points of damage, and the
 * entries it is made of: the highest natural armor, and the three highest
 * layers, each layer being one piece's best entry for `type` (at equal value
 * the first listed entry, and the first listed piece, counts in full).
 */
function armorFor(ctx: StepContext, type: string): TypeValue<Armor> {
  let natural: Armor | undefined;
  let pieces: Map<string | number, Armor> | undefined;
  const armor = ctx.defenses.armor;
  for (let i = 0; i < armor.length; i++) {
    const a = armor[i]!;
    if (!coversType(a.type, type) || !applies(a, ctx.event)) continue;
    if (a.layer === "natural") {
      if (natural === undefined || a.value > natural.value) natural = a;
      continue;
    }
    const key = a.piece ?? i;
    pieces ??= new Map();
    const best = pieces.get(key);
    if (best === undefined || a.value > best.value) pieces.set(key, a);
  }
  if (natural === undefined && pieces === undefined) return NO_ARMOR;
  let first: Armor | undefined;
  let second: Armor | undefined;
  let third: Armor | undefined;
  if (pieces !== undefined) for (const a of pieces.values()) {
    if (first === undefined || a.value > first.value) {
      third = second;
      second = first;
      first = a;
    } else if (second === undefined || a.value > second.value) {
      third = second;
      second = a;
    } else if (third === undefined || a.value > third.value) {
      third = a;
    }
  }
  const used: Armor[] = [];
  let value = 0;
  if (natural !== undefined && natural.value > 0) {
    value += natural.value;
    used.push(natural);
  }
  if (first !== undefined && first.value > 0) {
    value += first.value;
    used.push(first);
  }
  if (second !== undefined && second.value > 0) {
    value += half(second.value, ctx.options.rounding);
    used.push(second);
  }
  if (third !== undefined && third.value > 0) {
    value += half(third.value, ctx.options.rounding);
    used.push(third);
  }
  return { type, value, used };
}

/** What no armor gives (shared, not frozen so that it keeps the shape of every other result: a value of 0 is never applied, so nothing reads or changes its type and list). */
const NO_ARMOR: TypeValue<Armor> = { type: "", value: 0, used: [] };

/** The note of a hit no armor acted on (shared: notes are only read). */
const NONE: StepNote = Object.freeze(stepNote("DAMAGECHAIN.Trace.armorValue.none"));

/**
 * The armor value step. Notes: `none`, `reduced` {points}, with one detail
 * `DAMAGECHAIN.Detail.typeValue` {type, value} per part that changed.
 * Defenses: the natural armor and layers that counted.
 */
export const armorValue: Step = (ctx) => {
  let used: Armor[] | undefined;
  let details: TraceDetail[] | undefined;
  let points = 0;
  for (const part of ctx.parts) {
    if (part.amount === 0) continue;
    // A part of one type (the commonest) is measured on it without a closure.
    const best = part.types.length === 1 ? armorFor(ctx, part.types[0]!) : bestType(part.types, (t) => armorFor(ctx, t));
    if (best === undefined || best.value === 0) continue;
    const cut = Math.min(part.amount, best.value);
    part.amount -= cut;
    points += cut;
    used ??= [];
    for (const a of best.used) addOnce(used, a);
    (details ??= []).push({ key: "DAMAGECHAIN.Detail.typeValue", params: { type: best.type, value: best.value } });
  }
  if (used === undefined || details === undefined) return NONE;
  return stepNote("DAMAGECHAIN.Trace.armorValue.reduced", { points }, used.map((a) => defenseRef("armor", a)), details);
};
