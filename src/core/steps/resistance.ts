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
import { stepNote, type DefenseRef, type Step, type StepNote, type TraceDetail } from "../context.ts";
import type { ProfileOptions } from "../model/profile.ts";
import type { KeptNote, TypePick } from "../resist/candidates.ts";
import { APPLIED, fromKept, NONE, singleLine, type SingleParams } from "../resist/kept.ts";
import { choicesKept, markedTable, TypeSelector, type TypeOutcome } from "../resist/select.ts";

/** How one part came out. Points of damage. */
export interface PartResult {
  original: number;
  final: number;
  /** The part's distinct damage types, in order (the part's own list when no type repeats: do not change it). */
  types: readonly string[];
  /** Points mitigated (after the multi-type halving). */
  mitigated: number;
  /** Points added (after the multi-type halving). */
  added: number;
  /** Per-type outcomes whose mitigation counted (one type: that type; several: the two largest). */
  mitigations: TypeOutcome[];
  /** Per-type outcomes whose addition counted. */
  additions: TypeOutcome[];
}

/** The (up to) two outcomes with the largest `key`, largest first; ties keep the part's type order. */
function topTwo(outcomes: readonly TypeOutcome[], key: "mitigated" | "added"): TypeOutcome[] {
  let first: TypeOutcome | undefined;
  let second: TypeOutcome | undefined;
  for (const o of outcomes) {
    if (first === undefined || o[key] > first[key]) {
      second = first;
      first = o;
    } else if (second === undefined || o[key] > second[key]) {
      second = o;
    }
  }
  return second === undefined ? (first === undefined ? [] : [first]) : [first!, second];
}

/**
 * Resolve one part of `amount` points with damage `types` against the
 * defenses `selector` chose for this hit (001), halves rounded per
 * `rounding`. Never negative. A part with no types is returned unchanged.
 */
export function resolvePart(selector: TypeSelector, rounding: ProfileOptions["rounding"], types: readonly string[], amount: number): PartResult {
  if (types.length === 1) {
    const only = selector.outcome(types[0]!, amount);
    const list = [only];
    return { original: amount, final: Math.max(0, amount - only.mitigated + only.added), types, mitigated: only.mitigated, added: only.added, mitigations: list, additions: list };
  }
  const outcomes: TypeOutcome[] = [];
  for (let i = 0; i < types.length; i++) {
    const t = types[i]!;
    if (types.indexOf(t) < i) continue; // a type listed twice counts once
    outcomes.push(selector.outcome(t, amount));
  }
  const distinct = outcomes.length === types.length ? types : outcomes.map((o) => o.type);
  if (outcomes.length <= 1) {
    const only = outcomes[0];
    const mitigated = only?.mitigated ?? 0;
    const added = only?.added ?? 0;
    const list = only === undefined ? [] : [only];
    return { original: amount, final: Math.max(0, amount - mitigated + added), types: distinct, mitigated, added, mitigations: list, additions: list };
  }
  const mitigations = topTwo(outcomes, "mitigated");
  const additions = topTwo(outcomes, "added");
  let mitigatedSum = 0;
  for (const o of mitigations) mitigatedSum += o.mitigated;
  let addedSum = 0;
  for (const o of additions) addedSum += o.added;
  const mitigated = half(mitigatedSum, rounding);
  const added = half(addedSum, rounding);
  return { original: amount, final: Math.max(0, amount - mitigated + added), types: distinct, mitigated, added, mitigations, additions };
}


/**
 * The detail line of a part, or undefined when no defense applied to it:
 * the defenses that counted (mitigations, then additions) with the points
 * each did, and the part's arithmetic. Keys under `DAMAGECHAIN.Detail.resistance`:
 * `single` (one type: amount − each mitigation + each addition), or for
 * several types `multiResist`, `multiVulnerable`, `multiBoth` (the counted
 * mitigations and additions, each sum halved). Params: `amount`, `partTypes`,
 * `mitigated`, `added`, `final`.
 */
