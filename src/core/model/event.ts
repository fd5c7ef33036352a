/**
 * A damage event: one hit (RULES.md §1). Parts are resolved on their own; a
 * part with several types is ONE part of several types (001, "multiple damage
 * types").
 */
import { z } from "../zod.ts";
import { damageType, hitDamageType, MAX_POINTS, points, storageKey } from "./common.ts";
import { dnd5eApplicationSchema } from "./dnd5e.ts";

/**
 * One part of a hit: an amount in points of damage with one or more types.
 * Untyped = `physical` (001). `properties`: dnd5e's properties of this part
 * (`mgc`, `sil`, `ada`...), read only by the `dnd5e` profile's steps; without
 * them those steps read the event's traits (`magical`, `silvered`, `adamantine`).
 */
export const damagePartSchema = z.strictObject({
  amount: points,
  types: z._default(z.array(hitDamageType), []),
  properties: z.optional(z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)))),
});

/** Who or what deals the damage (002 rule 10/14; 001 attacker level: Paragon >= 11, Epic >= 21). */
export const damageSourceSchema = z.strictObject({
  id: z.optional(z.string()),
  name: z.optional(z.string()),
  level: z.optional(z.number().check(z.int(), z.gte(0))),
  /** Tags / keywords / elements of the source (003 tags, 002 elements, 004 keywords such as `poison`). */
  tags: z._default(z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))), []),
});

/** Resistance reduction carried by the attacker (001): against a resistance of `type`, gain Vulnerable `type` with limit `value`. */
export const resistanceReductionSchema = z.strictObject({ type: damageType, value: points });

/**
 * Changes to the attack's types and amount before the chain runs:
 * - `gainType`, `becomeType`: 001 "Changing the damage type of an attack";
 * - `extraDamage`: 001 "Adding extra damage to an attack" (points >= 0, typed);
 * - `adjust`: 002 rules 5 and 6, a power change of the damage as a whole, a
 *   signed whole number of points (-1e9 to 1e9). A reduction may take the
 *   damage below 0; the profile's `clamp` step raises it to 0 (002 rule 15).
 */
export const eventModifierSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("gainType"), type: hitDamageType }),
  z.strictObject({ kind: z.literal("becomeType"), type: hitDamageType }),
  z.strictObject({ kind: z.literal("extraDamage"), amount: points, types: z._default(z.array(hitDamageType), []) }),
  z.strictObject({ kind: z.literal("adjust"), amount: z.number().check(z.int(), z.gte(-MAX_POINTS), z.lte(MAX_POINTS)) }),
]);

/**
 * The event traits the rules read (RULES.md §1; 000 `imbued`, 001 `attack`,
 * `environmental`, `advantage`, `critical`, `ongoing`, `silvered`, `burst`,
 * `blast`, 002 `combat`, `noncombat`, `unpreventable`, 004 `pierce`) and the
 * dnd5e properties read as traits (`magical`, `adamantine`). Each has a label
 * (`DAMAGECHAIN.Trait.<id>`); an event may carry others, shown by their id.
 */
export const KNOWN_TRAITS = ["attack", "environmental", "unpreventable", "imbued", "pierce", "advantage", "critical", "ongoing", "silvered", "magical", "adamantine", "burst", "blast", "combat", "noncombat"] as const;

/**
 * The damage event.
 * - `traits`: open set (`attack`, `environmental`, `unpreventable`, `imbued`,
 *   `pierce`, `advantage`, `critical`, `ongoing`, `silvered`, `burst`, `blast`,
 *   `combat`, `noncombat`). An event is an attack unless it has `environmental`.
 * - `location`: hit location for wounds (004); unknown -> `torso`.
 * - `dnd5e`: dnd5e's damage application options (the tray's multiplier,
 *   ignore and downgrade toggles), read only by the `dnd5e` profile's steps.
 */
export const damageEventSchema = z.strictObject({
  id: z.optional(z.string()),
  label: z.optional(z.string()),
  parts: z.array(damagePartSchema).check(z.minLength(1)),
  traits: z._default(z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))), []),
  source: z._default(damageSourceSchema, { tags: [] }),
  resistanceReduction: z._default(z.array(resistanceReductionSchema), []),
  modifiers: z._default(z.array(eventModifierSchema), []),
  location: z.optional(z.enum(["rightLeg", "leftLeg", "rightArm", "leftArm", "torso"])),
  dnd5e: z.optional(dnd5eApplicationSchema),
  /** Ids of the defender's reactions taken against this hit (`defenses.reactions`), chosen per target when the damage is applied. */
  reactions: z.optional(z.array(storageKey).check(z.maxLength(16))),
});

export type DamagePart = z.infer<typeof damagePartSchema>;
export type DamageSource = z.infer<typeof damageSourceSchema>;
export type EventModifier = z.infer<typeof eventModifierSchema>;
export type DamageEvent = z.infer<typeof damageEventSchema>;
/** What callers may pass before defaults are filled in. */
export type DamageEventInput = z.input<typeof damageEventSchema>;
export type HitLocation = NonNullable<DamageEvent["location"]>;
