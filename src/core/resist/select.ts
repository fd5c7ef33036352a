/**
 * Per damage type arithmetic of the revised 4E rules (seed 001, "Resistance",
 * "Vulnerability", "Resistance reduction", "Damage Immunity", "Choosing
 * between multiple Resistances or multiple Vulnerabilities"). All amounts are
 * whole points of damage. A {@link TypeSelector} reads each defense list once
 * per damage type and hit, and names each chosen defense with ONE trace
 * reference, so the step can list the defenses that counted by identity.
 */
import { applies, coversType, half, sameConditions } from "../conditions.ts";
import type { DefenseRef, StepContext } from "../context.ts";
import type { Immunity, Resistance } from "../model/defenses.ts";
import type { DamageEvent } from "../model/event.ts";
import { typeTable, type Candidates, type TypePick, type TypeRow, type TypeTable } from "./candidates.ts";

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

export type { TypePick } from "./candidates.ts";

/** What a {@link TypeSelector} reads of the step's context. */
export type SelectorContext = Pick<StepContext, "defenses" | "event" | "state" | "attack" | "options">;
type Ctx = SelectorContext;

/**
 * 001 "Choosing between multiple ...": of the candidates whose condition is
 * met, the one with no limit, else the highest limit; ties go to the first
 * listed. True when a candidate of limit `limit` beats the best so far
 * (`found` false: there is none yet; `bestLimit` undefined: no limit).
 */
function beats(found: boolean, bestLimit: number | undefined, limit: number | undefined): boolean {
  return !found || (bestLimit !== undefined && (limit === undefined || limit > bestLimit));
}

/** The index of the first of `candidates` that applies to this event's damage of `types` (one type, its row's list; they come best first, see `candidates.ts`), or -1. */
function firstApplying(ctx: Ctx, candidates: Candidates<Immunity | Resistance>, types: readonly string[]): number {
  const { entries, always } = candidates;
  for (let i = 0; i < entries.length; i++) if (always[i] === true || applies(entries[i]!, ctx.event, types)) return i;
  return -1;
}

/**
 * True when events `a` and `b` make the same choices per damage type against
 * the same lists: they meet every condition alike (`conditions.ts`
 * `sameConditions`) and carry the same resistance reductions in the same
 * order, the only event fields {@link TypeSelector} reads. A GM's single hits
 * come as a new event object each, most of them alike.
 */
function choosesAlike(a: DamageEvent, b: DamageEvent): boolean {
  if (!sameConditions(a, b)) return false;
  const x = a.resistanceReduction;
  const y = b.resistanceReduction;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i]!.type !== y[i]!.type || x[i]!.value !== y[i]!.value) return false;
  return true;
}

/**
 * The {@link TypeTable} of `ctx`'s defense lists, marked for this hit's event.
 * Without Variable Resistance a type's choice depends on the event and the
 * lists alone, so it is kept on the table: the event's second hit (or an
 * alike event's, {@link choosesAlike}) gives the table its `picks`, which
 * the hits after find there; a first hit only marks the event (most events
 * hit once, and their picks are not worth keeping), dropping the picks and
 * note of the event before. So a hit's choices are kept exactly when the
 * table has `picks` and the defender no Variable Resistance
 * ({@link TypeSelector.again}).
 */
export function markedTable(ctx: Ctx): TypeTable {
  const table = typeTable(ctx.defenses);
  if (ctx.state.variableResistance !== undefined) return table;
  const had = table.event;
  table.event = ctx.event;
  table.repeated = had === ctx.event;
  if (table.repeated || (had !== undefined && choosesAlike(had, ctx.event))) {
    if (table.picks === undefined) table.picks = [];
  } else if (table.picks !== undefined) {
    table.picks = undefined;
    table.note = undefined;
  }
  return table;
}

/** True when this hit's choices are kept on `table` (marked by {@link markedTable}): it has picks for the event, and the defender no Variable Resistance (with it a choice depends on the defender's state too). */
export function choicesKept(ctx: Ctx, table: TypeTable): boolean {
  return ctx.state.variableResistance === undefined && table.picks !== undefined;
}

/**
 * Chooses, per damage type, the immunity, resistance and vulnerability that
 * count in one hit, and computes what they do to a part of a given amount.
 * Each type is worked out once; each defense gets one {@link DefenseRef}
 * (two references of one selector are equal exactly when they are the same
 * object). Lives for one step of one hit: the defenses, the event and
 * Variable Resistance must not change meanwhile.
 */
export class TypeSelector {
  readonly #ctx: Ctx;
  /** The picks of this hit: the table's for the event when the defender has no Variable Resistance (see `TypeTable.picks`), else this hit's own. */
  readonly #picks: TypePick[];
  /** True when the picks were made by an earlier hit of the same event or of one alike ({@link choosesAlike}): then the resistance step keeps the detail lines it makes from them. */
  readonly again: boolean;
  /** One reference per made-up defense (by a key of its fields); entries have theirs from `sharedRef`. */
  #refs: Map<string, DefenseRef> | undefined;

  /** The defender's lists indexed by damage type (looked up once per step). */
  readonly #table: TypeTable;

