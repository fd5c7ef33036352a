/**
 * An actor's defenses, one list per kind (RULES.md §2). Entries are plain data
 * kept in the actor's flags; order matters where a rule says "newest" or
 * "first" (004 invulnerability and non-stacking groups: later entries lose).
 */
import { z } from "../zod.ts";
import { rule, type RuleParams } from "../messages.ts";
import { condition, damageType, defenseBase, MAX_POINTS, points, storageKey } from "./common.ts";

/** `all` is never a valid immunity type (001 "Damage Immunity"). */
const immuneType = damageType.check(z.refine((t) => t !== "all", rule("DAMAGECHAIN.Validation.ImmuneAll")));

/** Immunity by damage type (001, 004) or by source tag (003). Exactly one of `type` / `tag`. */
export const immunitySchema = z
  .strictObject({ ...defenseBase, type: z.optional(immuneType), tag: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))) })
  .check(z.refine((i) => (i.type === undefined) !== (i.tag === undefined), rule("DAMAGECHAIN.Validation.TypeOrTag")));

/** Condition immunity (001): a character condition (`slowed`, `forcedMovement`, ...) that cannot be gained. */
export const conditionImmunitySchema = z.strictObject({ ...defenseBase, gains: z.string().check(z.minLength(1)) });

/**
 * Prevention (002, 004). `ongoing` (damage requirements such as "only
 * silvered hurts me": `requires: silvered`) is checked before `oneTime`
 * (spirit shield), which spends one of `uses`. `types`/`tags` narrow what it
 * applies to (empty = everything); `level` orders one-time effects (higher first).
 */
export const preventionSchema = z.strictObject({
  ...defenseBase,
  kind: z.enum(["ongoing", "oneTime"]),
  types: z._default(z.array(damageType), []),
  tags: z._default(z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))), []),
  requires: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))),
  level: z._default(z.number().check(z.int(), z.gte(0)), 0),
  uses: z._default(z.number().check(z.int(), z.gte(1)), 1),
});

/** Base/Final Damage Negate (000). Only the highest applicable value counts; `natural` is not added. */
export const negateSchema = z.strictObject({
  ...defenseBase,
  kind: z.enum(["BDN", "FDN"]),
  type: damageType,
  value: points,
  natural: z._default(z.boolean(), false),
});

/**
 * BDR / FDR / DV (000): natural + the single highest other applicable source,
 * per damage type. `perHit: true` (an imported dnd5e damage modification):
 * the value is spent once per hit over the parts in order, on
 * top of the 000 value, as dnd5e spends `dm` (`flat.ts`).
 * `apart: true` (with `perHit`, a DV: pf2e's apply-once weakness: `holy`, `water`, `spells`…)
 * is not spent by the flat steps but by `pf2eWeaknessOnce`: once per hit,
 * after the resistances, as damage of its own that no immunity or resistance
 * of the hit's parts touches (foundryvtt/pf2e `src/module/system/damage/iwr.ts`
 * `applyIWR` at 05066b10, `applyOnceWeaknesses`).
 */
export const flatSchema = z.strictObject({
  ...defenseBase,
  kind: z.enum(["BDR", "FDR", "DV"]),
  type: damageType,
  value: points,
  natural: z._default(z.boolean(), false),
  perHit: z.optional(z.boolean()),
  apart: z.optional(z.boolean()),
});

/** Tag resistance (003): if the source has `tag`, reduce by `value`; only the best one applies. */
export const tagResistanceSchema = z.strictObject({ ...defenseBase, tag: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)), value: points });

/**
 * Revised 4E Resistance / Vulnerability (001). `type` may be `all` or
 * `non-physical`; no `limit` means "half" (and, for a resistance against
 * environmental damage, all of it).
 */
export const resistanceSchema = z.strictObject({ ...defenseBase, type: damageType, limit: z.optional(points) });
export const vulnerabilitySchema = resistanceSchema;

/** Damage trigger (001): damage of `type` dealt gives condition `gains` after the event is resolved. */
export const triggerSchema = z.strictObject({ ...defenseBase, type: damageType, gains: z.string().check(z.minLength(1)) });

/**
 * Armor value (000 "Armor Value", "Natural Armor", "Layer Armor"; RULES.md §2.6):
 * natural armor or a worn layer, `value` points of damage against `type`.
 * 000 finds the AV "for each Damage Type", so one worn item may have a value
 * per type: entries with the same `piece` (the worn item's id or name) are ONE
 * layer (plate: `physical 6` and `fire 3`, both `piece: plate`). An entry
 * without `piece` is a piece of its own. All entries of one piece share one
 * `layer` kind, and at most one piece is `hard` (000 "you can only wear one
 * Hard Armor"); the defenses schema refuses either, naming `armor[i].layer`.
 */
export const armorSchema = z.strictObject({
  ...defenseBase,
  type: damageType,
  value: points,
  layer: z.enum(["natural", "hard", "soft"]),
  piece: z.optional(z.string().check(z.trim(), z.minLength(1))),
});

