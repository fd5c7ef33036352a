/**
 * The Apply Damage dialog's roll and per-target preview (issue 10 §6): the
 * amount may be a roll formula ("2d6+3", Foundry's `Roll`), rolled once, and
 * before applying the dialog lists what the hit would do to each target, as
 * dnd5e's damage tray does. Applying then uses that same rolled total.
 */
import { resourceLabel, type Localizer } from "../../core/explain.ts";
import { shareEvent, type Share } from "../../core/share.ts";
import { parseEventOrThrow } from "../hit/apply.ts";
import { previewHit } from "../hit/preview.ts";

/** An amount as typed and as rolled: `total` points of damage (a whole number >= 0); `formula` when it was a roll. */
export interface RolledAmount {
  total: number;
  formula?: string;
}

/**
 * Read the dialog's amount: a whole number as it is, otherwise a roll
 * formula evaluated with Foundry's `Roll` (`Roll.validate`, then
 * `await new Roll(formula).evaluate()`). The total is floored at 0 and made
 * whole. Returns `undefined` for an empty or invalid formula. Never throws.
 */
export async function rollAmount(text: unknown): Promise<RolledAmount | undefined> {
  const s = String(text ?? "").trim();
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
 * it when absent: issue 23 §1). An actor whose preview fails is listed with
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