  /** A selector for this hit on `table`, the table of `ctx`'s lists as {@link markedTable} left it for this hit. */
  constructor(ctx: Ctx, table: TypeTable) {
    this.#ctx = ctx;
    this.#table = table;
    this.again = choicesKept(ctx, table);
    this.#picks = this.again ? table.picks! : [];
  }

  /** A made-up reference (Variable Resistance, resistance reduction), one object per distinct set of fields. */
  #made(ref: DefenseRef): DefenseRef {
    const key = `${ref.kind}|${ref.via}|${ref.type}|${ref.limit}`;
    const refs = (this.#refs ??= new Map());
    const had = refs.get(key);
    if (had !== undefined) return had;
    refs.set(key, ref);
    return ref;
  }

  /** The defenses that count against damage of `type` in this hit, chosen on the first call for the type. Shared: do not change it. */
  pick(type: string): TypePick {
    const picks = this.#picks;
    for (let i = 0; i < picks.length; i++) if (picks[i]!.type === type) return picks[i]!;
    const row = this.#table.get(type);
    const k = firstApplying(this.#ctx, row.immune, row.types);
    const pick: TypePick = { type, types: row.types, immunity: undefined, resistance: undefined, vulnerability: undefined, lines: undefined, rounding: "down" };
    if (k >= 0) pick.immunity = row.immune.refs[k];
    else this.#choose(pick, row);
    picks.push(pick);
    return pick;
  }

  /**
   * The resistance to the pick's type that counts: the defender's list, then
   * Variable Resistance (no limit). The vulnerability: the defender's list,
   * Variable Resistance's vulnerability (no limit), and those gained from the
   * attacker's resistance reduction against that resistance (001 "Resistance
   * reduction": no limit → limit = value; limit L → limit = min(value, L)),
   * only against attacks.
   */
  #choose(pick: TypePick, row: TypeRow): void {
    const ctx = this.#ctx;
    const type = pick.type;
    const vr = ctx.state.variableResistance;
    const resist = row.resist;
    const r = firstApplying(ctx, resist, row.types);
    let resistance: DefenseRef | undefined;
    if (vr !== undefined && coversType(vr.resist, type) && beats(r >= 0, r >= 0 ? resist.entries[r]!.limit : undefined, undefined)) {
      resistance = this.#made({ kind: "resistance", type: vr.resist, via: "variableResistance" });
    } else if (r >= 0) {
      resistance = resist.refs[r];
    }
    pick.resistance = resistance;

    const vulnerable = row.vulnerable;
    const v = firstApplying(ctx, vulnerable, row.types);
    let found = v >= 0;
    let limit = found ? vulnerable.entries[v]!.limit : undefined;
    let chosen: DefenseRef | undefined;
    if (vr !== undefined && coversType(vr.vulnerable, type) && beats(found, limit, undefined)) {
      chosen = this.#made({ kind: "vulnerability", type: vr.vulnerable, via: "variableResistance" });
      found = true;
      limit = undefined;
    }
    if (resistance !== undefined && ctx.attack) {
      for (const rr of ctx.event.resistanceReduction) {
        if (!coversType(rr.type, type)) continue;
        const rrLimit = resistance.limit === undefined ? rr.value : Math.min(rr.value, resistance.limit);
        if (!beats(found, limit, rrLimit)) continue;
        chosen = this.#made({ kind: "vulnerability", type, limit: rrLimit, via: "resistanceReduction" });
        found = true;
        limit = rrLimit;
      }
    }
    pick.vulnerability = chosen ?? (v >= 0 ? vulnerable.refs[v] : undefined);
  }

  /**
   * What damage type `type` does to the defender for a part of `amount`
   * points (001): resistance against an attack mitigates min(half, limit);
   * against environmental damage the limit, or everything without a limit
   * (never more than `amount`); vulnerability adds min(half, limit) in both
   * cases; an immunity mitigates all of `amount` and nothing is added.
   */
  outcome(type: string, amount: number): TypeOutcome {
    const pick = this.pick(type);
    if (pick.immunity !== undefined) return { type, immunity: pick.immunity, mitigated: amount, added: 0 };
    return { type, resistance: pick.resistance, vulnerability: pick.vulnerability, mitigated: this.mitigatedBy(pick, amount), added: this.addedBy(pick, amount) };
  }

  /** Points of a part of `amount` that `pick` mitigates ({@link outcome}'s `mitigated`), with no outcome made. */
  mitigatedBy(pick: TypePick, amount: number): number {
    if (pick.immunity !== undefined) return amount;
    const resistance = pick.resistance;
    if (resistance === undefined) return 0;
    const ctx = this.#ctx;
    const cap = ctx.attack ? half(amount, ctx.options.rounding) : amount;
    return resistance.limit === undefined ? cap : Math.min(cap, resistance.limit);
  }

  /** Points `pick` adds to a part of `amount` ({@link outcome}'s `added`), with no outcome made. */
  addedBy(pick: TypePick, amount: number): number {
    const vulnerability = pick.vulnerability;
    if (pick.immunity !== undefined || vulnerability === undefined) return 0;
    const halfAmount = half(amount, this.#ctx.options.rounding);
    return Math.min(halfAmount, vulnerability.limit ?? halfAmount);
  }
}
