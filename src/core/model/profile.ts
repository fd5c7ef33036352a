/**
 * Profiles: an ordered chain of steps plus options (RULES.md §1, §3). Each
 * step id names one file in `src/core/steps/`.
 */
import { z } from "zod";
import { hitDamageType, storageKey } from "./common.ts";

/** Every step the core knows, in no particular order. */
export const STEP_IDS = [
  "immunity",
  "prevention",
  "bdn",
  "bdr",
  "dv",
  "armorValue",
  "fdn",
  "fdr",
  "tagResistance",
  "resistance",
  "reduction",
  "pools",
  "guard",
  "damageLimit",
  "damageShell",
  "life",
  "clamp",
  "triggers",
  "variableResistance",
] as const;
export type StepId = (typeof STEP_IDS)[number];

/** Options of the `pools` step (004). */
export const poolsOptionsSchema = z.strictObject({
  /** Pools in the order damage is taken from them, one point per point. */
  order: z.array(storageKey).default(["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"]),
  /** Pools that `pierce` damage skips (every armor pool). */
  armorPools: z.array(storageKey).default(["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor"]),
  /** Pools that halve what is applied to them (monstrous armor). */
  halving: z.array(storageKey).default(["monstrousArmor"]),
  /** Damage left after the last pool becomes one wound at the hit location. */
  wound: z.boolean().default(true),
});

/** Options of the `life` step (000 life, 002 counters, 003 HP and Dying). */
export const lifeOptionsSchema = z.strictObject({
  resource: storageKey.default("hp"),
  /** `hp`: subtract from the resource. `counters`: 002 damage counters (champion) or temporary damage (ally). */
  mode: z.enum(["hp", "counters"]).default("hp"),
  /** Condition gained at 0 (003 Dying; the Incapacitation option; 002 death). */
  atZero: z.enum(["dying", "dead", "incapacitated", "none"]).default("dying"),
});

/** Options of the `guard` step (003). */
export const guardOptionsSchema = z.strictObject({ resource: storageKey.default("guard") });

/** Options of the `prevention` step (002, 004). */
export const preventionOptionsSchema = z.strictObject({
  phases: z.array(z.enum(["ongoing", "oneTime"])).min(1).default(["ongoing", "oneTime"]),
});

const noOptions = z.strictObject({});

/** Step options schema, by step id. Steps not listed take no options. */
export const STEP_OPTION_SCHEMAS = {
  pools: poolsOptionsSchema,
  life: lifeOptionsSchema,
  guard: guardOptionsSchema,
  prevention: preventionOptionsSchema,
} as const;

export type PoolsOptions = z.infer<typeof poolsOptionsSchema>;
export type LifeOptions = z.infer<typeof lifeOptionsSchema>;
export type GuardOptions = z.infer<typeof guardOptionsSchema>;
export type PreventionOptions = z.infer<typeof preventionOptionsSchema>;

/** One link of the chain: a step id, its options, and whether it is on. */
export const chainLinkSchema = z
  .strictObject({
    step: z.enum(STEP_IDS),
    enabled: z.boolean().default(true),
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .transform((link, ctx) => {
    const schema = (STEP_OPTION_SCHEMAS as Record<string, z.ZodType>)[link.step] ?? noOptions;
    const parsed = schema.safeParse(link.options);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom", path: ["options", ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { step: link.step, enabled: link.enabled, options: parsed.data as Record<string, unknown> };
  });

/** Default damage types: the universe for the "no total invulnerability" rule (004). */
export const DEFAULT_DAMAGE_TYPES = ["physical", "acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder"];

/** Profile-wide options: the ambiguity readings of RULES.md, each selectable. */
export const profileOptionsSchema = z.strictObject({
  /** How halves round (001 halves, 000 armor layers, 004 monstrous). Default down. */
  rounding: z.enum(["down", "up", "nearest"]).default("down"),
  /** BDN negates when base damage is `lt` (less than, as 000 says) or `lte` the negate. */
  bdnCompare: z.enum(["lt", "lte"]).default("lt"),
  /** FDN negates when final damage is `lte` (as 000 says) or `lt` the negate. */
  fdnCompare: z.enum(["lt", "lte"]).default("lte"),
  /** The type of untyped damage (001: physical). */
  defaultType: hitDamageType.default("physical"),
  /** Every damage type in the game (for the 004 invulnerability rule). */
  damageTypes: z.array(hitDamageType).min(1).default(DEFAULT_DAMAGE_TYPES),
});

/** A profile: built-in or user-defined. */
export const profileSchema = z.strictObject({
  id: z.string().min(1).regex(/^[a-z0-9][a-z0-9-]*$/, "use lower-case letters, digits and dashes"),
  name: z.string().min(1),
  description: z.string().default(""),
  steps: z.array(chainLinkSchema).min(1, "a profile needs at least one step"),
  options: profileOptionsSchema.default(() => profileOptionsSchema.parse({})),
});

export type ChainLink = z.output<typeof chainLinkSchema>;
export type ProfileOptions = z.infer<typeof profileOptionsSchema>;
export type Profile = z.output<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
