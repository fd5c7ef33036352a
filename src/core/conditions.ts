/**
 * Per-event checks shared by every step: is a defense's condition met, is it
 * ignored by one of the event's traits, does it cover a damage type.
 * Source: 001 "Condition" lists (Advantage, Critical, Ongoing, Silvered,
 * Paragon >= 11, Epic >= 21, burst/blast); 000 "ignored when imbued".
 */
import type { Condition } from "./model/common.ts";
import type { DamageEvent } from "./model/event.ts";
import type { ProfileOptions } from "./model/profile.ts";
import { exceptedBy, holds } from "./exceptions.ts";

/** Attacker level from which an attack is Paragon / Epic (001). */
export const PARAGON_LEVEL = 11;
export const EPIC_LEVEL = 21;

/** True when the event is an attack: anything not marked `environmental` (001, 003). */
export function isAttack(event: Pick<DamageEvent, "traits">): boolean {
  return !event.traits.includes("environmental");
}

/**
 * True when `a` and `b` meet every condition alike: the same traits in the
 * same order and the same source level, the only event fields
 * {@link conditionMet}, {@link applies} and {@link isAttack} read. A check
 * that reads another field of the event must be added here: the resistance
 * step (`resist/select.ts`) keeps its choices for the next event alike.
 */
export function sameConditions(a: Pick<DamageEvent, "traits" | "source">, b: Pick<DamageEvent, "traits" | "source">): boolean {
  if (a.source.level !== b.source.level) return false;
  const x = a.traits;
  const y = b.traits;
  if (x === y) return true;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** True when `condition` (or no condition) holds for `event` (reads only what {@link sameConditions} compares). */
export function conditionMet(condition: Condition | undefined, event: Pick<DamageEvent, "traits" | "source">): boolean {
  if (condition === undefined) return true;
  const t = event.traits;
  switch (condition) {
    case "advantage": return t.includes("advantage");
    case "noAdvantage": return !t.includes("advantage");
    case "critical": return t.includes("critical");
    case "ongoing": return t.includes("ongoing");
    case "silvered": return t.includes("silvered");
    case "notSilvered": return !t.includes("silvered");
    case "paragon": return (event.source.level ?? 0) >= PARAGON_LEVEL;
    case "notParagon": return (event.source.level ?? 0) < PARAGON_LEVEL;
    case "epic": return (event.source.level ?? 0) >= EPIC_LEVEL;
    case "notEpic": return (event.source.level ?? 0) < EPIC_LEVEL;
    case "burstBlast": return t.includes("burst") || t.includes("blast");
    case "noBurstBlast": return !(t.includes("burst") || t.includes("blast"));
    case "attack": return isAttack(event);
    case "environmental": return !isAttack(event);
  }
}

/** A defense entry as far as applicability goes. */
export interface Conditional {
  condition?: Condition | undefined;
  ignoredBy?: string[] | undefined;
  onlyWith?: string[] | undefined;
}

/** The damage types of a check on the whole hit (none), shared. */
const NO_TYPES: readonly string[] = Object.freeze([]);

/**
 * True when the entry applies to this event, for damage of `types` (the
 * part being measured; none for a check on the whole hit): condition met,
 * some word of `onlyWith` holds (when it has any) and no word of `ignoredBy` holds (000 "ignored when imbued": an event trait; a
 * pf2e exception: also a damage type, category or `all-damage`, see
 * {@link exceptedBy}).
 */
export function applies(entry: Conditional, event: Pick<DamageEvent, "traits" | "source">, types: readonly string[] = NO_TYPES): boolean {
  // Most entries have no exception and no condition: each field is read once, and `types` only when a word needs it.
  const ignoredBy = entry.ignoredBy;
  if (ignoredBy !== undefined && ignoredBy.length > 0 && exceptedBy(ignoredBy, event.traits, types)) return false;
  const onlyWith = entry.onlyWith;
  if (onlyWith !== undefined && onlyWith.length > 0 && !someHolds(onlyWith, event.traits, types)) return false;
  const condition = entry.condition;
  return condition === undefined || conditionMet(condition, event);
}

/** True when some word of `words` holds for damage of `types` in a hit with `traits` (`exceptions.ts` `holds`). */
function someHolds(words: readonly string[], traits: readonly string[], types: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (holds(words[i]!, traits, types)) return true;
  return false;
}

/**
 * True when a defense of `defenseType` covers damage of type `damageType`:
 * same type, `all`, or `non-physical` against anything but physical (001).
 */
export function coversType(defenseType: string, damageType: string): boolean {
  return defenseType === damageType || defenseType === "all" || (defenseType === "non-physical" && damageType !== "physical");
}

/** Half of `n` points, rounded per the profile (001 "half rounds down"; 000 armor halves). */
export function half(n: number, rounding: ProfileOptions["rounding"]): number {
  const h = n / 2;
  return rounding === "up" ? Math.ceil(h) : rounding === "nearest" ? Math.round(h) : Math.floor(h);
}
