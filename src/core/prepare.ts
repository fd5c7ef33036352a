/**
 * Turns an event as given into the parts the chain works on: applies the
 * attacker's type changes and extra damage (001 "Changing the damage type of
 * an attack", "Adding extra damage to an attack") and types untyped damage
 * with the profile's default type (001: physical).
 */
import type { WorkingPart } from "./context.ts";
import type { DamageEvent } from "./model/event.ts";

/**
 * The working parts of `event`. Modifiers apply in order:
 * - `gainType X`: every part gains X (untyped parts keep the default type too);
 * - `becomeType X`: every part's types are replaced by X;
 * - `extraDamage N [types]`: N is added to the first part, with its types.
 */
export function prepareParts(event: DamageEvent, defaultType: string): WorkingPart[] {
  if (event.modifiers.length === 0) {
    const out: WorkingPart[] = [];
    for (const p of event.parts) out.push({ amount: p.amount, types: p.types.length > 0 ? [...p.types] : [defaultType], base: p.amount });
    return out;
  }
  const parts = event.parts.map((p) => ({ amount: p.amount, types: p.types.length > 0 ? [...p.types] : [defaultType] }));
  for (const m of event.modifiers) {
    if (m.kind === "gainType") {
      for (const p of parts) if (!p.types.includes(m.type)) p.types.push(m.type);
    } else if (m.kind === "becomeType") {
      for (const p of parts) p.types = [m.type];
    } else {
      const first = parts[0];
      if (first === undefined) continue;
      first.amount += m.amount;
      for (const t of m.types) if (!first.types.includes(t)) first.types.push(t);
    }
  }
  return parts.map((p) => ({ amount: p.amount, types: p.types, base: p.amount }));
}
