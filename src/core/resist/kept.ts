/**
 * What the resistance step (`steps/resistance.ts`, seed 001) keeps from one
 * hit for the next hits of the same event, or of a new event alike (same
 * traits, level and resistance reductions: `select.ts` `choosesAlike`), on
 * defenders of the same lists: the detail line of a part of one type per
 * amount, and the step's note with the parts it was made for. An area hit
 * resolves one event for every target (same amounts: the note is shared); a
 * GM's single hits are new events alike whose amounts change (the note's
 * defenses and each part's pick are reused, only the amounts are worked out).
 * Every kept line and shared note is frozen plain data: the trace is the
 * same, byte for byte, as one made afresh.
 */
import { stepNote, type MessageParams, type StepNote, type TraceDetail, type WorkingPart } from "../context.ts";
import type { ProfileOptions } from "../model/profile.ts";
import type { KeptNote, TypePick, TypeTable } from "./candidates.ts";
import { TypeSelector, type SelectorContext } from "./select.ts";

/** Detail lines a {@link TypePick} keeps: one per part amount below this many points (a part's amount indexes them). */
export const LINES_KEPT = 128;

/** The numbers of a single-type detail line's params (points of damage). */
export interface SingleParams extends MessageParams {
  readonly amount: number;
  readonly partTypes: readonly string[];
  readonly mitigated: number;
  readonly added: number;
  readonly final: number;
}

/** The key of the step's note when a defense applied. */
export const APPLIED = "DAMAGECHAIN.Trace.resistance.applied";

/** The note of a hit no defense applied to (shared: notes are only read). */
export const NONE: StepNote = Object.freeze(stepNote("DAMAGECHAIN.Trace.resistance.none"));

