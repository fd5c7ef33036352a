/**
 * Which direct changes of an actor's hit points are damage.
 * Not every drop of HP is a hit: a rest resets temporary HP, advancement
 * rewrites HP, an activity may spend HP as its cost, a GM clears temporary HP
 * or lowers the maximum on the sheet. Only the drops the world setting
 * `damageUpdates` counts run through the chain. Pure: the adapter reads the
 * update and its options, this decides.
 */

/**
 * Which direct HP changes count as damage (world setting `damageUpdates`):
 * - `value`: decreases of the HP value (temporary HP drops alone do not count);
 * - `valueAndTemp`: decreases of HP value plus temporary HP;
 * - `none`: none; only the Apply Damage tool, the API and dnd5e's damage application run the chain.
 * Rests, advancement, consumption and max-HP changes never count.
 */
export type DamageUpdateMode = "value" | "valueAndTemp" | "none";

/** Every mode, the first one the default. */
export const DAMAGE_UPDATE_MODES: readonly DamageUpdateMode[] = ["value", "valueAndTemp", "none"];

/** What caused an update, as its options say (dnd5e: `isRest`, `isAdvancement`; an activity's consumption). */
export type UpdateCause = "rest" | "advancement" | "consumption";

/** Hit points before or after an update, in points. `temp`, `max` and `tempmax` are absent when not mapped. */
export interface HpValues {
  value: number;
  temp?: number;
  max?: number;
  tempmax?: number;
}

/** Why an HP change is not damage. */
export type NotDamage = UpdateCause | "mode" | "max" | "temp" | "noDecrease";

/** The verdict: the points of damage to run through the chain, or why there are none. */
export type UpdateVerdict = { damage: number } | { skip: NotDamage };

/**
 * How much of a direct HP change is damage.
 * `before`/`after`: the mapped HP fields before the update and as the update
 * leaves them (fields the update does not set keep their `before` value).
 * `cause`: set when the update's options name a rest, advancement or
 * consumption. Never throws; non-finite numbers count as unchanged.
 * Returns `{ damage }` (a whole number > 0) or `{ skip }`:
 * - the cause (`rest`, `advancement`, `consumption`) or the mode `none` → skip;
 * - a change of `max` or `tempmax` → `max` (a maximum change, e.g. Aid ending, is not a hit);
 * - mode `value`: the HP value does not drop → `temp` when only temporary HP
 *   dropped, else `noDecrease`; when it drops, the damage is the value's drop
 *   plus the temporary HP's drop (the chain takes temporary HP first, as dnd5e does);
 * - mode `valueAndTemp`: the drop of value + temp.
 */
export function damageFromUpdate(before: HpValues, after: HpValues, cause: UpdateCause | undefined, mode: DamageUpdateMode): UpdateVerdict {
  if (cause !== undefined) return { skip: cause };
  if (mode === "none") return { skip: "mode" };
  const n = (v: number | undefined, fallback: number): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
  if (n(after.max, n(before.max, 0)) !== n(before.max, 0) || n(after.tempmax, n(before.tempmax, 0)) !== n(before.tempmax, 0)) return { skip: "max" };
  const valueDrop = n(before.value, 0) - n(after.value, n(before.value, 0));
  const tempDrop = n(before.temp, 0) - n(after.temp, n(before.temp, 0));
  const total = Math.trunc(valueDrop + tempDrop);
  if (mode === "value" && valueDrop <= 0) return { skip: tempDrop > 0 ? "temp" : "noDecrease" };
  const damage = mode === "value" ? Math.trunc(valueDrop + Math.max(0, tempDrop)) : total;
  return damage > 0 ? { damage } : { skip: "noDecrease" };
}
