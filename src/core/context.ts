/**
 * The working context one resolution passes from step to step, and the
 * shapes of what comes out (trace entries, warnings, effects). Steps mutate
 * the context; {@link ../chain.ts resolve} gives each run fresh copies, so
 * callers' data is never changed.
 */
import { applies } from "./conditions.ts";
import type { Condition } from "./model/common.ts";
import type { RandomSource } from "./pick.ts";
import type { DamageEvent } from "./model/event.ts";
import type { Defenses } from "./model/defenses.ts";
import type { Dnd5eTraits } from "./model/dnd5e.ts";
import type { DefenderState, Resources } from "./model/defender.ts";
import type { ProfileOptions, StepId } from "./model/profile.ts";

/** A part being resolved. `amount` is the current points of damage; `base` what it was before the chain. */
export interface WorkingPart {
  amount: number;
  /** Never changed by a step: it may be the event's own list. */
  readonly types: readonly string[];
  readonly base: number;
  /** The event part's dnd5e properties, when it gives them (`dnd5e` profile). */
  readonly properties?: readonly string[];
}

/**
 * Parameters of a message key: numbers (points of damage, game seconds),
 * symbols (`<`, `≤`) and ids, never words of a language. Ids go under the
 * conventional names that `explain.ts` localises: `type`, `types`,
 * `partTypes`, `resist`, `vulnerable`, `triggering` (damage type ids),
 * `resource`, `pool`, `order` (resource keys), `condition`, `conditions`
 * (character condition ids), `location` (hit location), `traits` (event
 * trait ids). A list is an array.
 */
export type MessageParams = Record<string, string | number | readonly (string | number)[]>;

/** Kinds of defense the trace names, one per rule (RULES.md §2). */
export const DEFENSE_KINDS = [
  "immunity",
  "tagImmunity",
  "unaffected",
  "prevention",
  "oneTimePrevention",
  "damageRequirement",
  "BDN",
  "FDN",
  "BDR",
  "FDR",
  "DV",
  "armor",
  "tagResistance",
  "resistance",
  "vulnerability",
  "reduction",
  "halving",
  "damageLimit",
  "damageShell",
  "trigger",
  "variableResistance",
  "modification",
  "threshold",
  "endurance",
  "reaction",
] as const;
export type DefenseKind = (typeof DEFENSE_KINDS)[number];

/**
 * Where a defense came from when it is not an entry of the defender's own
 * list: Variable Resistance (001), the attacker's resistance reduction (001),
 * or a keyword bundle (001 Insubstantial, Swarm, Regiment).
 */
export const DEFENSE_VIA = ["variableResistance", "resistanceReduction", "insubstantial", "swarm", "regiment"] as const;
export type DefenseVia = (typeof DEFENSE_VIA)[number];

/**
 * A defense named in the trace, as plain data that `explain.ts` writes in any
 * language ("Resist 10 Fire (Advantage)", "BDR 2 Fire (natural)"). Only the
 * fields the kind has are set. `label` is the GM's own name for the entry;
 * `type`/`types` are damage type ids, `tag`/`tags` source tags, `value` and
 * `limit` points of damage, `condition` the entry's per-event condition.
 */
export interface DefenseRef {
  kind: DefenseKind;
  label?: string;
  type?: string;
  types?: readonly string[];
  tag?: string;
  tags?: readonly string[];
  /** Damage requirement: only damage with this trait or tag hurts (004). */
  requires?: string;
  value?: number;
  limit?: number;
  /** A natural negate, BDR, FDR or DV (000). */
  natural?: boolean;
  layer?: "natural" | "hard" | "soft";
  condition?: Condition;
  via?: DefenseVia;
  /** Imported from this game system's own traits (`import.pf2e`, `import.draw-steel`, `import.pf1`): named in that system's words ("Resistance 5 Fire", "Immunity 5 Fire", "DR 5/Silver", not "FDR 5 Fire"). */
  system?: "pf2e" | "draw-steel" | "pf1";
  /** PF1 damage reduction: what overcomes it, one word per alternative, `&` joining words all required (`pf1Dr` step). */
  bypass?: readonly string[];
}