/** `d`, frozen with its params and lists (once: a frozen line is left as it is), to be shared by later traces. */
export function shared(d: TraceDetail): TraceDetail {
  if (!Object.isFrozen(d)) {
    Object.freeze(d.params);
    Object.freeze(d.defenses);
    Object.freeze(d.points);
    Object.freeze(d);
  }
  return d;
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

/** The kept detail line of a part of `amount` points of `pick`'s one type worked out with `rounding` (see {@link singleLine}), or undefined. */
function keptLine(pick: TypePick, amount: number, rounding: ProfileOptions["rounding"]): TraceDetail | undefined {
  const lines = pick.lines;
  return lines !== undefined && pick.rounding === rounding ? lines[amount] : undefined;
}

/**
 * The detail line of a part of `amount` points of `pick`'s one type
 * (`DAMAGECHAIN.Detail.resistance.single`: the defenses `pick` chose, the
 * points each did, and the part's arithmetic), straight from the pick: no
 * part result and no outcome are made for the commonest part. When the
 * selector's picks are kept (`again`), the line is kept on the pick, frozen,
 * indexed by `amount` (below {@link LINES_KEPT}), and later parts of that
 * amount share it with nothing made. (An immunity's pick has no vulnerability.)
 */
export function singleLine(selector: TypeSelector, pick: TypePick, amount: number, rounding: ProfileOptions["rounding"]): TraceDetail {
  const had = keptLine(pick, amount, rounding);
  if (had !== undefined) return had;
  const mitigated = selector.mitigatedBy(pick, amount);
  const added = selector.addedBy(pick, amount);
  const final = Math.max(0, amount - mitigated + added);
  const m = pick.immunity ?? pick.resistance;
  const v = pick.vulnerability;
  const defenses = m === undefined ? [v!] : v === undefined ? [m] : [m, v];
  const points = m === undefined ? [added] : v === undefined ? [mitigated] : [mitigated, added];
  const params: SingleParams = { amount, partTypes: pick.types, mitigated, added, final };
  const detail: TraceDetail = { key: "DAMAGECHAIN.Detail.resistance.single", params, defenses, points };
  if (!selector.again || !(amount >= 0 && amount < LINES_KEPT)) return detail;
  let lines = pick.lines;
  if (lines === undefined || pick.rounding !== rounding) {
    // Grown as amounts come (a hole reads undefined): a pick keeps a line or two, and 128 slots were ~1 KB per pick, per target of an area hit.
    pick.lines = lines = [];
    pick.rounding = rounding;
  }
  lines[amount] = shared(detail);
  return detail;
}

/**
 * The step's note for `parts` from the note `kept` of an earlier hit on
 * `table` (marked for this hit, its choices kept: `select.ts` `markedTable`), or
 * undefined when it does not hold (other part types or count; other amounts
 * where a part had several types, or where a part's damage came or went).
 * Same amounts: the kept note, shared (frozen the first time). Other amounts
 * of parts of one type each, with damage where they had some: a new note
 * naming the kept defenses (the same for any such amounts), with each part's
 * line from its kept pick, kept for the next hit when the event is the same
 * object as the hit's before. Sets the parts' amounts as the step leaves them.
 */
export function fromKept(ctx: SelectorContext, table: TypeTable, kept: KeptNote, parts: WorkingPart[], rounding: ProfileOptions["rounding"]): StepNote | undefined {
  const had = kept.parts;
  const n = parts.length;
  if (had.length !== 4 * n) return undefined;
  let same = true;
  // Whether each part has damage as it had (a part without is passed over, naming no defense).
  let alike = true;
  for (let k = 0; k < n; k++) {
    const p = parts[k]!;
    const amount = p.amount;
    const before = had[3 * k] as number;
    if (amount !== before) {
      same = false;
      if (amount > 0 !== before > 0) alike = false;
    }
    const a = p.types;
    const b = had[3 * k + 1] as readonly string[];
    if (a !== b) {
      if (a.length !== b.length) return undefined;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return undefined;
    }
  }
  if (same) {
    for (let k = 0; k < n; k++) parts[k]!.amount = had[3 * n + k] as number;
    if (!kept.shared) {
      kept.shared = true;
      frozen(kept.note);
    }
    return kept.note;
  }
  if (kept.named < 0 || !alike) return undefined;
  // Only the same event's next hits (an area hit's targets) keep the note made here, to share it: a new event's note is left to its trace (a note kept on the table every hit outlives the hit, which costs more than making it).
  const keep = table.repeated;
  if (kept.named === 0) {
    if (keep) for (let k = 0; k < n; k++) had[3 * k] = had[3 * n + k] = parts[k]!.amount;
    return NONE;
  }
  const defenses = kept.note.defenses!;
  if (!kept.listed) {
    // The defenses list is shared by every note made from this one on.
    kept.listed = true;
    Object.freeze(defenses);
  }
  // One or two lines (most hits) are listed at the end in a list of their number; more go in a copy of a list of the right length whose lines are each replaced below: one allocation of that length (a list grown from empty is copied as it grows; `new Array(n)` changes kind on its first line).
  const many = kept.named > 2 ? kept.lines.slice() : undefined;
  let first: TraceDetail | undefined;
  let second: TraceDetail | undefined;
  let j = 0;
  let selector: TypeSelector | undefined;
  let mitigated = 0;
  let added = 0;
  for (let k = 0; k < n; k++) {
    const p = parts[k]!;
    const amount = p.amount;
    const pick = had[3 * k + 2] as TypePick | null;
    if (keep) had[3 * k] = had[3 * n + k] = amount;
    // No damage, or no defense against the part's type: left as it is, with no line.
    if (pick === null) continue;
    // A line not kept yet is made by a selector (made only then: its picks are the table's, its choices kept).
    const line = keptLine(pick, amount, rounding) ?? singleLine((selector ??= new TypeSelector(ctx, table)), pick, amount, rounding);
    const params = line.params as SingleParams;
    mitigated += params.mitigated;
    added += params.added;
    p.amount = params.final;
    if (keep) had[3 * n + k] = params.final;
    if (many !== undefined) many[j++] = line;
    else if (first === undefined) first = line;
    else second = line;
  }
  const details = many ?? (second === undefined ? [first!] : [first!, second]);
  const note: StepNote = stepNote(APPLIED, { mitigated, added }, defenses, details);
  if (keep) {
    kept.note = note;
    kept.shared = false;
  }
  return note;
}
