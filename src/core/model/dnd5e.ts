/**
 * dnd5e's damage traits and damage application options as plain data, for
 * the `dnd5e` profile's steps. Checked against foundryvtt/dnd5e
 * 5.3.3 (commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449):
 * - `module/documents/actor/actor.mjs` `calculateDamage` (lines 789-905),
 *   `#changeHasEffect` (lines 918-957) and `#changeIsIgnored` (lines 971-988):
 *   what the traits and the options mean;
 * - the actor's `system.traits.di|dr|dv` (`{ value: Set, bypasses: Set }`),
 *   `system.traits.dm` (`{ amount: { <type>: formula }, bypasses: Set }`) and
 *   `system.attributes.hp.dt` (damage threshold).
 *
 * Ids are lower case here: dnd5e's `ALL` (every damage type) is `all`. The
 * adapter (or {@link ../import/dnd5e-traits.ts dnd5eTraitsFromSystem}) maps an
 * actor's system data to {@link Dnd5eTraits}; the damage tray's per-target
 * options map to {@link Dnd5eApplication}.
 */
import { z } from "../zod.ts";
import { damageType, points, storageKey } from "./common.ts";

/** A lower-case id in a list (damage type, bypass property). */
const id = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1));

/** One of `di`, `dr`, `dv`: the types it covers (`all` = dnd5e's `ALL`) and the physical properties that bypass it (`mgc`, `sil`, `ada`). */
export const dnd5eTraitSchema = z.strictObject({
  value: z._default(z.array(damageType), []),
  bypasses: z._default(z.array(id), []),
});

/**
 * The damage modification `dm`: points added to (or, negative, taken from)
 * damage of a type, spent once per application (actor.mjs lines 820-831, 846-847),
 * and the properties that bypass it for physical damage (lines 844-845). Keys are
 * damage types or `all`; values whole numbers from -1e9 to 1e9 (dnd5e's
 * formulas evaluated; a formula dnd5e cannot evaluate counts 0, utils.mjs
 * `simplifyBonus` lines 434-444).
 */
export const dnd5eModificationSchema = z.strictObject({
  amount: z._default(z.record(storageKey, z.number().check(z.int(), z.gte(-1_000_000_000), z.lte(1_000_000_000))), {}),
  bypasses: z._default(z.array(id), []),
});

/**
 * An actor's dnd5e damage traits: immunities `di`, resistances `dr`,
 * vulnerabilities `dv`, modification `dm`, and the damage threshold `dt`
 * (points; damage of more than 0 and less than `dt` is ignored, actor.mjs
 * lines 882-891). Every field defaults to empty / no threshold.
 */
export const dnd5eTraitsSchema = z.strictObject({
  di: z._default(dnd5eTraitSchema, () => dnd5eTraitSchema.parse({})),
  dr: z._default(dnd5eTraitSchema, () => dnd5eTraitSchema.parse({})),
  dv: z._default(dnd5eTraitSchema, () => dnd5eTraitSchema.parse({})),
  dm: z._default(dnd5eModificationSchema, () => dnd5eModificationSchema.parse({})),
  dt: z.optional(points),
});

/** Per category: everything (`true`) or the listed damage types (`all` = dnd5e's `ALL`). */
const typesOrAll = z.union([z.boolean(), z.array(damageType)]);

/**
 * dnd5e's damage application options as the damage tray sets them per target
 * (`DamageApplicationOptions`: `multiplier`, `ignore`, `downgrade`).
 * - `multiplier`: the tray's ×¼, ×½, ×1, ×2 (any finite number ≥ 0 up to
 *   1,000; negative multipliers turn damage into healing, which is left to dnd5e).
 * - `ignore`: `true` ignores every trait and the threshold; else per category
 *   (`immunity`, `resistance`, `vulnerability`, `modification`) `true` or the
 *   types whose trait is ignored, and `threshold: true` ignores `dt`.
 * - `downgrade`: `true` or the types whose immunity counts as a resistance.
 * - `midiDr`: midi-qol's damage reduction for this target (`flags.midi-qol.DR.*`,
 *   kept by midi-qol in `system.traits.dm.midi`), points as midi-qol rolled
 *   them for this hit; the `midiDr` step takes them off after dnd5e's traits
 *   and threshold, where midi-qol 11.6.32 takes them (`src/module/Hooks.ts`
 *   lines 1078-1176). Absent: none.
 */
export const dnd5eApplicationSchema = z.strictObject({
  multiplier: z._default(z.number().check(z.gte(0), z.lte(1000)), 1),
  ignore: z._default(
    z.union([
      z.boolean(),
      z.strictObject({
        immunity: z.optional(typesOrAll),
        resistance: z.optional(typesOrAll),
        vulnerability: z.optional(typesOrAll),
        modification: z.optional(typesOrAll),
        threshold: z.optional(z.boolean()),
      }),
    ]),
    false,
  ),
  downgrade: z._default(typesOrAll, false),
  midiDr: z.optional(points),
});

/** dnd5e's physical damage types (`CONFIG.DND5E.damageTypes[t].isPhysical`, `module/config.mjs`). */
export const DND5E_PHYSICAL_TYPES: readonly string[] = ["bludgeoning", "piercing", "slashing"];

/** dnd5e's healing types (`CONFIG.DND5E.healingTypes`): `all` never covers them (actor.mjs lines 847, 933, 946). */
export const DND5E_HEALING_TYPES: readonly string[] = ["healing", "temphp", "maximum"];

/** Event traits the module gives a hit with a dnd5e physical property → the property (`magical` → `mgc`...). */
export const DND5E_TRAIT_PROPERTIES: Readonly<Record<string, string>> = { magical: "mgc", silvered: "sil", adamantine: "ada" };

export type Dnd5eTrait = z.infer<typeof dnd5eTraitSchema>;
export type Dnd5eModification = z.infer<typeof dnd5eModificationSchema>;
export type Dnd5eTraits = z.infer<typeof dnd5eTraitsSchema>;
export type Dnd5eTraitsInput = z.input<typeof dnd5eTraitsSchema>;
export type Dnd5eApplication = z.infer<typeof dnd5eApplicationSchema>;
export type Dnd5eApplicationInput = z.input<typeof dnd5eApplicationSchema>;