/**
 * One line of a step's explanation about one part or pool (`key` is a lang
 * key under `DAMAGECHAIN.Detail`). `points`, when given, holds what each of
 * `defenses` did, in the same order: points mitigated (immunity, resistance)
 * or added (vulnerability).
 */
export interface TraceDetail {
  key: string;
  params: MessageParams;
  defenses?: readonly DefenseRef[];
  points?: readonly number[];
}

/**
 * One line of the explanation. `in`/`out` are total points of damage still in
 * play before/after the step (resource steps distribute damage without
 * changing it; Damage Limit and Damage Shell cut it). `key` is a lang key under
 * `DAMAGECHAIN.Trace`. Language-neutral: `explain.ts` turns it into text.
 */
export interface TraceEntry {
  step: StepId;
  in: number;
  out: number;
  key: string;
  params: MessageParams;
  /** The defenses responsible, in the order they acted (empty when none was). */
  defenses: readonly DefenseRef[];
  /** Per part or per pool lines, when the step explains them one by one. */
  details?: readonly TraceDetail[];
  /** Set when the step changed some part's amount although the total stayed the same (a resistance and a vulnerability that cancel out). */
  changed?: true;
  /** Set when the step asks to be shown although it changed nothing ({@link StepNote.shown}). */
  shown?: true;
}

/** A defense that was refused or a problem worth telling the GM (never fatal). */
export interface Warning {
  /** Path of the entry, e.g. `defenses.immunities[3]`. */
  path: string;
  key: string;
  params: MessageParams;
  /** The entry warned about, named as the trace names defenses (`{defense}` in the text). */
  defense?: DefenseRef;
  /** Other entries the warning is about (the first of a non-stacking group: `{first}`). */
  others?: readonly DefenseRef[];
}

/** Something the caller must do outside this defender (e.g. give allies Variable Resistance). */
export type Effect =
  | { kind: "variableResistance"; resist: string; vulnerable: string; shareWithAllies: true }
  | { kind: "ignoreNonDamageEffects"; tag: string };

/** The brand of a note made by {@link stepNote}: a type only, nothing at run time. */
declare const madeByStepNote: unique symbol;

/**
 * What a step tells the engine about what it did: made by {@link stepNote}
 * only (the type says so), so every note has one shape.
 */
export interface StepNote {
  readonly key: string;
  readonly params: MessageParams | undefined;
  readonly defenses: readonly DefenseRef[] | undefined;
  readonly details: readonly TraceDetail[] | undefined;
  /** Show the step to the reader even when it changed nothing: a defense that did not act for a reason worth seeing (a dnd5e trait the tray ignores or a property bypasses). */
  readonly shown: boolean | undefined;
  readonly [madeByStepNote]: true;
}

/**
 * A step's note: `key` a lang key under `DAMAGECHAIN.Trace`, the params of
 * its message, the defenses that acted (in order), the per part or per pool
 * lines, and `shown` ({@link StepNote.shown}); a field left out is
 * undefined. Every note has these five keys in this order, frozen or not:
 * the chain reads every step's note at the same places when it makes the
 * trace entry (`chain.ts` `resolve`), and V8 reads a field fast at a place
 * that has seen at most four shapes of object (`--max-valid-polymorphic-map-count`,
 * 4 in Node 20; past it the place goes megamorphic). Notes of a shape per step
 * and outcome (a key alone, a key and params, ...) made those reads slow in
 * any process that runs more than one profile or outcome: about a quarter
 * of a 2-part hit against the dnd5e anchor's 20 defenses.
 */
export function stepNote(key: string, params?: MessageParams, defenses?: readonly DefenseRef[], details?: readonly TraceDetail[], shown?: boolean): StepNote {
  return { key, params, defenses, details, shown } as StepNote;
}

/** The lists and records inside a defender state (conditions, shell cooldowns...). */
export type StateContainer = "shellsBypassed" | "shellCooldowns" | "oneTimeUses" | "conditions" | "wounds";

/**
 * The defender state as a step sees it. Top-level fields may be set; the
 * lists and records inside are shared with the caller's state until a step
 * takes its own copy with {@link StepContext.own} (copy on write), so a hit
 * that changes none of them copies none.
 */