function partDetail(r: PartResult): TraceDetail | undefined {
  let defenses: DefenseRef[] | undefined;
  let points: number[] | undefined;
  let resist = false;
  let vulnerable = false;
  for (const o of r.mitigations) {
    const source = o.immunity ?? o.resistance;
    if (source === undefined) continue;
    (defenses ??= []).push(source);
    (points ??= []).push(o.mitigated);
    resist = true;
  }
  for (const o of r.additions) {
    if (o.vulnerability === undefined) continue;
    (defenses ??= []).push(o.vulnerability);
    (points ??= []).push(o.added);
    vulnerable = true;
  }
  if (defenses === undefined || points === undefined) return undefined;
  const key =
    r.types.length <= 1
      ? "DAMAGECHAIN.Detail.resistance.single"
      : resist && vulnerable
        ? "DAMAGECHAIN.Detail.resistance.multiBoth"
        : resist
          ? "DAMAGECHAIN.Detail.resistance.multiResist"
          : "DAMAGECHAIN.Detail.resistance.multiVulnerable";
  return { key, params: { amount: r.original, partTypes: r.types, mitigated: r.mitigated, added: r.added, final: r.final }, defenses, points };
}

/** The lines of a kept note with none to copy. */
const NO_LINES: readonly TraceDetail[] = Object.freeze([]);

/**
 * The step. Changes each part's amount; trace key
 * `DAMAGECHAIN.Trace.resistance.applied` with params `mitigated` and `added`
 * (points over all parts), one detail per part a defense applied to (see
 * {@link partDetail}), and the defenses that counted; or `.none` when no
 * resistance, vulnerability or immunity applied to any part.
 */
export const resistance: Step = (ctx) => {
  let details: TraceDetail[] | undefined;
  // The trace lists each defense once. The selector gives one reference per
  // defense, and within one hit at most one of several entries with equal
  // names can be chosen (the first that applies wins ties), so identity is
  // the same test as equal fields.
  let defenses: DefenseRef[] | undefined;
  const table = markedTable(ctx);
  const rounding = ctx.options.rounding;
  const parts = ctx.parts;
  // From an event's second hit on defenders of the same lists (or an alike event's), the note of the hit before holds when the parts come in alike, or gives the defenses when only amounts changed (`kept.ts`).
  let shape: KeptNote["parts"] | undefined;
  /** Parts with a detail line, or -1 once a part of several types is seen (its lines' defenses depend on the amounts). */
  let named = 0;
  if (choicesKept(ctx, table)) {
    const kept = table.note;
    if (kept !== undefined && kept.rounding === rounding) {
      const note = fromKept(ctx, table, kept, parts, rounding);
      if (note !== undefined) return note;
    }
    shape = [];
  }
  const selector = new TypeSelector(ctx, table);
  let mitigated = 0;
  let added = 0;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (shape !== undefined) shape.push(p.amount, p.types, null);
    if (p.amount <= 0) continue;
    // A part of one type (the commonest) is worked out here, without a PartResult.
    let detail: TraceDetail | undefined;
    let partMitigated: number;
    let partAdded: number;
    let final: number;
    if (p.types.length === 1) {
      const pick: TypePick = selector.pick(p.types[0]!);
      // No defense counts against the type: the part is left as it is, with no line.
      if (pick.immunity === undefined && pick.resistance === undefined && pick.vulnerability === undefined) continue;
      detail = singleLine(selector, pick, p.amount, rounding);
      const params = detail.params as SingleParams;
      partMitigated = params.mitigated;
      partAdded = params.added;
      final = params.final;
      if (shape !== undefined) shape[3 * k + 2] = pick;
      if (named >= 0) named++;
    } else {
      const r = resolvePart(selector, rounding, p.types, p.amount);
      partMitigated = r.mitigated;
      partAdded = r.added;
      final = r.final;
      detail = partDetail(r);
      named = -1;
    }
    if (detail === undefined) continue;
    const listed = detail.defenses!;
    if (details === undefined) details = [detail];
    else details.push(detail);
    defenses ??= [];
    for (let i = 0; i < listed.length; i++) if (!defenses.includes(listed[i]!)) defenses.push(listed[i]!);
    mitigated += partMitigated;
    added += partAdded;
    p.amount = final;
  }
  const note: StepNote = details === undefined ? NONE : stepNote(APPLIED, { mitigated, added }, defenses, details);
  if (shape !== undefined) {
    for (let k = 0; k < parts.length; k++) shape.push(parts[k]!.amount);
    table.note = { rounding, parts: shape, named, lines: named > 0 ? details!.slice() : NO_LINES, note, shared: false, listed: false };
  }
  return note;
};
