/**
 * Resistance / vulnerability step: the revised 4E rules (seed 001,
 * "Resistance", "Vulnerability", "Resistance reduction", "Simultaneously
 * Applying Resistances and Vulnerabilities", "Resolving attacks with multiple
 * damage types"; RULES.md §2.5).
 *
 * Each part is resolved on its own from its amount A when the step starts:
 * - one type: final = A − mitigated + added, both computed from A; an
 *   immunity to the type gives 0 (immunity beats vulnerability);
 * - several types: the two largest mitigations (an immunity mitigates all of
 *   A) are summed and halved, likewise the two largest additions; final =
 *   A − M + V, never below 0.
 * Halves round per the profile's `rounding` option (001: down).
 */
import { half } from "../conditions.ts";
import type { Step, StepContext } from "../context.ts";
import { typesText } from "../resist/describe.ts";
import { typeOutcome, type TypeOutcome } from "../resist/select.ts";

/** How one part came out. Points of damage. */
export interface PartResult {
  original: number;
  final: number;
  /** Points mitigated (after the multi-type halving). */
  mitigated: number;
  /** Points added (after the multi-type halving). */
  added: number;
  /** Per-type outcomes whose mitigation counted (one type: that type; several: the two largest). */
  mitigations: TypeOutcome[];
  /** Per-type outcomes whose addition counted. */
  additions: TypeOutcome[];
}

type Ctx = Pick<StepContext, "defenses" | "event" | "state" | "attack" | "options">;

/** The (up to) two outcomes with the largest `key`, largest first; ties keep the part's type order. */
function topTwo(outcomes: readonly TypeOutcome[], key: "mitigated" | "added"): TypeOutcome[] {
  return [...outcomes].sort((a, b) => b[key] - a[key]).slice(0, 2);
}

/**
 * Resolve one part of `amount` points with damage `types` against the
 * defenses in `ctx` (001). Pure; never negative. A part with no types is
 * returned unchanged.
 */
export function resolvePart(ctx: Ctx, types: readonly string[], amount: number): PartResult {
  const distinct = [...new Set(types)];
  const outcomes = distinct.map((t) => typeOutcome(ctx, t, amount));
  if (outcomes.length <= 1) {
    const only = outcomes[0];
    const mitigated = only?.mitigated ?? 0;
    const added = only?.added ?? 0;
    const list = only === undefined ? [] : [only];
    return { original: amount, final: Math.max(0, amount - mitigated + added), mitigated, added, mitigations: list, additions: list };
  }
  const mitigations = topTwo(outcomes, "mitigated");
  const additions = topTwo(outcomes, "added");
  const mitigated = half(mitigations.reduce((s, o) => s + o.mitigated, 0), ctx.options.rounding);
  const added = half(additions.reduce((s, o) => s + o.added, 0), ctx.options.rounding);
  return { original: amount, final: Math.max(0, amount - mitigated + added), mitigated, added, mitigations, additions };
}

/** Trace pieces for the mitigations that counted: `Resist 10 Fire −10`, `Immune Fire −17`. */
function mitigationPieces(outcomes: readonly TypeOutcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) {
    const source = o.immunity ?? o.resistance;
    if (source !== undefined) out.push(`${source.text} −${o.mitigated}`);
  }
  return out;
}

/** Trace pieces for the additions that counted: `Vulnerable 5 Cold +5`. */
function additionPieces(outcomes: readonly TypeOutcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) if (o.vulnerability !== undefined) out.push(`${o.vulnerability.text} +${o.added}`);
  return out;
}

/**
 * One line of the trace for a part, e.g. `27 fire: Resist 10 Fire −10 → 17`
 * or `17 fire+cold: resist (Resist Fire −8) ÷ 2 = −4, vulnerable (Vulnerable
 * 5 Cold +5) ÷ 2 = +2 → 15`. Empty when no defense applied to the part.
 */
function describePart(types: readonly string[], r: PartResult): string {
  const res = mitigationPieces(r.mitigations);
  const vul = additionPieces(r.additions);
  if (res.length === 0 && vul.length === 0) return "";
  const head = `${r.original} ${typesText(types)}`;
  if (new Set(types).size <= 1) return `${head}: ${[...res, ...vul].join(", ")} → ${r.final}`;
  const sections: string[] = [];
  if (res.length > 0) sections.push(`resist (${res.join(", ")}) ÷ 2 = −${r.mitigated}`);
  if (vul.length > 0) sections.push(`vulnerable (${vul.join(", ")}) ÷ 2 = +${r.added}`);
  return `${head}: ${sections.join(", ")} → ${r.final}`;
}

/** Names of the defenses that counted for a part, for the trace's `defense` field. */
function responsible(r: PartResult): string[] {
  const out: string[] = [];
  for (const o of r.mitigations) {
    const source = o.immunity ?? o.resistance;
    if (source !== undefined) out.push(source.defense);
  }
  for (const o of r.additions) if (o.vulnerability !== undefined) out.push(o.vulnerability.defense);
  return out;
}

/**
 * The step. Changes each part's amount; trace key
 * `DAMAGECHAIN.Trace.resistance.applied` with params `details` (one line per
 * part, joined by `; `), `mitigated` and `added` (points over all parts), and
 * `defense` = the labels of the defenses that counted; or `.none` when no
 * resistance, vulnerability or immunity applied to any part.
 */
export const resistance: Step = (ctx) => {
  const lines: string[] = [];
  const defenses = new Set<string>();
  let mitigated = 0;
  let added = 0;
  for (const p of ctx.parts) {
    if (p.amount <= 0) continue;
    const r = resolvePart(ctx, p.types, p.amount);
    const line = describePart(p.types, r);
    if (line === "") continue;
    lines.push(line);
    for (const d of responsible(r)) defenses.add(d);
    mitigated += r.mitigated;
    added += r.added;
    p.amount = r.final;
  }
  if (lines.length === 0) return { key: "DAMAGECHAIN.Trace.resistance.none" };
  return { key: "DAMAGECHAIN.Trace.resistance.applied", params: { details: lines.join("; "), mitigated, added }, defense: [...defenses].join(", ") };
};
