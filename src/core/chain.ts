/**
 * The damage chain: runs one damage event through a profile's ordered steps
 * against one defender and explains every step (RULES.md §1-§3).
 */
import { isAttack } from "./conditions.ts";
import { type DefenseRef, type Effect, type MessageParams, type StateContainer, type Step, type StepContext, type TraceEntry, type Warning, type WorkingPart } from "./context.ts";
import type { Defender, DefenderState, Resources } from "./model/defender.ts";
import type { Defenses } from "./model/defenses.ts";
import type { DamageEvent } from "./model/event.ts";
import type { Profile, ProfileOptions, StepId } from "./model/profile.ts";
import { hitTags } from "./hit-tags.ts";
import { effectiveDefenses } from "./normalize.ts";
import { prepareParts } from "./prepare.ts";
import type { RandomSource } from "./pick.ts";
import { STEPS } from "./steps/index.ts";
import { USED_BY, type UsedBy } from "./steps/used.ts";
import { cloneResources, copyState } from "./state-copy.ts";

export { cloneState } from "./state-copy.ts";

/** Everything one resolution needs. Validated data only (see `validate.ts`). */
export interface ResolveInput {
  event: DamageEvent;
  defender: Defender;
  profile: Profile;
  random: RandomSource;
  /** Current game time in seconds (shell cooldowns). */
  now: number;
}

/** The outcome of one hit on one defender. Points are points of damage. */
export interface ResolveResult {
  profile: string;
  /**
   * Sum of the event's parts after type changes, extra damage and power
   * changes. Below 0 only when a power reduction took it there and the
   * profile has a `clamp` step, whose trace entry raises it to 0 (002 rule 15).
   */
  incoming: number;
  /** Points of damage the hit dealt: the trace's last `out`. */
  final: number;
  /** Damage counts as dealt only when more than 0 reached the defender (002 rule 9). */
  dealt: boolean;
  /** Prevented damage did not happen at all (002 rule 7; 004 "No Effect"). */
  prevented: boolean;
  /** A negate (BDN/FDN, 000) stopped every part. */
  negated: boolean;
  /** Points taken per resource key (`hp`, `guard`, `magicArmor`...). */
  taken: Record<string, number>;
  /** Resources after the hit. */
  resources: Resources;
  /** Defender state after the hit. */
  state: DefenderState;
  conditionsGained: string[];
  effects: Effect[];
  /** One entry per step that ran, in order. */
  trace: TraceEntry[];
  /** Defenses refused (invulnerability, non-stacking) and other notes for the GM. */
  warnings: Warning[];
}

/** Shared, frozen values of a trace entry whose step has no params or named no defense. */
const NO_PARAMS: MessageParams = Object.freeze({});
const NO_DEFENSES: readonly DefenseRef[] = Object.freeze([]);

/** The state containers in the order of their bits in `Context.owned`: a bit is found by position, not by a record read with a key that changes from call to call. */
const OWN_ORDER: readonly StateContainer[] = ["shellsBypassed", "shellCooldowns", "oneTimeUses", "conditions", "wounds"];
const ownBit = (key: StateContainer): number => 1 << OWN_ORDER.indexOf(key);

/**
 * The working context of one resolution. `tags` (source tags, event traits
 * and damage types) is built the first time a step reads it: most chains
 * never do.
 */
class Context implements StepContext {
  // Every field is declared only (`declare`): the constructor sets each once, where class fields would be defined as undefined first and then set again (es2022 define semantics).
  declare readonly event: DamageEvent;
  declare parts: WorkingPart[];
  declare readonly defenses: Defenses;
  declare readonly options: ProfileOptions;
  declare readonly random: RandomSource;
  declare readonly now: number;
  declare readonly attack: boolean;
  declare readonly defender: StepContext["defender"];
  declare resources: Resources;
  declare state: DefenderState;
  /** The state containers this resolution has copied (`own`), one bit each ({@link ownBit}). */
  private declare owned: number;
  declare taken: Record<string, number>;
  declare absorbed: number;
  declare conditionsGained: string[];
  declare effects: Effect[];
  declare stop: "prevented" | "negated" | undefined;
  /** Built on first read of `tags`. */
  private declare builtTags: ReadonlySet<string> | undefined;
  /** The parts `prepare.ts` made, while no step has replaced the list. */
  private declare readonly prepared: WorkingPart[];

