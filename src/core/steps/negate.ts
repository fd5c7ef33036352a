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
import type { Step, StepContext } from "../context.ts";
import type { Negate } from "../model/defenses.ts";
import type { ProfileOptions } from "../model/profile.ts";
import { defenseLabel, titleCase } from "./defenseLabel.ts";

/** "BDN 5 Fire", "FDN 3 All (natural)". */
function describe(n: Negate): string {
  return `${n.kind} ${n.value} ${titleCase(n.type)}${n.natural ? " (natural)" : ""}`;
}

/** The highest applicable negate of `kind` covering any of `types` (first listed wins ties). */
function highest(ctx: StepContext, kind: Negate["kind"], types: readonly string[]): Negate | undefined {
  let best: Negate | undefined;
  for (const n of ctx.defenses.negates) {
    if (n.kind !== kind || !types.some((t) => coversType(n.type, t)) || !applies(n, ctx.event)) continue;
    if (best === undefined || n.value > best.value) best = n;
  }
  return best;
}

/** True when `amount` points of damage are negated by a negate of `value` under `compare`. */
function negates(amount: number, value: number, compare: ProfileOptions["bdnCompare"]): boolean {
  return compare === "lt" ? amount < value : amount <= value;
}

/**
 * A negate step. Notes under `DAMAGECHAIN.Trace.<bdn|fdn>`: `none`,
 * `overcome` {value}, `negated` / `partial` {points, value, op}, where `value`
 * is the highest negate that negated and `op` the comparison (`<` or `≤`).
 */
function negateStep(kind: Negate["kind"]): Step {
  const key = `DAMAGECHAIN.Trace.${kind.toLowerCase()}`;
  return (ctx) => {
    const compare = kind === "BDN" ? ctx.options.bdnCompare : ctx.options.fdnCompare;
    const negatedBy: Negate[] = [];
    const overcome: Negate[] = [];
    let points = 0;
    let withDamage = 0;
    for (const part of ctx.parts) {
      if (part.amount === 0) continue;
      withDamage++;
      const n = highest(ctx, kind, part.types);
      if (n === undefined) continue;
      if (!negates(part.amount, n.value, compare)) {
        overcome.push(n);
        continue;
      }
      points += part.amount;
      part.amount = 0;
      negatedBy.push(n);
    }
    if (negatedBy.length === 0) {
      if (overcome.length === 0) return { key: `${key}.none` };
      return { key: `${key}.overcome`, params: { value: Math.max(...overcome.map((n) => n.value)) }, defense: defenseLabel(overcome, describe)! };
    }
    const params = { points, value: Math.max(...negatedBy.map((n) => n.value)), op: compare === "lt" ? "<" : "≤" };
    const defense = defenseLabel(negatedBy, describe)!;
    if (negatedBy.length < withDamage) return { key: `${key}.partial`, params, defense };
    ctx.stop = "negated";
    return { key: `${key}.negated`, params, defense };
  };
}

/** Base Damage Negate (000): checked on the base damage, before BDR. */
export const bdn: Step = negateStep("BDN");
/** Final Damage Negate (000): checked on the final damage, before FDR. */
export const fdn: Step = negateStep("FDN");
