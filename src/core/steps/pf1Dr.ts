/**
 * Pathfinder 1e damage reduction (Core Rulebook, Universal Monster Rules /
 * Special Abilities, "Damage Reduction"), on the `reductions` list: a flat
 * entry is "DR value/bypass", its `types` the damage it acts on (the pf1
 * importer gives bludgeoning, piercing and slashing: DR does not reduce
 * energy damage) and its `ignoredBy` the bypass (a word per alternative,
 * "silver or good"; words joined by {@link ALL_OF} all required, "magic and
 * cold iron"; each word read by `core/exceptions.ts`). What the rules say,
 * and how this step does it:
 * - "DR from more than one source ... do not stack. Instead, the creature
 *   gets the benefit of the best damage reduction in a given situation": of
 *   the entries this hit does not overcome, only the highest acts;
 * - "Whenever damage reduction completely negates the damage from an attack
 *   ..." / "subtract the value from the damage dealt by the attack": it acts
 *   ONCE per attack, on the sum of the parts it covers, and the cut is taken
 *   from those parts in order; never below 0;
 * - an entry is overcome when its bypass holds for the hit: a material,
 *   alignment or `magic`/`epic` among the hit's traits, or one of the
 *   covered parts' damage types (DR/bludgeoning against a club).
 * Half reductions are not DR and are left to other profiles.
 * Notes: `none`, `overcome` (every DR met was overcome), `reduced` {points}.
 */
import { conditionMet } from "../conditions.ts";
import { exceptedBy } from "../exceptions.ts";

/**
 * Joins bypass words that must ALL hold for the attack to overcome DR:
 * `magic&coldiron` ("DR 10/magic and cold iron": the weapon must be both).
 * Words of a list without it are alternatives ("silver or good").
 */
export const ALL_OF = "&";

/** True when the attack overcomes DR entry `r`: one of its words (each part of a joined word) holds for the hit (`exceptedBy`: a trait of the hit, or one of the covered parts' types). */
function overcome(r: Reduction, traits: readonly string[], types: readonly string[]): boolean {
  return (r.ignoredBy ?? []).some((w) => w.split(ALL_OF).every((x) => x !== "" && exceptedBy([x], traits, types)));
}
import { coversType } from "../conditions.ts";
import { stepNote, type DefenseRef, type Step, type TraceDetail, type WorkingPart } from "../context.ts";
import type { Reduction } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

const KEY = "DAMAGECHAIN.Trace.pf1Dr";

/** True when DR entry `r` acts on `part`: the part carries damage and `r` covers one of its types (no types: every part). */
function covers(r: Reduction, part: WorkingPart): boolean {
  if (part.amount === 0) return false;
  if (r.types.length === 0) return true;
  for (const rt of r.types) for (const t of part.types) if (coversType(rt, t)) return true;
  return false;
}

/** The trace reference of a DR entry, with its bypass words (named in PF1's words by `explain.ts`). */
function refOf(r: Reduction): DefenseRef {
  const ref = defenseRef("reduction", r);
  delete ref.types;
  ref.system = "pf1";
  delete ref.label;
  ref.bypass = r.ignoredBy ?? [];
  return ref;
}

/** The step. */
export const pf1Dr: Step = (ctx) => {
  let best: Reduction | undefined;
  let sumBest = 0;
  let details: TraceDetail[] | undefined;
  let met = false;
  for (const r of ctx.defenses.reductions) {
    if (r.kind !== "flat" || r.value === 0 || !conditionMet(r.condition, ctx.event)) continue;
    let sum = 0;
    const types = new Set<string>();
    for (const p of ctx.parts) if (covers(r, p)) {
      sum += p.amount;
      for (const t of p.types) types.add(t);
    }
    if (sum === 0) continue;
    met = true;
    if (overcome(r, ctx.event.traits, [...types])) {
      (details ??= []).push({ key: "DAMAGECHAIN.Detail.pf1Overcome", params: {}, defenses: [refOf(r)] });
      continue;
    }
    if (best === undefined || r.value > best.value) {
      best = r;
      sumBest = sum;
    }
  }
  if (!met) return stepNote(`${KEY}.none`);
  // Shown although it changed nothing: the card says why the DR did not apply.
  if (best === undefined) return stepNote(`${KEY}.overcome`, undefined, details!.flatMap((d) => d.defenses ?? []), details!, true);
  const cut = Math.min(best.value, sumBest);
  let left = cut;
  for (const p of ctx.parts) {
    if (left === 0) break;
    if (!covers(best, p)) continue;
    const take = Math.min(p.amount, left);
    p.amount -= take;
    left -= take;
  }
  return stepNote(`${KEY}.reduced`, { points: cut }, [refOf(best)], details);
};
