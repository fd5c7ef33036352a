/**
 * Shared schema pieces for the rules core's plain-data model.
 * Every number a user can type is a whole number of damage points or game
 * seconds; the schemas refuse NaN, infinities, fractions and negatives so that
 * no step ever sees them.
 */
import { rule, type RuleParams } from "../messages.ts";
import { z } from "../zod.ts";

/**
 * The most points of damage (or of a resource) one field may hold: one
 * billion. Far above any game's numbers, and low enough that sums over many
 * parts, vulnerabilities and DV on top stay exact whole numbers (safe integers).
 */
export const MAX_POINTS = 1_000_000_000;

/** A whole number of points of damage (or of a resource, or game seconds of a cooldown), 0 to {@link MAX_POINTS}. */
export const points = z.number().check(z.int(), z.gte(0), z.lte(MAX_POINTS));

/**
 * The most a running total in the defender's state may hold (life lost this
 * round, damage counters, temporary damage): the largest safe integer,
 * 9,007,199,254,740,991. Hits add to these totals with {@link addTally},
 * which stops at this bound, so a hit never writes a total that the flags
 * schema then refuses (002 rule 13 counters, 000 Damage Limit).
 */
export const MAX_TALLY = Number.MAX_SAFE_INTEGER;

/** A running total kept in the defender's state: a whole number from 0 to {@link MAX_TALLY}. */
export const tally = z.number().check(z.int(), z.gte(0), z.lte(MAX_TALLY));

/** `total + points`, at most {@link MAX_TALLY} (both whole numbers >= 0). */
export function addTally(total: number, points: number): number {
  return Math.min(MAX_TALLY, total + points);
}

/**
 * Why `key` cannot be an id or a key stored in an actor's flags, as the
 * params of a refinement ({@link rule}: a `DAMAGECHAIN.Validation` key and
 * its values), or `undefined` when it can. Foundry reads a `.` in an update key as a path, a
 * leading `-=` as a deletion and a leading `==` as a forced replacement
 * (`foundry.utils.mergeObject`), and the names of Object.prototype members
 * (`__proto__`, `constructor`, `toString`...) are not plain keys in
 * JavaScript. Such a key would be stored as something else than itself.
 */
export function unsafeKeyReason(key: string): RuleParams | undefined {
  if (key.includes(".")) return rule("DAMAGECHAIN.Validation.KeyDot").params;
  if (key.startsWith("-=") || key.startsWith("==")) return rule("DAMAGECHAIN.Validation.KeyPrefix").params;
  if (key in Object.prototype) return rule("DAMAGECHAIN.Validation.KeyReserved", { name: key }).params;
  return undefined;
}

/**
 * A text that the module uses as a key in stored data: a defense's `id`
 * (shell cooldowns, one-time uses) or a resource name (flag pools). Refused
 * with {@link unsafeKeyReason}'s message, at the field.
 */
export const storageKey = z.string().check(
  z.minLength(1),
  z.superRefine((key, ctx) => {
    const params = unsafeKeyReason(key);
    if (params !== undefined) ctx.addIssue({ code: "custom", params });
  }),
);

/** A damage type id, lower case (`fire`, `physical`, `non-physical`). */
export const damageType = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.minLength(1));

/**
 * A damage type that damage can have (a hit's part, a type change, the
 * profile's list of types). `all` and `non-physical` only say what a defense
 * covers (001 "or 'all' if the resistance applies to all damage"); no damage
 * is of those types.
 */
export const hitDamageType = damageType.check(z.refine((t) => t !== "all" && t !== "non-physical", rule("DAMAGECHAIN.Validation.HitTypeCoverOnly")));

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
 * - `onlyWith`: the defense applies only when one of these words holds for the
 *   hit, read as `ignoredBy`'s (`exceptions.ts` `holds`; `non-magical` holds
 *   when `magical` does not): pf2e's resistance doubled against some hits
 *   (`doubleVs`) is imported as a second entry of twice the value with them.
 * - `group`: non-stacking group; only the first active entry of a group counts (004).
 * - `template`: the creature template that added it, so it can be removed as a unit.
 */
export const defenseBase = {
  id: z.optional(storageKey),
  label: z.optional(z.string()),
  condition: z.optional(condition),
  ignoredBy: z.optional(z.array(z.string().check(z.minLength(1)))),
  onlyWith: z.optional(z.array(z.string().check(z.minLength(1)))),
  group: z.optional(z.string().check(z.minLength(1))),
  template: z.optional(z.string().check(z.minLength(1))),
};
