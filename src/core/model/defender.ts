/**
 * The defender: defenses, resources (pools that absorb damage) and state
 * (what persists between hits: round counters, shell cooldowns, one-time uses,
 * conditions, wounds, counters).
 */
import { z } from "../zod.ts";
import { rule } from "../messages.ts";
import { damageType, points, storageKey, tally } from "./common.ts";
import { defensesSchema } from "./defenses.ts";
import { dnd5eTraitsSchema } from "./dnd5e.ts";

/** A pool of points: HP/life, guard, magic armor, body... `max` is optional. */
export const resourceSchema = z
  .strictObject({ value: points, max: z.optional(points) })
  .check(z.refine((r) => r.max === undefined || r.value <= r.max, { ...rule("DAMAGECHAIN.Validation.ValueOverMax"), path: ["value"] }));

/**
 * Well-known resource keys. Any other key is allowed (a GM's own pool).
 * `hp` is life (000 Life Points, 001/003 HP, 002 champion life); `ward` is
 * the pool the system profiles take damage from before life (a ward).
 */
export const RESOURCE_KEYS = ["hp", "guard", "magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body", "ward"] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

/** Resource name → pool. Names are {@link storageKey}s: the flag pools are stored under them. */
export const resourcesSchema = z.record(storageKey, resourceSchema);

/** Hit locations for wounds (004). */
export const HIT_LOCATIONS = ["rightLeg", "leftLeg", "rightArm", "leftArm", "torso"] as const;

/**
 * What persists between hits. Units: `shellCooldowns` holds the game time
 * (seconds) at which each shell is usable again.
 */
export const defenderStateSchema = z.strictObject({
  /** Life points lost this round, for the Damage Limit (000). Reset at round start. */
  roundLifeLost: z._default(tally, 0),
  /** A Damage Shell triggered this round: immune to all damage until the next round (000). */
  shellImmune: z._default(z.boolean(), false),
  /** Shells an imbued (ignoring) hit went past this round (000 "later attack" rule). */
  shellsBypassed: z._default(z.array(z.string()), []),
  /** Shell id -> game time in seconds when it can trigger again. */
  shellCooldowns: z._default(z.record(storageKey, z.number().check(z.int(), z.gte(0))), {}),
  /** One-time prevention id -> uses left; missing = the entry's full `uses`. */
  oneTimeUses: z._default(z.record(storageKey, z.number().check(z.int(), z.gte(0))), {}),
  /** Conditions the defender has (`dying`, `broken`, `slowed`, `dead`...). */
  conditions: z._default(z.array(z.string().check(z.minLength(1))), []),
  /** Ablative "next hit goes to pool X" (004); consumed by the next hit. */
  nextHitPool: z.optional(storageKey),
  /** Wounds per hit location (004). */
  wounds: z._default(z.partialRecord(z.enum(HIT_LOCATIONS), points), {}),
  /** Champion damage counters (002 rule 13). */
  counters: z._default(tally, 0),
  /** Ally temporary damage, cleared at the end phase (002 rule 12). */
  temporaryDamage: z._default(tally, 0),
  /** Variable Resistance in force (001 demons): resist one elemental type, vulnerable to another. */
  variableResistance: z.optional(z.strictObject({ resist: damageType, vulnerable: damageType })),
});

/**
 * The defender. `traits`: `immortal` (002), `champion` / `ally` (002 counters
 * vs temporary damage). `dnd5e`: the actor's dnd5e damage traits, read live by
 * the adapter and only by the `dnd5e` profile's steps.
 */
export const defenderSchema = z.strictObject({
  name: z._default(z.string(), "Defender"),
  traits: z._default(z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))), []),
  resources: z._default(resourcesSchema, {}),
  // A missing part is the schema's own parse of `{}`, which a compiled parse (`zod.ts` `compiled`) makes inline, without the runtime parser.
  defenses: z.prefault(defensesSchema, {}),
  state: z.prefault(defenderStateSchema, {}),
  dnd5e: z.optional(dnd5eTraitsSchema),
  /**
   * The actor's Daggerheart damage traits, read live by the adapter and only
   * by the `daggerheart` profile's steps, which validate them
   * (`daggerheartTraitsSchema`, in their own chunk: here only a plain object is required).
   */
  daggerheart: z.optional(z.record(z.string(), z.unknown())),
  /**
   * Saving throws rolled for this hit, by the id of the defense that asks for
   * one (an endurance entry's `save`): the roll's total. The adapter rolls
   * them with Foundry's dice; without one the step rolls d20 + bonus itself.
   */
  saves: z.optional(z.record(storageKey, z.number().check(z.int(), z.gte(-999), z.lte(999)))),
});

export type Resource = z.infer<typeof resourceSchema>;
export type Resources = z.infer<typeof resourcesSchema>;
export type DefenderState = z.infer<typeof defenderStateSchema>;
export type Defender = z.infer<typeof defenderSchema>;
export type DefenderInput = z.input<typeof defenderSchema>;
