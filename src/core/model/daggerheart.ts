/**
 * Daggerheart's damage traits as plain data, for the `daggerheart` profile's
 * steps. Checked against Foundryborne/daggerheart at commit
 * 00512b7cbbddb1d86e095d20c66f27c7293e18f8:
 * - `module/data/actor/base.mjs`: `system.resistance.{physical,magical}` is
 *   `{ resistance: boolean, immunity: boolean, reduction: integer }`;
 *   `commonActorRules` gives `system.rules.damageReduction.reduceSeverity.{physical,magical}`
 *   (severity steps) and `thresholdImmunities.minor` (boolean);
 * - `module/data/actor/adversary.mjs`: `system.damageThresholds.{major,severe}`
 *   (points of damage) and `system.resources.hitPoints` (`value` counts the
 *   marked Hit Points, `max` the slots);
 * - `module/documents/actor.mjs`: `calculateDamage`, `getResistanceStatus`,
 *   `getDamageTypeReduction`, `convertDamageToThreshold` and `takeDamage`
 *   read them (see `core/daggerheart/rules.ts`).
 */
import { z } from "../zod.ts";
import { points } from "./common.ts";

/** Daggerheart's two damage types (`CONFIG.DH.GENERAL.damageTypes`). */
export const DAGGERHEART_TYPES = ["physical", "magical"] as const;

/** One damage type's entry of `system.resistance`. */
export const daggerheartResistanceSchema = z.strictObject({
  resistance: z._default(z.boolean(), false),
  immunity: z._default(z.boolean(), false),
  /** Flat points taken off after resistance (`getDamageTypeReduction`). */
  reduction: z._default(z.number().check(z.int(), z.gte(-1_000_000), z.lte(1_000_000)), 0),
});

/**
 * An actor's Daggerheart damage traits. `resistance` by damage type (only the
 * types the actor has an entry for count, as `getResistanceStatus` skips the
 * others); `major` / `severe`: damage thresholds in points; `massive`: the
 * world's Massive Damage variant rule is on; `adversary`: the actor is an
 * adversary, the only type whose `reduceSeverity` and `minorImmune`
 * (`thresholdImmunities.minor`) `takeDamage` applies by itself (a
 * character's go through its armor-slot prompt).
 */
export const daggerheartTraitsSchema = z.strictObject({
  resistance: z._default(z.partialRecord(z.enum(DAGGERHEART_TYPES), daggerheartResistanceSchema), {}),
  major: z._default(points, 0),
  severe: z._default(points, 0),
  massive: z._default(z.boolean(), false),
  adversary: z._default(z.boolean(), false),
  reduceSeverity: z._default(z.partialRecord(z.enum(DAGGERHEART_TYPES), z.number().check(z.int(), z.gte(0), z.lte(4))), {}),
  minorImmune: z._default(z.boolean(), false),
});

export type DaggerheartResistance = z.infer<typeof daggerheartResistanceSchema>;
export type DaggerheartTraits = z.infer<typeof daggerheartTraitsSchema>;
export type DaggerheartTraitsInput = z.input<typeof daggerheartTraitsSchema>;
