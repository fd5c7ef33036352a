/**
 * Base Damage Negate and Final Damage Negate (000 "Base Damage Negate",
 * "Final Damage Negate"; RULES.md §2.3).
 *
 * Per part still carrying damage: the single highest applicable negate of the
 * step's kind that covers any of the part's types (`coversType`: same type,
 * `all`, `non-physical`). A natural negate is NOT added to it ("Even if you
 * naturally have a BDN, only the highest one will apply"). A negate whose
 * condition fails or that the event ignores (e.g. `imbued`) is skipped, so the
 * next highest is used ("If your greatest source of BDN is ignored ...").
 *
 * The part is negated — it becomes 0; it was not reduced — when its current
 * amount is below the negate. 000 says "less than" for BDN and "less than or
 * equal to" for FDN; the profile options `bdnCompare` (default `lt`) and
 * `fdnCompare` (default `lte`) pick the reading. When every part that carried
 * damage is negated, the chain stops as negated. Profiles place each negate
 * before its flat reduction (BDN before BDR, FDN before FDR), as 000 requires.
 */
import { applies, coversType } from "../conditions.ts";
import { stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import type { Negate } from "../model/defenses.ts";
import type { ProfileOptions } from "../model/profile.ts";
import { addOnce, defenseRef } from "./refs.ts";

/** True when a negate of `type` covers one of `types`. */
function coversAny(type: string, types: readonly string[]): boolean {
  for (const t of types) if (coversType(type, t)) return true;
  return false;
}

/** The highest applicable negate of `kind` covering any of `types` (first listed wins ties). */
function highest(ctx: StepContext, kind: Negate["kind"], types: readonly string[]): Negate | undefined {
  let best: Negate | undefined;
  for (const n of ctx.defenses.negates) {
    if (n.kind !== kind || (best !== undefined && n.value <= best.value) || !coversAny(n.type, types) || !applies(n, ctx.event)) continue;
    best = n;
  }
  return best;
}

/** True when `amount` points of damage are negated by a negate of `value` under `compare`. */
function negates(amount: number, value: number, compare: ProfileOptions["bdnCompare"]): boolean {
  return compare === "lt" ? amount < value : amount <= value;
}

/** The largest `value` of `list` (non-empty). */
function largest(list: readonly Negate[]): number {
  let max = 0;
  for (const n of list) if (n.value > max) max = n.value;
  return max;
}

/**
 * A negate step. Notes under `DAMAGECHAIN.Trace.<bdn|fdn>`: `none`,
 * `overcome` {value}, `negated` / `partial` {points, value, op}, where `value`
 * is the highest negate that negated and `op` the comparison (`<` or `≤`).
 * Defenses: the negates that negated (else those that were overcome).
 */
function negateStep(kind: Negate["kind"]): Step {
  const key = `DAMAGECHAIN.Trace.${kind.toLowerCase()}`;
  // Made once per step, not per hit: the note of a hit the step left alone is shared (notes are only read).
  const none: StepNote = Object.freeze(stepNote(`${key}.none`));
  return (ctx) => {
    const compare = kind === "BDN" ? ctx.options.bdnCompare : ctx.options.fdnCompare;
    const negatedBy: Negate[] = [];
    const overcome: Negate[] = [];
    let points = 0;
    let negatedParts = 0;
    let withDamage = 0;
    for (const part of ctx.parts) {
      if (part.amount === 0) continue;
      withDamage++;
      const n = highest(ctx, kind, part.types);
      if (n === undefined) continue;
      if (!negates(part.amount, n.value, compare)) {
        addOnce(overcome, n);
        continue;
      }
      points += part.amount;
      part.amount = 0;
      negatedParts++;
      addOnce(negatedBy, n);
    }
    if (negatedParts === 0) {
      if (overcome.length === 0) return none;
      return stepNote(`${key}.overcome`, { value: largest(overcome) }, overcome.map((n) => defenseRef(kind, n)));
    }
    const params = { points, value: largest(negatedBy), op: compare === "lt" ? "<" : "≤" };
    const defenses = negatedBy.map((n) => defenseRef(kind, n));
    if (negatedParts < withDamage) return stepNote(`${key}.partial`, params, defenses);
    ctx.stop = "negated";
    return stepNote(`${key}.negated`, params, defenses);
  };
}

/** Base Damage Negate (000): checked on the base damage, before BDR. */
export const bdn: Step = negateStep("BDN");
/** Final Damage Negate (000): checked on the final damage, before FDR. */
export const fdn: Step = negateStep("FDN");
