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
 *
 * Entries with `perHit` (an imported dnd5e damage modification `dm`)
 * are not part of the 000 value: each is spent ONCE per hit, as dnd5e
 * 5.3.3 spends `dm` (foundryvtt/dnd5e 965ad2d, `module/documents/actor/actor.mjs`
 * lines 819-831, 846-847). Going through the parts in order, after the 000
 * value, a part takes first the entries of its own type, then those of `all`
 * (or `non-physical`): a reduction takes at most what the part has left and
 * the rest of it goes on to later parts; an addition goes whole to the first
 * part that still carries damage. dnd5e applies one net modification per type
 * before `all`; here reductions (BDR step) come before additions (DV step),
 * which differs from dnd5e only when a type's and the `all` modification have
 * opposite signs.
 */
import { applies, coversType } from "../conditions.ts";
import { stepNote, type Step, type StepContext, type StepNote, type TraceDetail, type WorkingPart } from "../context.ts";
import type { FlatDefense } from "../model/defenses.ts";
import { addOnce, bestType, defenseRef, type TypeValue } from "./refs.ts";

/** Natural + highest other applicable entry of `kind` for damage of `type` in a part of `types`, in points of damage. */
function flatFor(ctx: StepContext, kind: FlatDefense["kind"], type: string, types: readonly string[]): TypeValue<FlatDefense> {
  let natural: FlatDefense | undefined;
  let other: FlatDefense | undefined;
  for (const f of ctx.defenses.flat) {
    if (f.kind !== kind || !coversType(f.type, type) || f.perHit === true) continue;
    const current = f.natural ? natural : other;
    if ((current !== undefined && f.value <= current.value) || !applies(f, ctx.event, types)) continue;
    if (f.natural) natural = f;
    else other = f;
  }
  if (natural === undefined && other === undefined) return NO_FLAT;
  const used: FlatDefense[] = [];
  if (natural !== undefined) used.push(natural);
  if (other !== undefined) used.push(other);
  return { type, value: (natural?.value ?? 0) + (other?.value ?? 0), used };
}

/** What no entry gives (shared, not frozen so that it keeps the shape of every other result: a value of 0 is never applied, so nothing reads or changes its type and list). */
const NO_FLAT: TypeValue<FlatDefense> = { type: "", value: 0, used: [] };

/**
 * A flat step. Notes under `DAMAGECHAIN.Trace.<bdr|fdr|dv>`: `none`, or
 * `reduced` (BDR/FDR) / `added` (DV) {points}, the damage removed or added
 * over all parts, with one detail `DAMAGECHAIN.Detail.typeValue` {type,
 * value} per part that changed (the type it was measured on and the value).
 * Defenses: the entries that counted.
 */
function flatStep(kind: FlatDefense["kind"]): Step {
  const key = `DAMAGECHAIN.Trace.${kind.toLowerCase()}`;
  // Made once per step, not per hit: the note of a hit the step left alone is shared (notes are only read).
  const none: StepNote = Object.freeze(stepNote(`${key}.none`));
  const changedKey = `${key}.${kind === "DV" ? "added" : "reduced"}`;
  return (ctx) => {
    let used: FlatDefense[] | undefined;
    let details: TraceDetail[] | undefined;
    let points = 0;
    const perHit = perHitEntries(ctx, kind);
    for (const part of ctx.parts) {
      if (part.amount === 0) continue;
      // A part of one type (the commonest) is measured on it without a closure.
      const best = part.types.length === 1 ? flatFor(ctx, kind, part.types[0]!, part.types) : bestType(part.types, (t) => flatFor(ctx, kind, t, part.types));
      let change = 0;
      if (best !== undefined && best.value > 0) {
        change = kind === "DV" ? best.value : Math.min(part.amount, best.value);
        part.amount += kind === "DV" ? change : -change;
        used ??= [];
        for (const f of best.used) addOnce(used, f);
      }
      const spent = perHit === undefined ? 0 : spendPerHit(part, kind, perHit, (used ??= []));
      if (change + spent === 0) continue;
      points += change + spent;
      const type = best !== undefined && best.value > 0 ? best.type : part.types[0]!;
      (details ??= []).push({ key: "DAMAGECHAIN.Detail.typeValue", params: { type, value: (best?.value ?? 0) + spent } });
    }
    if (used === undefined || details === undefined) return none;
    return stepNote(changedKey, { points }, used.map((f) => defenseRef(kind, f)), details);
  };
}
/** The applicable `perHit` entries of `kind` with what is left of each this hit, or undefined when there are none. */
function perHitEntries(ctx: StepContext, kind: FlatDefense["kind"]): Map<FlatDefense, number> | undefined {
  let out: Map<FlatDefense, number> | undefined;
  for (const f of perHitOf(ctx.defenses.flat)) if (f.kind === kind && f.value > 0 && applies(f, ctx.event)) (out ??= new Map()).set(f, f.value);
  return out;
}

/** The list `perHitOf` read last and its `perHit` entries: the three flat steps of a hit read one list. */
let lastFlat: readonly FlatDefense[] | undefined;
let lastPerHit: readonly FlatDefense[] = [];
const perHitLists = new WeakMap<readonly FlatDefense[], readonly FlatDefense[]>();

/** The `perHit` entries of a flat list, in list order, found once per list (by identity, like every cache of the core): most lists have none. */
function perHitOf(list: readonly FlatDefense[]): readonly FlatDefense[] {
  if (list === lastFlat) return lastPerHit;
  let found = perHitLists.get(list);
  // An `apart` entry (pf2e's apply-once weakness: holy, water, spells…) is the `pf2eWeaknessOnce` step's, not a flat step's.
  if (found === undefined) perHitLists.set(list, (found = list.filter((f) => f.perHit === true && f.apart !== true)));
  lastFlat = list;
  lastPerHit = found;
  return found;
}

/** Spend the `perHit` entries covering `part`: its own types first, then `all` / `non-physical`. Returns the points changed. */
function spendPerHit(part: WorkingPart, kind: FlatDefense["kind"], left: Map<FlatDefense, number>, used: FlatDefense[]): number {
  let points = 0;
  for (const own of [true, false]) {
    for (const [f, rest] of left) {
      if (rest === 0 || part.amount === 0 || part.types.includes(f.type) !== own || !part.types.some((t) => coversType(f.type, t))) continue;
      const change = kind === "DV" ? rest : Math.min(part.amount, rest);
      part.amount += kind === "DV" ? change : -change;
      left.set(f, rest - change);
      points += change;
      addOnce(used, f);
    }
  }
  return points;
}

/** Base Damage Resistance (000): subtracts from the base damage, after BDN. */
export const bdr: Step = flatStep("BDR");
/** Final Damage Resistance (000): subtracts from the final damage, after FDN. */
export const fdr: Step = flatStep("FDR");
/** Damage Vulnerability (000): adds to the damage. */
export const dv: Step = flatStep("DV");