/** Damage reduction effects between prevention and pools (004 "monstrous rule"): subtract `value`, or halve. */
export const reductionSchema = z.strictObject({
  ...defenseBase,
  kind: z.enum(["flat", "half"]),
  value: z._default(points, 0),
  types: z._default(z.array(damageType), []),
});

/** Damage Limit (000): at most `value` life points lost per round. The lowest applicable wins. */
export const damageLimitSchema = z.strictObject({ ...defenseBase, value: points });

/** Damage Shell (000): life stops at `value`; then immune until next round; reusable after `cooldown` game seconds (default two weeks). */
export const TWO_WEEKS_SECONDS = 14 * 24 * 60 * 60;
export const damageShellSchema = z.strictObject({
  ...defenseBase,
  id: storageKey,
  value: points,
  cooldown: z._default(points, TWO_WEEKS_SECONDS),
});

/**
 * Endurance: a hit that would take life from above 0 to 0 leaves `hp` points
 * instead (SRD 5.2 Orc "Relentless Endurance": 1 HP once per long rest; SRD
 * 5.2 Zombie "Undead Fortitude": on a Constitution save of DC 5 + the damage
 * taken, unless the damage is radiant or from a critical hit; pf2e
 * "Ferocity"). `uses`: times it works before `recharge` restores it (none =
 * every time); the uses left are kept in `state.oneTimeUses` under the
 * entry's `id` (else `endurance-<index>`). `saveDc`: when given, the
 * defender must make a save of `saveAbility` (its own bonus, else
 * `saveBonus`), d20 + bonus ≥ `saveDc` + the damage taken. `exceptTypes`: damage of these
 * types in the hit turns it off (radiant); `ignoredBy` traits likewise
 * (`critical`).
 */
export const enduranceSchema = z.strictObject({
  ...defenseBase,
  hp: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_POINTS)), 1),
  uses: z.optional(z.number().check(z.int(), z.gte(1), z.lte(99))),
  recharge: z._default(z.enum(["longRest", "shortRest", "never"]), "longRest"),
  saveDc: z.optional(points),
  saveAbility: z._default(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)), "con"),
  saveBonus: z._default(z.number().check(z.int(), z.gte(-99), z.lte(99)), 0),
  exceptTypes: z._default(z.array(damageType), []),
});

/**
 * A reaction the defender may take against one hit, chosen when the damage
 * is applied (the dialog's or the damage tray's per-target choice), never
 * always on. `halve`: the hit's damage is halved (SRD 5.2 Rogue "Uncanny
 * Dodge", against an attack the defender can see): under the dnd5e profile
 * as a factor of the tray's multiplier (one rounding, as dnd5e), elsewhere
 * by the `reaction` step.
 */
export const reactionSchema = z.strictObject({ ...defenseBase, id: storageKey, effect: z.enum(["halve"]) });

/**
 * The armor list's cross-entry rules (000 Layer Armor): every entry of one
 * `piece` has the `layer` of the piece's first entry, and at most one piece is
 * Hard (an entry without `piece` is its own piece). Each refusal names
 * `armor[i].layer`, worded by `DAMAGECHAIN.Validation.PieceLayer` or
 * `…HardLayer` (`../messages.ts`).
 */
function armorLayerIssues(armor: readonly z.infer<typeof armorSchema>[]) {
  const issues: { code: "custom"; path: (string | number)[]; params: RuleParams }[] = [];
  const firstOf = new Map<string, number>();
  let hard: string | number | undefined;
  armor.forEach((a, i) => {
    const first = a.piece === undefined ? undefined : firstOf.get(a.piece);
    if (a.piece !== undefined && first === undefined) firstOf.set(a.piece, i);
    if (first !== undefined && armor[first]!.layer !== a.layer) {
      // 000 Layer Armor: one worn piece is one layer.
      const layerKey = `DAMAGECHAIN.Sheet.Kind.${armor[first]!.layer}`;
      issues.push({ code: "custom", path: ["armor", i, "layer"], ...rule("DAMAGECHAIN.Validation.PieceLayer", { piece: a.piece!, layerKey }) });
      return;
    }
    if (a.layer !== "hard") return;
    const key = a.piece ?? i;
    if (hard === undefined) hard = key;
    else if (hard !== key) {
      // 000 Layer Armor: only one layer of armor may be Hard.
      issues.push({ code: "custom", path: ["armor", i, "layer"], ...rule("DAMAGECHAIN.Validation.HardLayer") });
    }
  });
  return issues;
}

/** 4E non-AC defenses whose strength a monster role sets (001 "Fixing monster defenses"). */
export const ROLE_DEFENSES = ["fortitude", "reflex", "will"] as const;

/**
 * A role defense modifier (001 "Fixing monster defenses"): Fortitude, Reflex
 * or Will relative to the level's average defense; strong = +1, average = 0,
 * weak = -1 (the optional variation adds one more +1 and one -1 entry). Not a
 * step of the damage chain: it is kept so creature templates stay whole.
 */
