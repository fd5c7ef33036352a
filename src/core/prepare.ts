/**
 * Turns an event as given into the parts the chain works on: applies the
 * attacker's type changes and extra damage (001 "Changing the damage type of
 * an attack", "Adding extra damage to an attack"), power changes (002 rules 5
 * and 6) and types untyped damage with the profile's default type (001:
 * physical).
 */
import type { WorkingPart } from "./context.ts";
import type { DamageEvent } from "./model/event.ts";

/**
 * Apply a power change of `amount` points (002 rules 5, 6) to `parts` (at
 * least one). An increase goes to the first part. A reduction is taken from
 * the parts in order, as one quantity of damage; what is left of it after
 * every part is at 0 stays on the last part as a negative amount, for the
 * profile's `clamp` step (002 rule 15).
 */
function adjust(parts: { amount: number }[], amount: number): void {
  if (amount >= 0) {
    parts[0]!.amount += amount;
    return;
  }
  let left = -amount;
  for (const p of parts) {
    const take = Math.min(Math.max(p.amount, 0), left);
    p.amount -= take;
    left -= take;
  }
  parts[parts.length - 1]!.amount -= left;
}

/**
 * The working parts of `event` (amounts in points of damage). Modifiers apply
 * in order:
 * - `gainType X`: every part gains X (untyped parts keep the default type too);
 * - `becomeType X`: every part's types are replaced by X;
 * - `extraDamage N [types]`: N is added to the first part, with its types;
 * - `adjust N`: see {@link adjust}.
 *
 * A power reduction can leave a part below 0. Those negative amounts are kept
 * only when `keepsNegative()` says the profile has a `clamp` step to raise
 * them (and explain it); otherwise they become 0 here, so no step ever sees
 * negative damage (002 rule 15, RULES.md §1). Never throws.
 */
export function prepareParts(event: DamageEvent, defaultType: string, keepsNegative: () => boolean): WorkingPart[] {
  if (event.modifiers.length === 0) {
    const out: WorkingPart[] = [];
    // The event's own type lists are shared: no step changes a part's types.
    for (const p of event.parts) {
      const types = p.types.length > 0 ? p.types : [defaultType];
      out.push(p.properties === undefined ? { amount: p.amount, types, base: p.amount } : { amount: p.amount, types, base: p.amount, properties: p.properties });
    }
    return out;
  }
  const parts = event.parts.map((p) => ({ amount: p.amount, types: p.types.length > 0 ? [...p.types] : [defaultType], properties: p.properties }));
  if (parts.length === 0) return []; // a valid event has a part; the modifiers below add to the first
  let reduced = false;
  for (const m of event.modifiers) {
    if (m.kind === "gainType") {
      for (const p of parts) if (!p.types.includes(m.type)) p.types.push(m.type);
    } else if (m.kind === "becomeType") {
      for (const p of parts) p.types = [m.type];
    } else if (m.kind === "adjust") {
      adjust(parts, m.amount);
      reduced ||= m.amount < 0;
    } else {
      const first = parts[0]!;
      first.amount += m.amount;
      for (const t of m.types) if (!first.types.includes(t)) first.types.push(t);
    }
  }
  if (reduced && !keepsNegative()) for (const p of parts) p.amount = Math.max(0, p.amount);
  return parts.map((p) => (p.properties === undefined ? { amount: p.amount, types: p.types, base: p.amount } : { amount: p.amount, types: p.types, base: p.amount, properties: p.properties }));
}
