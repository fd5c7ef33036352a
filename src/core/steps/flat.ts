/**
 * Flat reductions and additions per damage type (000 "Base Damage
 * Resistance", "Final Damage Resistance", "Damage Vulnerability"; RULES.md §2.4).
 *
 * For each part still carrying damage and each of its types, the value is
 * the natural value (the highest applicable natural entry) plus the single
 * highest other applicable entry ("you add the highest BDR for each Damage
 * Type to your natural BDR"). Entries of type `all` cover every type,
 * `non-physical` every type but physical. An entry whose condition fails or
 * that the event ignores (e.g. `imbued`) is skipped, so the next best is used
 * ("If your greatest source of BDR is ignored but a lesser source is not,
 * then you can use that lesser source instead").
 *
 * A part of several types uses its type with the largest value: 000 measures
 * these "for each Damage Type" and does not say what a part of several types
 * uses; this is the project's reading (see {@link bestType}).
 *
 * BDR and FDR subtract (never below 0: base damage reduced to 0 "cannot
 * injure"); DV adds. DV is only added to a part that still carries damage, so
 * it does not revive a hit that BDR took to 0.
 */
import { applies, coversType } from "../conditions.ts";
import type { Step, StepContext, TraceDetail } from "../context.ts";
import type { FlatDefense } from "../model/defenses.ts";
import { addOnce, bestType, defenseRef, type TypeValue } from "./refs.ts";

/** Natural + highest other applicable entry of `kind` for damage of `type`, in points of damage. */
function flatFor(ctx: StepContext, kind: FlatDefense["kind"], type: string): TypeValue<FlatDefense> {
  let natural: FlatDefense | undefined;
  let other: FlatDefense | undefined;
  for (const f of ctx.defenses.flat) {
    if (f.kind !== kind || !coversType(f.type, type)) continue;
    const current = f.natural ? natural : other;
    if ((current !== undefined && f.value <= current.value) || !applies(f, ctx.event)) continue;
    if (f.natural) natural = f;
    else other = f;
  }
  const used: FlatDefense[] = [];
  if (natural !== undefined) used.push(natural);
  if (other !== undefined) used.push(other);
  return { type, value: (natural?.value ?? 0) + (other?.value ?? 0), used };
}

/**
 * A flat step. Notes under `DAMAGECHAIN.Trace.<bdr|fdr|dv>`: `none`, or
 * `reduced` (BDR/FDR) / `added` (DV) {points}, the damage removed or added
 * over all parts, with one detail `DAMAGECHAIN.Detail.typeValue` {type,
 * value} per part that changed (the type it was measured on and the value).
 * Defenses: the entries that counted.
 */
function flatStep(kind: FlatDefense["kind"]): Step {
  const key = `DAMAGECHAIN.Trace.${kind.toLowerCase()}`;
  return (ctx) => {
    let used: FlatDefense[] | undefined;
    let details: TraceDetail[] | undefined;
    let points = 0;
    for (const part of ctx.parts) {
      if (part.amount === 0) continue;
      const best = bestType(part.types, (t) => flatFor(ctx, kind, t));
      if (best === undefined || best.value === 0) continue;
      const change = kind === "DV" ? best.value : Math.min(part.amount, best.value);
      part.amount += kind === "DV" ? change : -change;
      points += change;
      used ??= [];
      for (const f of best.used) addOnce(used, f);
      (details ??= []).push({ key: "DAMAGECHAIN.Detail.typeValue", params: { type: best.type, value: best.value } });
    }
    if (used === undefined || details === undefined) return { key: `${key}.none` };
    return { key: `${key}.${kind === "DV" ? "added" : "reduced"}`, params: { points }, defenses: used.map((f) => defenseRef(kind, f)), details };
  };
}
/** Base Damage Resistance (000): subtracts from the base damage, after BDN. */
export const bdr: Step = flatStep("BDR");
/** Final Damage Resistance (000): subtracts from the final damage, after FDN. */
export const fdr: Step = flatStep("FDR");
/** Damage Vulnerability (000): adds to the damage. */
export const dv: Step = flatStep("DV");