export const roleDefenseSchema = z.strictObject({ ...defenseBase, defense: z.enum(ROLE_DEFENSES), modifier: z.number().check(z.int(), z.gte(-1), z.lte(1)) });

/** Keyword bundles of 001 plus the demon trait Variable Resistance. */
export const KEYWORDS = ["insubstantial", "swarm", "regiment", "variableResistance"] as const;

/** All of an actor's defenses. Every list defaults to empty. */
export const defensesSchema = z
  .strictObject({
    immunities: z._default(z.array(immunitySchema), []),
    conditionImmunities: z._default(z.array(conditionImmunitySchema), []),
    prevention: z._default(z.array(preventionSchema), []),
    negates: z._default(z.array(negateSchema), []),
    flat: z._default(z.array(flatSchema), []),
    tagResistances: z._default(z.array(tagResistanceSchema), []),
    resistances: z._default(z.array(resistanceSchema), []),
    vulnerabilities: z._default(z.array(vulnerabilitySchema), []),
    triggers: z._default(z.array(triggerSchema), []),
    armor: z._default(z.array(armorSchema), []),
    reductions: z._default(z.array(reductionSchema), []),
    damageLimits: z._default(z.array(damageLimitSchema), []),
    shells: z._default(z.array(damageShellSchema), []),
    endurance: z._default(z.array(enduranceSchema), []),
    reactions: z._default(z.array(reactionSchema), []),
    keywords: z._default(z.array(z.enum(KEYWORDS)), []),
    roleDefenses: z._default(z.array(roleDefenseSchema), []),
  })
  .check(z.superRefine((d, ctx) => {
    armorLayerIssues(d.armor).forEach((issue) => ctx.addIssue(issue));
    const seen = new Map<number, number>();
    d.shells.forEach((s, i) => {
      const prev = seen.get(s.value);
      if (prev !== undefined) ctx.addIssue({ code: "custom", path: ["shells", i, "value"], ...rule("DAMAGECHAIN.Validation.ShellValue", { value: s.value }) }); // 000
      seen.set(s.value, i);
    });
    // A shell's cooldown and a one-time effect's uses are kept in the state by id: two entries with one id would share them.
    const ids = new Map<string, number>();
    d.shells.forEach((s, i) => {
      const prev = ids.get(s.id);
      if (prev !== undefined) ctx.addIssue({ code: "custom", path: ["shells", i, "id"], ...rule("DAMAGECHAIN.Validation.ShellId", { id: s.id }) }); // 000
      ids.set(s.id, i);
    });
    const oneTimeIds = new Map<string, number>();
    d.prevention.forEach((p, i) => {
      if (p.kind !== "oneTime" || p.id === undefined) return;
      const prev = oneTimeIds.get(p.id);
      if (prev !== undefined) ctx.addIssue({ code: "custom", path: ["prevention", i, "id"], ...rule("DAMAGECHAIN.Validation.OneTimeId", { id: p.id }) }); // 004
      oneTimeIds.set(p.id, i);
    });
    // Endurance uses share the one-time record: an id must not name a one-time prevention too.
    d.endurance.forEach((e, i) => {
      if (e.id === undefined) return;
      if (oneTimeIds.has(e.id)) ctx.addIssue({ code: "custom", path: ["endurance", i, "id"], ...rule("DAMAGECHAIN.Validation.OneTimeId", { id: e.id }) });
      oneTimeIds.set(e.id, i);
    });
    const reactionIds = new Set<string>();
    d.reactions.forEach((r, i) => {
      if (reactionIds.has(r.id)) ctx.addIssue({ code: "custom", path: ["reactions", i, "id"], ...rule("DAMAGECHAIN.Validation.ReactionId", { id: r.id }) });
      reactionIds.add(r.id);
    });
  }));

export type Immunity = z.infer<typeof immunitySchema>;
export type ConditionImmunity = z.infer<typeof conditionImmunitySchema>;
export type Prevention = z.infer<typeof preventionSchema>;
export type Negate = z.infer<typeof negateSchema>;
export type FlatDefense = z.infer<typeof flatSchema>;
export type TagResistance = z.infer<typeof tagResistanceSchema>;
export type Resistance = z.infer<typeof resistanceSchema>;
export type Vulnerability = Resistance;
export type DamageTrigger = z.infer<typeof triggerSchema>;
export type Armor = z.infer<typeof armorSchema>;
export type Reduction = z.infer<typeof reductionSchema>;
export type DamageLimit = z.infer<typeof damageLimitSchema>;
export type DamageShell = z.infer<typeof damageShellSchema>;
export type Endurance = z.infer<typeof enduranceSchema>;
export type Reaction = z.infer<typeof reactionSchema>;
export type Keyword = (typeof KEYWORDS)[number];
export type RoleDefense = z.infer<typeof roleDefenseSchema>;
export type Defenses = z.infer<typeof defensesSchema>;
export type DefensesInput = z.input<typeof defensesSchema>;
export { condition };
