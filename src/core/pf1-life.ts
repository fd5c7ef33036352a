/**
 * How Pathfinder 1e writes damage to hit points, for the points the chain
 * lets through to life (foundryvtt/pf1 v10.8 bee79fd5
 * `module/documents/actor/actor-pf.mjs` lines 3920-3947, normal hit points):
 * - lethal damage: temporary HP first (`dt = min(temp, damage)`), the rest
 *   off `hp.value`, which may go below 0 (Core Rulebook, "Dying": negative
 *   hit points);
 * - nonlethal damage (Core Rulebook, "Nonlethal Damage": it is added to a
 *   running total, not taken off hit points): up to `max − nonlethal` points
 *   go to `hp.nonlethal`; only what is beyond that is taken as lethal.
 * Pure; numbers in points of damage. Wounds & Vigor is not modelled here.
 */

/** PF1's `system.attributes.hp` as read (whole numbers; missing → 0). */
export interface Pf1Hp {
  value: number;
  max: number;
  temp: number;
  nonlethal: number;
}

/** The new values, only those that change, and what changed by kind. */
export interface Pf1LifeWrite {
  value?: number;
  temp?: number;
  nonlethal?: number;
}

/** Points of damage `points` (≥ 0) written as PF1 writes them; `nonlethal`: the hit is nonlethal. */
export function pf1LifeWrite(hp: Pf1Hp, points: number, nonlethal: boolean): Pf1LifeWrite {
  const out: Pf1LifeWrite = {};
  let lethal = points;
  if (nonlethal && points > 0) {
    const nld = Math.max(0, Math.min(hp.max - hp.nonlethal, points));
    lethal -= nld;
    if (nld !== 0) out.nonlethal = hp.nonlethal + nld;
  }
  const dt = lethal > 0 ? Math.min(hp.temp, lethal) : 0;
  if (dt !== 0) out.temp = hp.temp - dt;
  const value = Math.min(hp.value - (lethal - dt), hp.max);
  if (value !== hp.value) out.value = value;
  return out;
}
