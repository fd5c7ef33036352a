/**
 * A target's share of one area hit. One quantity dealt to a
 * set of targets is one event (002 rule 16); each target may take a share of
 * it: all of it (×1), half (a save, ×½), none (×0), double (×2), or any
 * multiplier from 0 to 1000, and may be left out of some of the hit's parts
 * ("apply only the fire").
 *
 * Where it sits: BEFORE the chain, on the incoming damage, as dnd5e's damage
 * tray applies its per-target multiplier (dnd5e 5.3.3 `Actor5e#calculateDamage`,
 * `module/documents/actor/actor.mjs` line 851, before resistance at 856) and
 * as pf2e halves a basic save's damage roll before IWR: a save changes what
 * comes in, and every defense then acts on that (a resistance halves the
 * saved half; a flat reduction takes its points off it). The reading is
 * written in docs/architecture.md ("Readings where the sources are silent").
 *
 * Rounding: each kept part is multiplied (exactly: the multiplier is the
 * decimal as written, so 100 × 0.29 is 29), the parts are added up and the sum
 * is rounded DOWN once (dnd5e's `Math.trunc` of the sum, line 880); the
 * whole points go to each part's rounded-down value first, and the points
 * left over, one each, to the parts with the largest fractions (the first
 * part on a tie). 27 fire at ×½ is 13; Ice Storm, 9 bludgeoning + 13 cold at
 * ×½, is 4.5 + 6.5 = 11, as 5 + 6.
 */
import { typeLabel } from "./labels.ts";
import type { Localizer } from "./localizer.ts";
import type { DamageEvent } from "./model/event.ts";
import { storageKey } from "./model/common.ts";
import { z } from "./zod.ts";

/** The most parts an event may have that a share can name (`parts` indexes below it). */
const MAX_PART_INDEX = 64;

/**
 * A target's share: `multiplier` (a number from 0 to 1000; default 1) and,
 * when given, `parts`: the indexes (from 0) of the event's parts this target
 * takes, the others left out, and `reactions` it takes against the hit. Invalid input is refused naming the field.
 */
export const shareSchema = z.strictObject({
  multiplier: z._default(z.number().check(z.gte(0), z.lte(1000)), 1),
  parts: z.optional(z.array(z.int().check(z.gte(0), z.lt(MAX_PART_INDEX))).check(z.maxLength(MAX_PART_INDEX))),
  /** The target's reactions taken against this hit (ids of its `defenses.reactions`: Uncanny Dodge), chosen when the damage is applied. */
  reactions: z.optional(z.array(storageKey).check(z.maxLength(16))),
});
export type Share = z.infer<typeof shareSchema>;
export type ShareInput = z.input<typeof shareSchema>;

/**
 * Whole points per part for `values` (points, ≥ 0, possibly fractional) that
 * add up to `sum` (whole, at least the sum of the values rounded down): each
 * value rounded down, then one point each to the largest fractions, the
 * first on a tie. Used wherever dnd5e rounds a sum once (the dnd5e
 * profile's resistance step, dnd5e's own damage parts).
 */
