/**
 * Per damage type arithmetic of the revised 4E rules (seed 001, "Resistance",
 * "Vulnerability", "Resistance reduction", "Damage Immunity", "Choosing
 * between multiple Resistances or multiple Vulnerabilities"). All amounts are
 * whole points of damage; every function here is pure. Each defense list is
 * read once per type, and a trace reference is made only for the defense
 * chosen.
 */
import { applies, coversType, half } from "../conditions.ts";
import type { DefenseRef, StepContext } from "../context.ts";
import type { Resistance } from "../model/defenses.ts";
import { defenseRef } from "../steps/refs.ts";

/** What one damage type of a part does against the defender. */
export interface TypeOutcome {
  type: string;
  /** The immunity that applies, if any (counts as mitigating 100%, and beats vulnerability). */
  immunity?: DefenseRef | undefined;
  resistance?: DefenseRef | undefined;
  vulnerability?: DefenseRef | undefined;
  /** Points mitigated, from the original amount. */
  mitigated: number;
  /** Points added, from the original amount (0 when immune). */
  added: number;
}

type Ctx = Pick<StepContext, "defenses" | "event" | "state" | "attack" | "options">;

/**
 * 001 "Choosing between multiple ...": of the candidates whose condition is
 * met, the one with no limit, else the highest limit; ties go to the first
 * listed. True when a candidate of limit `limit` beats the best so far
 * (`found` false: there is none yet; `bestLimit` undefined: no limit).
 */
function beats(found: boolean, bestLimit: number | undefined, limit: number | undefined): boolean {
  return !found || (bestLimit !== undefined && (limit === undefined || limit > bestLimit));
}

/** The best applicable entry of `list` for damage of `type` (see {@link beats}). */
function bestEntry(ctx: Ctx, list: readonly Resistance[], type: string): Resistance | undefined {
  let best: Resistance | undefined;
  for (const r of list) {
    if (!beats(best !== undefined, best?.limit, r.limit) || !coversType(r.type, type) || !applies(r, ctx.event)) continue;
    best = r;
  }
  return best;
}

/** The resistance to `type` that counts: the defender's list, then Variable Resistance (no limit). */
function resistanceFor(ctx: Ctx, type: string): DefenseRef | undefined {
  const best = bestEntry(ctx, ctx.defenses.resistances, type);
  const vr = ctx.state.variableResistance;
  if (vr !== undefined && coversType(vr.resist, type) && beats(best !== undefined, best?.limit, undefined)) {
    return { kind: "resistance", type: vr.resist, via: "variableResistance" };
  }
  return best === undefined ? undefined : defenseRef("resistance", best);
}

/**
 * The vulnerability to `type` that counts: the defender's list, Variable
 * Resistance's vulnerability (no limit), and those gained from the attacker's
 * resistance reduction against `resistance` (001 "Resistance reduction": no
 * limit → limit = value; limit L → limit = min(value, L)). Resistance
 * reduction works "when attacking", so only against attacks.
 */
function vulnerabilityFor(ctx: Ctx, type: string, resistance: DefenseRef | undefined): DefenseRef | undefined {
  const best = bestEntry(ctx, ctx.defenses.vulnerabilities, type);
  let found = best !== undefined;
  let limit = best?.limit;
  let chosen: DefenseRef | undefined;
  const vr = ctx.state.variableResistance;
  if (vr !== undefined && coversType(vr.vulnerable, type) && beats(found, limit, undefined)) {
    chosen = { kind: "vulnerability", type: vr.vulnerable, via: "variableResistance" };
    found = true;
    limit = undefined;
  }
  if (resistance !== undefined && ctx.attack) {
    for (const rr of ctx.event.resistanceReduction) {
      if (!coversType(rr.type, type)) continue;
      const rrLimit = resistance.limit === undefined ? rr.value : Math.min(rr.value, resistance.limit);
      if (!beats(found, limit, rrLimit)) continue;
      chosen = { kind: "vulnerability", type, limit: rrLimit, via: "resistanceReduction" };
      found = true;
      limit = rrLimit;
    }
  }
  if (chosen !== undefined) return chosen;
  return best === undefined ? undefined : defenseRef("vulnerability", best);
}

/** The immunity to `type` that applies to this event, if any (by type; tag immunities belong to the immunity step). */
function immunityFor(ctx: Ctx, type: string): DefenseRef | undefined {
  for (const i of ctx.defenses.immunities) {
    if (i.type !== undefined && coversType(i.type, type) && applies(i, ctx.event)) return defenseRef("immunity", i);
  }
  return undefined;
}

/**
 * What damage type `type` does to the defender for a part of `amount` points
 * (001): resistance against an attack mitigates min(half, limit); against
 * environmental damage the limit, or everything without a limit (never more
 * than `amount`); vulnerability adds min(half, limit) in both cases; an
 * immunity mitigates all of `amount` and nothing is added.
 */
export function typeOutcome(ctx: Ctx, type: string, amount: number): TypeOutcome {
  const immunity = immunityFor(ctx, type);
  if (immunity !== undefined) return { type, immunity, mitigated: amount, added: 0 };
  const halfAmount = half(amount, ctx.options.rounding);
  const resistance = resistanceFor(ctx, type);
  const vulnerability = vulnerabilityFor(ctx, type, resistance);
  let mitigated = 0;
  if (resistance !== undefined) {
    const cap = ctx.attack ? halfAmount : amount;
    mitigated = resistance.limit === undefined ? cap : Math.min(cap, resistance.limit);
  }
  const added = vulnerability === undefined ? 0 : Math.min(halfAmount, vulnerability.limit ?? halfAmount);
  return { type, resistance, vulnerability, mitigated, added };
}
