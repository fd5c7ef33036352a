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
import type { DefenseRef, MessageParams, Step, StepNote, TraceDetail, WorkingPart } from "../context.ts";
import type { ProfileOptions } from "../model/profile.ts";
import type { KeptNote } from "../resist/candidates.ts";
import { DETAILS_KEPT, TypeSelector, type TypeOutcome, type TypePick } from "../resist/select.ts";

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

/** The numbers of a single-type detail line's params. */
interface SingleParams extends MessageParams {
  readonly amount: number;
  readonly partTypes: readonly string[];
  readonly mitigated: number;
  readonly added: number;
  readonly final: number;
}

/** `d`, frozen with its params and lists (once: a frozen line is left as it is), to be shared by later traces. */
function shared(d: TraceDetail): TraceDetail {
  if (!Object.isFrozen(d)) {
    Object.freeze(d.params);
    Object.freeze(d.defenses);
    Object.freeze(d.points);
    Object.freeze(d);
  }
  return d;
}

/**
 * The detail line of a part of `amount` points of `pick`'s one type (see
 * {@link partDetail}), straight from the defenses `pick` chose and the points
 * they do: no {@link PartResult} and no outcome are made for the commonest
 * part. From the second hit of the event on defenders of the same lists (an
 * area hit resolves one event for every target; a GM's single hits are new
 * events alike) the line is kept on the pick, frozen (its `partTypes` is the
 * pick's frozen one-type list), and the hits after share it with nothing
 * made or checked. (An immunity's pick has no vulnerability.)
 */
function singleDetail(selector: TypeSelector, pick: TypePick, amount: number, rounding: ProfileOptions["rounding"]): TraceDetail {
  let kept = pick.details;
  const amounts = pick.amounts;
  if (kept !== undefined && amounts !== undefined && pick.rounding === rounding) {
    for (let i = 0; i < amounts.length; i++) if (amounts[i] === amount) return kept[i]!;
  } else kept = undefined;
  const mitigated = selector.mitigatedBy(pick, amount);
  const added = selector.addedBy(pick, amount);
  const final = Math.max(0, amount - mitigated + added);
  const m = pick.immunity ?? pick.resistance;
  const v = pick.vulnerability;
  const defenses = m === undefined ? [v!] : v === undefined ? [m] : [m, v];
  const points = m === undefined ? [added] : v === undefined ? [mitigated] : [mitigated, added];
  const params: SingleParams = { amount, partTypes: pick.types, mitigated, added, final };
  const detail: TraceDetail = { key: "DAMAGECHAIN.Detail.resistance.single", params, defenses, points };
  if (!selector.again) return detail;
  if (kept === undefined || amounts === undefined) {
    pick.details = [shared(detail)];
    pick.amounts = [amount];
    pick.rounding = rounding;
  } else if (kept.length < DETAILS_KEPT) {
    kept.push(shared(detail));
    amounts.push(amount);
  }
  return detail;
}

/** True when `parts` are of the kept note's types and amounts (the step's input; its other inputs are the event and the lists). */
function sameParts(kept: KeptNote, parts: readonly WorkingPart[]): boolean {
  const shape = kept.parts;
  const n = parts.length;
  if (shape.length !== 3 * n) return false;
  for (let k = 0; k < n; k++) {
    const p = parts[k]!;
    if (p.amount !== shape[2 * k]) return false;
    const a = p.types;
    const b = shape[2 * k + 1] as readonly string[];
    if (a !== b) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    }
  }
  return true;
}

/** `note` frozen, with its params, lists and detail lines (not a detail's `partTypes`: a part's types may be the caller's event's own list), when a later hit's trace first shares it: a note only one trace has is not worth freezing. */
function frozen(note: StepNote): StepNote {
  if (note.details !== undefined) {
    for (const d of note.details) shared(d);
    Object.freeze(note.details);
  }
  if (note.params !== undefined) Object.freeze(note.params);
  if (note.defenses !== undefined) Object.freeze(note.defenses);
  return Object.freeze(note);
}

/** The note of a hit no defense applied to (shared: notes are only read). */
const NONE: StepNote = Object.freeze({ key: "DAMAGECHAIN.Trace.resistance.none" });

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
  const selector = new TypeSelector(ctx);
  const rounding = ctx.options.rounding;
  const parts = ctx.parts;
  // From an event's second hit on defenders of the same lists (or an alike event's), the note of the hit before holds when the parts come in alike.
  let shape: KeptNote["parts"] | undefined;
  if (selector.again) {
    const kept = selector.kept;
    if (kept !== undefined && kept.rounding === rounding && sameParts(kept, parts)) {
      const had = kept.parts;
      const n = parts.length;
      for (let k = 0; k < n; k++) parts[k]!.amount = had[2 * n + k] as number;
      if (!kept.shared) {
        kept.shared = true;
        frozen(kept.note);
      }
      return kept.note;
    }
    shape = [];
  }
  let mitigated = 0;
  let added = 0;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (shape !== undefined) shape.push(p.amount, p.types);
    if (p.amount <= 0) continue;
    // A part of one type (the commonest) is worked out here, without a PartResult.
    let detail: TraceDetail | undefined;
    let partMitigated: number;
    let partAdded: number;
    let final: number;
    if (p.types.length === 1) {
      const pick = selector.pick(p.types[0]!);
      // No defense counts against the type: the part is left as it is, with no line.
      if (pick.immunity === undefined && pick.resistance === undefined && pick.vulnerability === undefined) continue;
      detail = singleDetail(selector, pick, p.amount, rounding);
      const params = detail.params as SingleParams;
      partMitigated = params.mitigated;
      partAdded = params.added;
      final = params.final;
    } else {
      const r = resolvePart(selector, rounding, p.types, p.amount);
      partMitigated = r.mitigated;
      partAdded = r.added;
      final = r.final;
      detail = partDetail(r);
    }
    if (detail === undefined) continue;
    const named = detail.defenses!;
    if (details === undefined) details = [detail];
    else details.push(detail);
    defenses ??= [];
    for (let i = 0; i < named.length; i++) if (!defenses.includes(named[i]!)) defenses.push(named[i]!);
    mitigated += partMitigated;
    added += partAdded;
    p.amount = final;
  }
  const note: StepNote = details === undefined ? NONE : { key: "DAMAGECHAIN.Trace.resistance.applied", params: { mitigated, added }, defenses, details };
  if (shape !== undefined) {
    for (let k = 0; k < parts.length; k++) shape.push(parts[k]!.amount);
    selector.keep({ rounding, parts: shape, note, shared: false });
  }
  return note;
};