  constructor(event: DamageEvent, parts: WorkingPart[], defender: Defender, defenses: Defenses, options: ProfileOptions, random: RandomSource, now: number) {
    this.event = event;
    this.owned = 0;
    this.stop = undefined;
    this.parts = parts;
    this.prepared = parts;
    this.defenses = defenses;
    this.options = options;
    this.random = random;
    this.now = now;
    this.attack = isAttack(event);
    this.defender = defender;
    this.resources = cloneResources(defender.resources);
    // Copy on write: the lists and records inside stay the caller's until a step changes one (`own`).
    this.state = copyState(defender.state);
    this.taken = {};
    this.absorbed = 0;
    this.conditionsGained = [];
    this.effects = [];
    this.builtTags = undefined;
  }

  own<K extends StateContainer>(key: K): DefenderState[K] {
    const bit = ownBit(key);
    if ((this.owned & bit) === 0) {
      this.owned |= bit;
      const v = this.state[key];
      this.state[key] = (Array.isArray(v) ? v.slice() : { ...v }) as DefenderState[K];
    }
    return this.state[key];
  }

  get tags(): ReadonlySet<string> {
    const event = this.event;
    return (this.builtTags ??= hitTags(event, this.parts, this.parts === this.prepared && event.modifiers.length === 0, this.options.defaultType));
  }
}

/**
 * True when the profile's `clamp` step (002 rule 15) comes before every step
 * that reads amounts: only `prevention`, which passes over damage of 0 or
 * less, may run before it. Only then may a power reduction (002 rules 5, 6)
 * leave negative damage for the clamp step to raise and explain.
 */
function clampsFirst(profile: Profile): boolean {
  for (const link of profile.steps) {
    if (!link.enabled) continue;
    if (link.step === "clamp") return true;
    if (link.step !== "prevention") return false;
  }
  return false;
}

/** A profile's enabled steps as parallel arrays (id, function, options), and whether it may see negative damage. */
interface CompiledChain {
  ids: StepId[];
  fns: Step[];
  options: Record<string, unknown>[];
  /** Per link: run only when the defender uses the step (`whenUsed`), else undefined. */
  usedBy: (UsedBy | undefined)[];
  keepsNegative: () => boolean;
}

/** The steps {@link resolve} can run: every world's, plus those registered with {@link registerSteps}. */
const registry: Partial<Record<StepId, Step>> = { ...STEPS };

/**
 * Make more steps available to {@link resolve} (the dnd5e profile's steps:
 * `steps/dnd5e.ts`). A step registered again is replaced. Profiles compiled
 * before stay as they were compiled.
 */
export function registerSteps(steps: Partial<Record<StepId, Step>>): void {
  Object.assign(registry, steps);
}

/** True when {@link resolve} can run step `id` here (every world's steps; a system's once registered with {@link registerSteps}). */
export function stepLoaded(id: StepId): boolean {
  return registry[id] !== undefined;
}

/** The step function of `id`. Throws an Error naming the step when it is not registered (its system's rules are not loaded). */
function stepOf(id: StepId): Step {
  const fn = registry[id];
  if (fn === undefined) throw new Error(`The chain step "${id}" is not loaded: its game system's rules are not part of this build or world.`);
  return fn;
}

const compiledChains = new WeakMap<Profile, CompiledChain>();
/** The profile compiled last, kept at hand: most runs use one profile. */
let lastCompiled: { profile: Profile; chain: CompiledChain } | undefined;

