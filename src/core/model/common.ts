/**
 * Shared schema pieces for the rules core's plain-data model.
 * Every number a user can type is a whole number of damage points or game
 * seconds; the schemas refuse NaN, infinities, fractions and negatives so that
 * no step ever sees them.
 */
import { z } from "zod";

/**
 * The most points of damage (or of a resource) one field may hold: one
 * billion. Far above any game's numbers, and low enough that sums over many
 * parts, vulnerabilities and DV on top stay exact whole numbers (safe integers).
 */
export const MAX_POINTS = 1_000_000_000;

/** A whole number of points of damage (or of a resource, or game seconds of a cooldown), 0 to {@link MAX_POINTS}. */
export const points = z.number().int("must be a whole number").min(0, "must be 0 or more").max(MAX_POINTS, `must be at most ${MAX_POINTS}`);

/**
 * A running total kept in the defender's state (life lost this round, damage
 * counters, temporary damage): a whole number >= 0 with no cap of its own, as
 * hits of up to {@link MAX_POINTS} each add to it; zod keeps it a safe integer.
 */
export const tally = z.number().int("must be a whole number").min(0, "must be 0 or more");

/** A damage type id, lower case (`fire`, `physical`, `non-physical`). */
export const damageType = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "must not be empty");

/**
 * A damage type that damage can have (a hit's part, a type change, the
 * profile's list of types). `all` and `non-physical` only say what a defense
 * covers (001 "or 'all' if the resistance applies to all damage"); no damage
 * is of those types.
 */
export const hitDamageType = damageType.refine((t) => t !== "all" && t !== "non-physical", "`all` and `non-physical` say what a defense covers; damage is never of those types (001)");

/**
 * Conditions on a defense, named by seed 001 ("Resistance: Condition") and
 * checked per event by {@link ../conditions.ts}.
 */
export const CONDITIONS = [
  "advantage",
  "noAdvantage",
  "critical",
  "ongoing",
  "silvered",
  "notSilvered",
  "paragon",
  "notParagon",
  "epic",
  "notEpic",
  "burstBlast",
  "noBurstBlast",
  "attack",
  "environmental",
] as const;
export const condition = z.enum(CONDITIONS);
export type Condition = z.infer<typeof condition>;

/**
 * Fields every defense entry may carry.
 * - `id`: stable id (needed for one-time uses and shell cooldowns).
 * - `label`: what the chat card and trace call it.
 * - `condition`: the defense applies only when the condition holds (001).
 * - `ignoredBy`: event traits that make this defense ignored, e.g. `imbued` (000).
 * - `group`: non-stacking group; only the first active entry of a group counts (004).
 * - `template`: the creature template that added it, so it can be removed as a unit.
 */
export const defenseBase = {
  id: z.string().min(1).optional(),
  label: z.string().optional(),
  condition: condition.optional(),
  ignoredBy: z.array(z.string().min(1)).optional(),
  group: z.string().min(1).optional(),
  template: z.string().min(1).optional(),
};