export function wholeParts(values: readonly number[], sum: number): number[] {
  const out = values.map((v) => Math.floor(v));
  let left = sum - out.reduce((s, v) => s + v, 0);
  if (left <= 0 || out.length === 0) return out;
  const order = values.map((v, i) => ({ i, f: v - Math.floor(v) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k]!.i]! += 1;
  return out;
}

/** True when `share` changes nothing (×1, every part). */
export function isFullShare(share: Share | undefined): boolean {
  return share === undefined || (share.multiplier === 1 && share.parts === undefined && (share.reactions === undefined || share.reactions.length === 0));
}

/**
 * `multiplier` (a finite number ≥ 0) as the exact fraction its shortest
 * decimal writing says (`0.29` → 29/100, `1e-7` → 1/10000000): the number
 * typed, not the nearest binary double (0.29 × 100 is 28.999999999999996).
 */
function decimalFraction(multiplier: number): { num: bigint; den: bigint } {
  const [mantissa = "0", exponent = "0"] = String(multiplier).split("e");
  const [int = "0", frac = ""] = mantissa.split(".");
  let num = BigInt(int + frac);
  let den = 10n ** BigInt(frac.length);
  const e = Number(exponent);
  if (e > 0) num *= 10n ** BigInt(e);
  else den *= 10n ** BigInt(-e);
  return { num, den };
}

/**
 * The parts of `amounts` (whole points) times `multiplier`, in whole points:
 * computed exactly (`decimalFraction`), the sum rounded down once, the whole
 * points to each part's rounded-down value first and the points left over,
 * one each, to the largest remainders (the first part on a tie).
 */
function multiplied(amounts: readonly number[], multiplier: number): number[] {
  const { num, den } = decimalFraction(multiplier);
  const exact = amounts.map((a) => BigInt(a) * num);
  const out = exact.map((x) => x / den);
  let left = exact.reduce((s, x) => s + x, 0n) / den - out.reduce((s, x) => s + x, 0n);
  const order = exact.map((x, i) => ({ i, r: x % den })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; left > 0n; k++, left--) out[order[k]!.i]! += 1n;
  return out.map(Number);
}

/**
 * `event` as one target takes it under `share`: the parts it is not given
 * are left out, the rest multiplied and rounded as described above (points
 * of damage, whole, ≥ 0). Traits, source, modifiers and the label stay the
 * event's. A share that keeps no part of the event (`parts: []`, or only
 * indexes it lacks) is a hit of 0: one untyped part of 0 points and none of
 * the event's modifiers (its extra damage and power changes belong to the
 * parts this target does not take). Returns `event` itself for a full share.
 * Pure; never throws for a valid event and share, and the result is a valid event.
 */
export function shareEvent(event: DamageEvent, share: Share | undefined): DamageEvent {
  if (share === undefined || isFullShare(share)) return event;
  const kept = share.parts === undefined ? event.parts : event.parts.filter((_p, i) => share.parts!.includes(i));
  let out: DamageEvent;
  if (kept.length === 0) out = { ...event, parts: [{ amount: 0, types: [] }], modifiers: [] };
  else {
    const whole = multiplied(kept.map((p) => p.amount), share.multiplier);
    out = { ...event, parts: kept.map((p, i) => ({ ...p, amount: whole[i]! })) };
  }
  if (share.reactions !== undefined && share.reactions.length > 0) out.reactions = [...share.reactions];
  return out;
}

/** The share's name for a card or a dialog: `full`, `half`, `none`, `double`, or `other` (any other multiplier). */
export function shareKind(share: Share | undefined): "full" | "half" | "none" | "double" | "other" {
  const m = share?.multiplier ?? 1;
  return m === 1 ? "full" : m === 0.5 ? "half" : m === 0 ? "none" : m === 2 ? "double" : "other";
}

/**
 * A target's share in the reader's language (lang keys `DAMAGECHAIN.Share.*`):
 * "saved: half", "none", "double", "×0.25", and "only Fire/Cold" when parts
 * were left out (`types`: the type ids of the parts it took). Empty for a full share.
 */
export function shareText(share: { multiplier: number; types?: string[] }, l: Localizer): string {
  const kind = shareKind({ multiplier: share.multiplier });
  const amount = kind === "other" ? l.format("DAMAGECHAIN.Share.times", { multiplier: String(share.multiplier) }) : kind === "full" ? "" : l.format(`DAMAGECHAIN.Share.${kind}`);
  const only = share.types === undefined ? "" : l.format("DAMAGECHAIN.Share.only", { types: share.types.length === 0 ? l.format("DAMAGECHAIN.Share.nothing") : share.types.map((t) => typeLabel(t, l)).join("/") });
  return [amount, only].filter((x) => x !== "").join(", ");
}
