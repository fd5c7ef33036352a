/**
 * The shape of a planned hit (`hit/plan.ts` makes them): what the card, the
 * statuses and Variable Resistance read of it. Types only, in the data layer,
 * so that `card/` and `actor/` need not import `hit/`.
 */
import type { ResolveResult } from "../../core/chain.ts";
import type { DamageEvent } from "../../core/model/event.ts";
import type { ActorDelta } from "../../core/undo.ts";
import type { InputProblem } from "../../core/validate.ts";
import type { HitSnapshots } from "./snapshot.ts";

/** A resource that a hit changed, in points. */
export interface ResourceChange {
  key: string;
  before: number;
  after: number;
  /** The resource's maximum, when it has one (the card's bar). */
  max?: number;
}

/** A planned hit. */
export interface HitPlan {
  actor: Actor.Implementation;
  event: DamageEvent;
  /**
   * The event the card's header names, when it is not `event`: a dnd5e roll
   * as rolled, before the tray's per-target multiplier and dnd5e's traits,
   * labelled with the item or spell.
   */
  headline?: DamageEvent;
  /** This target's share of an area hit, when not all of it: the multiplier, and the types of the parts it took when some were left out. */
  share?: { multiplier: number; types?: string[] };
  /**
   * The hit as it was asked for, before this target's share and before the
   * `damage-chain.preResolve` handlers changed it, for a redo:
   * the event and the share (`parts`: indexes kept). Absent: `event`.
   */
  given?: { event: DamageEvent; multiplier?: number; parts?: number[] };
  /** The chain's result; `undefined` when the chain was skipped (unusable flags). */
  result: ResolveResult | undefined;
  /** Points of damage the hit dealt (the chain's final, or the raw total without the chain). */
  final: number;
  /** Problems with the actor's data. Flag problems mean the damage was applied without the chain. */
  problems: InputProblem[];
  /** Resources whose value changed. */
  changes: ResourceChange[];
  /** The update that stores the hit, and the one that takes it back. */
  delta: ActorDelta;
  /**
   * The touched actor data before and after the hit (resource paths and the
   * module's flags), from which `delta` is made, as `snapshotsOf`
   * (`snapshot.ts`) gives them. Kept so that a later change
   * to the same hit (Variable Resistance shared by an ally) can make a new delta.
   */
  snapshots: HitSnapshots;
}