/** `profile` compiled once (by identity: like every cache of the core, a profile is treated as immutable once used). */
function compiled(profile: Profile): CompiledChain {
  if (lastCompiled !== undefined && lastCompiled.profile === profile) return lastCompiled.chain;
  let chain = compiledChains.get(profile);
  if (chain === undefined) {
    const links = profile.steps.filter((l) => l.enabled);
    const keeps = clampsFirst(profile);
    chain = {
      ids: links.map((l) => l.step),
      fns: links.map((l) => stepOf(l.step)),
      options: links.map((l) => l.options),
      usedBy: links.map((l) => (l.whenUsed ? USED_BY[l.step] : undefined)),
      keepsNegative: () => keeps,
    };
    compiledChains.set(profile, chain);
  }
  lastCompiled = { profile, chain };
  return chain;
}

/**
 * The parts' amounts as the last step left them: one array for every
 * resolution (a step never resolves another hit), written by index and only
 * where an amount changed. The pass after each step that sums the parts also
 * compares them with it (`resolve`): a list refilled around each step
 * (`length = 0`, `push`), a second pass, or module variables shared with a
 * helper function each cost up to a tenth of a hit's time.
 */
const amounts: number[] = [];

/**
 * Resolve one damage event. Pure: the input is not changed; randomness comes
 * from `input.random`, time from `input.now`. Never throws for valid input;
 * every amount stays a whole number >= 0.
 */
export function resolve(input: ResolveInput): ResolveResult {
  const { event, defender, profile } = input;
  const { defenses, warnings } = effectiveDefenses(defender.defenses, profile.options);
  const chain = compiled(profile);
  const parts = prepareParts(event, profile.options.defaultType, chain.keepsNegative);
  const { ids, fns, options, usedBy } = chain;
  const ctx = new Context(event, parts, defender, defenses, profile.options, input.random, input.now);
  let incoming = 0;
  for (let j = 0; j < parts.length; j++) incoming += amounts[j] = parts[j]!.amount;
  // One entry per step that runs: a list of the chain's length, cut to the entries made (a list grown by `push` from empty starts at 16 places).
  const trace: TraceEntry[] = new Array<TraceEntry>(fns.length);
  let made = 0;
  let final = incoming;
  let kept = parts.length;
  for (let i = 0; i < fns.length; i++) {
    const used = usedBy[i];
    if (used !== undefined && !used(ctx, options[i]!)) continue;
    const before = final;
    const note = fns[i]!(ctx, options[i]!);
    // The total, and whether some part's amount moved (or parts came or went), in one pass.
    const now = ctx.parts;
    let moved = now.length !== kept;
    final = 0;
    for (let j = 0; j < now.length; j++) {
      const a = now[j]!.amount;
      final += a;
      if (a !== amounts[j]) {
        amounts[j] = a;
        moved = true;
      }
    }
    kept = now.length;
    // Every step's note has one shape (`stepNote`): these reads see every step's note. An entry with details is made whole, not given them afterwards (one shape change fewer per step that explains its parts); the keys keep their order.
    const details = note.details;
    const entry: TraceEntry =
      details === undefined
        ? { step: ids[i]!, in: before, out: final, key: note.key, params: note.params ?? NO_PARAMS, defenses: note.defenses ?? NO_DEFENSES }
        : { step: ids[i]!, in: before, out: final, key: note.key, params: note.params ?? NO_PARAMS, defenses: note.defenses ?? NO_DEFENSES, details };
    if (moved && before === final) entry.changed = true;
    if (note.shown === true) entry.shown = true;
    trace[made++] = entry;
    if (ctx.stop !== undefined) break;
  }
  if (made < trace.length) trace.length = made;
  const prevented = ctx.stop === "prevented";
  return {
    profile: profile.id,
    incoming,
    final,
    dealt: final > 0 && !prevented,
    prevented,
    negated: ctx.stop === "negated",
    taken: ctx.taken,
    resources: ctx.resources,
    state: ctx.state,
    conditionsGained: ctx.conditionsGained,
    effects: ctx.effects,
    trace,
    warnings: warnings.length > 0 ? [...warnings] : [],
  };
}
