/**
 * The Apply Damage dialog's roll and per-target preview: the
 * amount may be a roll formula ("2d6+3", Foundry's `Roll`), rolled once, and
 * before applying the dialog lists what the hit would do to each target, as
 * dnd5e's damage tray does. Applying then uses that same rolled total.
 */
import { resourceLabel, type Localizer } from "../../core/explain.ts";
import { shareEvent, type Share } from "../../core/share.ts";
import { parseEventOrThrow } from "../hit/apply.ts";
import { previewHit } from "../hit/preview.ts";

/** One part of a hit as typed and rolled: points, the formula when it was a roll, the damage types typed after it. */
export interface RolledPart {
  total: number;
  formula?: string;
  types: string[];
}

/**
 * An amount as typed and as rolled: `total` points of damage (a whole number
 * >= 0); `formula` when it was a roll; `parts` when the amount names several
 * parts or their types ("2d6 slashing + 1d6 fire"), each rolled
 * on its own.
 */
export interface RolledAmount {
  total: number;
  formula?: string;
  parts?: RolledPart[];
}

/** One term of an amount: its formula and the damage types typed after it ("2d6 slashing" → "2d6", [slashing]). */
export interface AmountTerm {
  formula: string;
  types: string[];
}

/** A word that names a damage type after a formula: letters and dashes only ("slashing", "cold-iron"). */
const TYPE_WORD = /^[a-z][a-z-]*$/i;

/**
 * The terms of the dialog's amount: parts are separated by a `+` with space
 * around it ("2d6 slashing + 1d6 fire"; "2d6+3" stays one formula), and the
 * words after a part's formula are its damage types (lower case). Returns
 * undefined when a term has no formula. Never throws.
 */
export function amountTerms(text: unknown): AmountTerm[] | undefined {
  const terms = String(text ?? "").trim().split(/\s+\+\s+/).filter((t) => t !== "");
  const out: AmountTerm[] = [];
  for (const term of terms) {
    const words = term.split(/\s+/);
    const types: string[] = [];
    while (words.length > 1 && TYPE_WORD.test(words.at(-1)!)) types.unshift(words.pop()!.toLowerCase());
    const formula = words.join(" ");
    if (formula === "" || TYPE_WORD.test(formula)) return undefined;
    out.push({ formula, types });
  }
  return out.length === 0 ? undefined : out;
}

/** One formula rolled: a whole number as it is, else Foundry's `Roll`; floored at 0 and made whole; undefined when invalid. */
async function rollFormula(s: string): Promise<{ total: number; formula?: string } | undefined> {
  if (/^\d+$/.test(s)) return { total: Number(s) };
  if (s === "" || !Roll.validate(s)) return undefined;
  try {
    const roll = await new Roll(s).evaluate();
    const total = Number(roll.total);
    return { total: Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0, formula: s };
  } catch {
    return undefined;
  }
}

/**
 * Read the dialog's amount: a whole number as it is, otherwise a roll
 * formula evaluated with Foundry's `Roll` (`Roll.validate`, then
 * `await new Roll(formula).evaluate()`), or several parts with their types
 * ("2d6 slashing + 1d6 fire", {@link amountTerms}), each rolled on its own.
 * Totals are floored at 0 and made whole. Returns `undefined` for an empty
 * or invalid amount. Never throws.
 */
export async function rollAmount(text: unknown): Promise<RolledAmount | undefined> {
  const s = String(text ?? "").trim();
  const terms = amountTerms(s);
  if (terms === undefined) return undefined;
  if (terms.length === 1 && terms[0]!.types.length === 0) return rollFormula(terms[0]!.formula);
  const parts: RolledPart[] = [];
  for (const term of terms) {
    const rolled = await rollFormula(term.formula);
    if (rolled === undefined) return undefined;
    parts.push({ ...rolled, types: term.types });
  }
  const total = parts.reduce((sum, p) => sum + p.total, 0);
  return parts.some((p) => p.formula !== undefined) ? { total, formula: s, parts } : { total, parts };
}

/** One target's line in the preview: points coming in and dealt, and its life resource before → after. */
export interface PreviewRow {
  /** The actor's uuid (the row's share control is keyed by it). */
  uuid: string;
  name: string;
  incoming: number;
  dealt: number;
  /** "HP 30 → 23" in the reader's language, when a resource changed. */
  change?: string;
  /** The chain was skipped (unusable flags) or a handler cancelled the hit. */
  note?: string;
}

/**
 * What `event` would do to each of `actors`, worked out without writing
 * (`hit/preview.ts`), each taking its share from `shares` (by uuid; all of
 * it when absent). An actor whose preview fails is listed with
 * the reason.
 */
export function previewRows(actors: readonly Actor.Implementation[], event: Record<string, unknown>, l: Localizer, shares: ReadonlyMap<string, Share> = new Map()): PreviewRow[] {
  return actors.map((actor) => {
    const name = actor.name ?? actor.id ?? "";
    const uuid = actor.uuid;
    try {
      const share = shares.get(uuid);
      const p = previewHit(actor, share === undefined ? event : shareEvent(parseEventOrThrow(event), share));
      const row: PreviewRow = { uuid, name, incoming: p.result?.incoming ?? p.final, dealt: p.final };
      const c = p.changes[0];
      if (c !== undefined) row.change = `${resourceLabel(c.key, l)} ${c.before} → ${c.after}`;
      if (p.cancelled) row.note = l.format("DAMAGECHAIN.Dialog.Cancelled");
      else if (p.result === undefined) row.note = l.format("DAMAGECHAIN.Dialog.Bypassed");
      return row;
    } catch (err) {
      return { uuid, name, incoming: 0, dealt: 0, note: (err as Error).message };
    }
  });
}