export type StepState = Omit<DefenderState, StateContainer> & { readonly [K in StateContainer]: Readonly<DefenderState[K]> };

/** The context a step receives. */
export interface StepContext {
  readonly event: DamageEvent;
  /** Attack unless the event has the `environmental` trait. */
  readonly attack: boolean;
  /** Source tags and traits, lower case (003 tag immunity/resistance, 004 keywords). */
  readonly tags: ReadonlySet<string>;
  parts: WorkingPart[];
  /** `dnd5e`: the defender's dnd5e damage traits, when given (`dnd5e` profile). */
  readonly defender: { readonly name: string; readonly traits: readonly string[]; readonly dnd5e?: Dnd5eTraits | undefined; readonly daggerheart?: Readonly<Record<string, unknown>> | undefined; readonly saves?: Readonly<Record<string, number>> | undefined };
  /** Defenses in force for this event: bundles expanded, refused entries removed. */
  readonly defenses: Defenses;
  resources: Resources;
  readonly state: StepState;
  /** `state[key]` as this resolution's own copy, made on the first call: the only way a step changes a list or record of the state. */
  own<K extends StateContainer>(key: K): DefenderState[K];
  readonly options: ProfileOptions;
  readonly random: RandomSource;
  /** Current game time in seconds. */
  readonly now: number;
  /** Points taken per resource key (resource points: 2 damage on monstrous armor takes 1). */
  taken: Record<string, number>;
  /**
   * Points of damage already soaked by earlier resource steps (guard before
   * life, pools). A resource step works on `total(ctx) - ctx.absorbed`.
   */
  absorbed: number;
  conditionsGained: string[];
  effects: Effect[];
  /** Set by a step that ends the chain: nothing after it runs. */
  stop?: "prevented" | "negated";
}

/** Total points of damage still in play. */
export function total(ctx: Pick<StepContext, "parts">): number {
  const parts = ctx.parts;
  let sum = 0;
  for (let i = 0; i < parts.length; i++) sum += parts[i]!.amount;
  return sum;
}

/** Points of damage not yet soaked by a resource step. */
export function unabsorbed(ctx: Pick<StepContext, "parts" | "absorbed">): number {
  return Math.max(0, total(ctx) - ctx.absorbed);
}

/** Reduce the hit's total by `points`, taking from parts in order (floor 0). Returns the points removed. */
export function reduceTotal(ctx: Pick<StepContext, "parts">, points: number): number {
  let left = points;
  for (const p of ctx.parts) {
    const cut = Math.min(p.amount, left);
    p.amount -= cut;
    left -= cut;
    if (left === 0) break;
  }
  return points - left;
}

/** Record `points` taken from resource `key`. */
export function addTaken(ctx: Pick<StepContext, "taken">, key: string, points: number): void {
  if (points > 0) ctx.taken[key] = (ctx.taken[key] ?? 0) + points;
}

/** Effects a "forced movement" condition immunity also covers (001 Condition Immunity: "immune against push, pull and slide effects"). */
const FORCED_MOVEMENT: readonly string[] = ["push", "pull", "slide"];

/** True when a condition immunity to `immune` covers `condition`: the same id, or `forcedMovement` for push, pull and slide (001). */
function immuneTo(immune: string, condition: string): boolean {
  return immune === condition || (immune === "forcedMovement" && FORCED_MOVEMENT.includes(condition));
}

/** Give the defender a condition (once), unless a condition immunity covers it (001). Returns true if gained. */
export function gainCondition(ctx: Pick<StepContext, "state" | "own" | "conditionsGained" | "defenses" | "event">, condition: string): boolean {
  if (ctx.state.conditions.includes(condition)) return false;
  for (const c of ctx.defenses.conditionImmunities) if (immuneTo(c.gains, condition) && applies(c, ctx.event)) return false;
  ctx.own("conditions").push(condition);
  ctx.conditionsGained.push(condition);
  return true;
}

/** A step: reads and changes the context and says what it did. */
export type Step = (ctx: StepContext, options: Record<string, unknown>) => StepNote;
