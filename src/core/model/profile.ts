/**
 * Profiles: an ordered chain of steps plus options (RULES.md §1, §3). Each
 * step id names one file in `src/core/steps/`.
 */
import { z } from "../zod.ts";
import { keyed } from "../messages.ts";
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
  "dnd5eImmunity",
  "dnd5eModification",
  "dnd5eResistance",
  "dnd5eThreshold",
  "midiDr",
  "endurance",
  "reaction",
  "daggerheartDamage",
  "daggerheartThreshold",
  "pf1Dr",
  "pf1Vulnerability",
  "pf2eWeaknessOnce",
] as const;
export type StepId = (typeof STEP_IDS)[number];

/** Options of the `pools` step (004). */
export const poolsOptionsSchema = z.strictObject({
  /** Pools in the order damage is taken from them, one point per point. */
  order: z._default(z.array(storageKey), ["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"]),
  /** Pools that `pierce` damage skips (every armor pool). */
  armorPools: z._default(z.array(storageKey), ["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor"]),
  /** Pools that halve what is applied to them (monstrous armor). */
  halving: z._default(z.array(storageKey), ["monstrousArmor"]),
  /** Damage left after the last pool becomes one wound at the hit location. */
  wound: z._default(z.boolean(), true),
});

/** Options of the `life` step (000 life, 002 counters, 003 HP and Dying). */
export const lifeOptionsSchema = z.strictObject({
  resource: z._default(storageKey, "hp"),
  /** `hp`: subtract from the resource. `counters`: 002 damage counters (champion) or temporary damage (ally). */
  mode: z._default(z.enum(["hp", "counters"]), "hp"),
  /** Condition gained at 0 (003 Dying; the Incapacitation option; 002 death). */
  atZero: z._default(z.enum(["dying", "dead", "incapacitated", "none"]), "dying"),
});

/** Options of the `guard` step (003). */
export const guardOptionsSchema = z.strictObject({ resource: z._default(storageKey, "guard") });

/** Options of the `prevention` step (002, 004). */
export const preventionOptionsSchema = z.strictObject({
  phases: z._default(z.array(z.enum(["ongoing", "oneTime"])).check(z.minLength(1)), ["ongoing", "oneTime"]),
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

/**
 * One link of the chain: a step id, its options, and whether it is on.
 * `whenUsed`: the step runs only for a defender that has defenses (or a
 * resource) for it (`steps/used.ts`); for any other defender the link is
 * skipped and leaves no trace entry. The system profiles put the chain's own
 * defenses on top of the system's rules this way: an actor without them gets
 * exactly the system's numbers.
 */
export const chainLinkSchema = z.pipe(
  z.strictObject({
    step: z.enum(STEP_IDS),
    enabled: z._default(z.boolean(), true),
    whenUsed: z._default(z.boolean(), false),
    options: z._default(z.record(z.string(), z.unknown()), {}),
  }),
  z.transform((link, ctx) => {
    const schema = (STEP_OPTION_SCHEMAS as Record<string, z.ZodMiniType>)[link.step] ?? noOptions;
    const parsed = schema.safeParse(link.options);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, code: "custom", path: ["options", ...issue.path], message: issue.message, input: link.options });
      return z.NEVER;
    }
    const out: { step: StepId; enabled: boolean; options: Record<string, unknown>; whenUsed?: true } = { step: link.step, enabled: link.enabled, options: parsed.data as Record<string, unknown> };
    if (link.whenUsed) out.whenUsed = true;
    return out;
  }),
);

/** Default damage types: the universe for the "no total invulnerability" rule (004). */
export const DEFAULT_DAMAGE_TYPES = ["physical", "acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder"];

/** Profile-wide options: the ambiguity readings of RULES.md, each selectable. */
export const profileOptionsSchema = z.strictObject({
  /** How halves round (001 halves, 000 armor layers, 004 monstrous). Default down. */
  rounding: z._default(z.enum(["down", "up", "nearest"]), "down"),
  /** BDN negates when base damage is `lt` (less than, as 000 says) or `lte` the negate. */
  bdnCompare: z._default(z.enum(["lt", "lte"]), "lt"),
  /** FDN negates when final damage is `lte` (as 000 says) or `lt` the negate. */
  fdnCompare: z._default(z.enum(["lt", "lte"]), "lte"),
  /** The type of untyped damage (001: physical). */
  defaultType: z._default(hitDamageType, "physical"),
  /** Every damage type in the game (for the 004 invulnerability rule). */
  damageTypes: z._default(z.array(hitDamageType).check(z.minLength(1)), DEFAULT_DAMAGE_TYPES),
});

/** A profile: built-in or user-defined. */
export const profileSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.regex(/^[a-z0-9][a-z0-9-]*$/, { error: keyed("DAMAGECHAIN.Validation.ProfileId") })),
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ""),
  steps: z.array(chainLinkSchema).check(z.minLength(1)),
  options: z._default(profileOptionsSchema, () => profileOptionsSchema.parse({})),
});

export type ChainLink = z.output<typeof chainLinkSchema>;
export type ProfileOptions = z.infer<typeof profileOptionsSchema>;
export type Profile = z.output<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
