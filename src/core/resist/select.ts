/**
 * Per damage type arithmetic of the revised 4E rules (seed 001, "Resistance",
 * "Vulnerability", "Resistance reduction", "Damage Immunity", "Choosing
 * between multiple Resistances or multiple Vulnerabilities"). All amounts are
 * whole points of damage; every function here is pure.
 */
import { applies, coversType, half } from "../conditions.ts";
import type { StepContext } from "../context.ts";
import { describeDefense } from "./describe.ts";

/** A resistance or vulnerability that could apply: its limit (undefined = none) and how to name it. */
export interface Candidate {
  limit: number | undefined;
  /** Rule text for the trace, e.g. `Resist 10 Fire`. */
  text: string;
  /** Name of the defense for the trace's `defense` field (its label, else its rule text). */
  defense: string;
}

/** What one damage type of a part does against the defender. */
export interface TypeOutcome {
  type: string;
  /** The immunity that applies, if any (counts as mitigating 100%, and beats vulnerability). */
  immunity?: Candidate | undefined;
  resistance?: Candidate | undefined;
  vulnerability?: Candidate | undefined;
  /** Points mitigated, from the original amount. */
  mitigated: number;
  /** Points added, from the original amount (0 when immune). */
  added: number;
}

/**
 * 001 "Choosing between multiple ...": of the candidates whose condition is
 * met (callers pass only those), the one with no limit, else the highest
 * limit; ties go to the first listed. Undefined for an empty list.
 */
export function chooseBest(candidates: readonly Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of candidates) {
    if (best === undefined) best = c;
    else if (best.limit !== undefined && (c.limit === undefined || c.limit > best.limit)) best = c;
  }
  return best;
}

type Ctx = Pick<StepContext, "defenses" | "event" | "state" | "attack" | "options">;

/** Applicable resistances for `type`: the defender's list, then Variable Resistance (no limit). */
function resistanceCandidates(ctx: Ctx, type: string): Candidate[] {
  const out: Candidate[] = [];
  for (const r of ctx.defenses.resistances) {
    if (!coversType(r.type, type) || !applies(r, ctx.event)) continue;
    const text = describeDefense("Resist", r);
    out.push({ limit: r.limit, text, defense: r.label || text });
  }
  const vr = ctx.state.variableResistance;
  if (vr !== undefined && coversType(vr.resist, type)) {
    const text = describeDefense("Resist", { type: vr.resist }, "Variable Resistance");
    out.push({ limit: undefined, text, defense: "Variable Resistance" });
  }
  return out;
}

/**
 * Applicable vulnerabilities for `type`: the defender's list, Variable
 * Resistance's vulnerability (no limit), and those gained from the attacker's
 * resistance reduction against `resistance` (001 "Resistance reduction": no
 * limit → limit = value; limit L → limit = min(value, L)). Resistance
 * reduction works "when attacking", so only against attacks.
 */
function vulnerabilityCandidates(ctx: Ctx, type: string, resistance: Candidate | undefined): Candidate[] {
  const out: Candidate[] = [];
  for (const v of ctx.defenses.vulnerabilities) {
    if (!coversType(v.type, type) || !applies(v, ctx.event)) continue;
    const text = describeDefense("Vulnerable", v);
    out.push({ limit: v.limit, text, defense: v.label || text });
  }
  const vr = ctx.state.variableResistance;
  if (vr !== undefined && coversType(vr.vulnerable, type)) {
    const text = describeDefense("Vulnerable", { type: vr.vulnerable }, "Variable Resistance");
    out.push({ limit: undefined, text, defense: "Variable Resistance" });
  }
  if (resistance !== undefined && ctx.attack) {
    for (const rr of ctx.event.resistanceReduction) {
      if (!coversType(rr.type, type)) continue;
      const limit = resistance.limit === undefined ? rr.value : Math.min(rr.value, resistance.limit);
      const text = describeDefense("Vulnerable", { type, limit }, "resistance reduction");
      out.push({ limit, text, defense: text });
    }
  }
  return out;
}

/** The immunity to `type` that applies to this event, if any (by type; tag immunities belong to the immunity step). */
function immunityFor(ctx: Ctx, type: string): Candidate | undefined {
  for (const i of ctx.defenses.immunities) {
    if (i.type === undefined || !coversType(i.type, type) || !applies(i, ctx.event)) continue;
    const text = describeDefense("Immune", { type: i.type, label: i.label });
    return { limit: undefined, text, defense: i.label || text };
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
  const resistance = chooseBest(resistanceCandidates(ctx, type));
  const vulnerability = chooseBest(vulnerabilityCandidates(ctx, type, resistance));
  let mitigated = 0;
  if (resistance !== undefined) {
    const cap = ctx.attack ? halfAmount : amount;
    mitigated = resistance.limit === undefined ? cap : Math.min(cap, resistance.limit);
  }
  const added = vulnerability === undefined ? 0 : Math.min(halfAmount, vulnerability.limit ?? halfAmount);
  return { type, resistance, vulnerability, mitigated, added };
}
