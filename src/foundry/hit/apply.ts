/**
 * Applying one damage event to one or more targets: the path
 * behind the API, the Apply Damage dialog and the GM relay. Each target is
 * resolved once through the profile's chain, every actor is written in one
 * batched update per parent, and ONE chat card lists every target.
 *
 * Module hooks (documented in `constants.ts`):
 * - `damage-chain.preResolve(actor, event, options)` (`Hooks.call`): may
 *   change the event in place (re-validated after) or return `false` to skip
 *   that target;
 * - `damage-chain.resolved(actor, result, event)` (`Hooks.callAll`) after the write.
 */
import type { DamageEvent } from "../../core/model/event.ts";
import type { Profile } from "../../core/model/profile.ts";
import { describeProblems, parseEvent, parseWith } from "../../core/validate.ts";
import { concludeHits, loadCard } from "./conclude.ts";
import { HOOKS } from "../constants.ts";
import type { HitPlan } from "./plan.ts";
import { loadPlan } from "./load-plan.ts";
import { activeProfile, profiles } from "../settings/profiles.ts";
import { requestRelay } from "../relay/client.ts";
import { actorOf, actorsOf, type TargetLike } from "../actor/targets.ts";
import { isFullShare, shareEvent, shareSchema, type Share } from "../../core/share.ts";
import { say } from "../../core/messages.ts";

/** Options of {@link applyDamage}. */
export interface ApplyOptions {
  /** Profile id; default the world's active profile. */
  profile?: string;
  /** Post the chat card (default true). */
  card?: boolean;
}

/**
 * One target of {@link applyDamage} with its share of the hit:
 * `multiplier` (0 none, 0.5 half, 1 all, 2 double; any number from 0 to
 * 1000), `parts` (indexes of the event's parts it takes; default all) and
 * `reactions` (the target's reactions it takes: Uncanny Dodge halves).
 * The share applies to the incoming damage, before the chain, and the sum is
 * rounded down once (`core/share.ts`).
 */
export interface SharedTarget {
  target: TargetLike;
  multiplier?: number;
  parts?: number[];
  /** Ids of the target's reactions it takes against this hit (`defenses.reactions`, e.g. `uncanny-dodge`). */
  reactions?: string[];
}

/** Shares by actor uuid (full shares are left out). */
export type Shares = ReadonlyMap<string, Share>;

/** What happened, per target. Plain data (it travels back through the GM relay). */
export interface ApplyOutcome {
  targets: { uuid: string; name: string; final: number; cancelled: boolean; bypassed: boolean }[];
  /** The chat card's message id, or null when none was posted. */
  messageId: string | null;
  /** True when the active GM applied it for this user. */
  relayed: boolean;
}

/** The profile named by `id`, or the active one. Throws an Error in the user's language naming the unknown id and the known ones. */
export function pickProfile(id: string | undefined): Profile {
  if (id === undefined) return activeProfile();
  const p = profiles.get(id);
  if (p === undefined) throw new Error(say("DAMAGECHAIN.Api.UnknownProfile", { profile: id, known: profiles.list().map((x) => x.id).join(", ") }));
  return p;
}

/** Parse an event from outside; throws Error naming every bad field (`event.parts[0].amount: must be 0 or more`). */
export function parseEventOrThrow(input: unknown): DamageEvent {
  const parsed = parseEvent(input);
  if (!parsed.ok) throw new Error(describeProblems(parsed.problems));
  return parsed.value;
}

/**
 * Run `damage-chain.preResolve` for one target. Returns the (re-validated)
 * event, or null when a handler cancelled. With no handler registered
 * (`Hooks.events`, Foundry's record of handlers by hook name), `event` itself:
 * there is nothing to copy or check again.
 */
export function preResolve(actor: Actor.Implementation, event: DamageEvent, options: ApplyOptions): DamageEvent | null {
  if (!(Hooks.events[HOOKS.preResolve]?.length ?? 0)) return event;
  const copy = structuredClone(event);
  if (Hooks.call(HOOKS.preResolve, actor, copy, { ...options }) === false) return null;
  return parseEventOrThrow(copy);
}

/**
 * Plan, write (batched, with the allies that receive Variable Resistance) and
 * announce hits on `actors` (`conclude.ts`). Must run on a client that may
 * write every actor (owner or GM). `applier` is the user id the card credits
 * (and who may undo it).
 */
export function applyLocally(actors: readonly Actor.Implementation[], event: DamageEvent, options: ApplyOptions, applier: string, shares: Shares = new Map()): Promise<ApplyOutcome> {
  return applyEach(actors.map((actor) => ({ actor, event, share: shares.get(actor.uuid) })), options, applier);
}

/** One target of {@link applyEach}: the actor, the event it is given and its share (undefined: all of it). */
export interface EachTarget {
  actor: Actor.Implementation;
  event: DamageEvent;
  share: Share | undefined;
}

/**
 * {@link applyLocally} with each target's own event: every target planned
 * first, then ONE batched write and ONE card for all of them. A redo uses it
 * (`redo-gm.ts`), each target with the event and share it was first given, and
 * names the card it redoes (`redoOf`, kept on the new card).
 */
export async function applyEach(targets: readonly EachTarget[], options: ApplyOptions, applier: string, redoOf?: string): Promise<ApplyOutcome> {
  const profile = pickProfile(options.profile);
  // The card's chunk first (loaded since `init`, so no wait): from planning to writing nothing may wait (`conclude.ts` loadCard).
  if (options.card !== false && loadCard.peek() === undefined) await loadCard();
  // The planner likewise (`load-plan.ts`), before any actor is read.
  const { planContext, planHit } = loadPlan.peek() ?? (await loadPlan());
  const ctx = planContext(profile);
  const plans: HitPlan[] = [];
  const cancelled: Actor.Implementation[] = [];
  for (const { actor, event, share } of targets) {
    const ev = preResolve(actor, shareEvent(event, share), options);
    if (ev === null) {
      cancelled.push(actor);
      continue;
    }
    const plan = planHit(actor, ev, ctx);
    // A reaction is the target's own: kept on the event as this target was given it, so a redo takes it again.
    const given = share?.reactions === undefined || share.reactions.length === 0 ? event : { ...event, reactions: [...share.reactions] };
    plan.given = share === undefined || isFullShare(share) ? { event } : { event: given, multiplier: share.multiplier, ...(share.parts === undefined ? {} : { parts: [...share.parts] }) };
    if (share !== undefined && !isFullShare(share)) {
      plan.share = share.parts === undefined ? { multiplier: share.multiplier } : { multiplier: share.multiplier, types: [...new Set(ev.parts.flatMap((p) => p.types))] };
      plan.headline ??= event; // the card's header names the hit as it came, each row its own share
    }
    plans.push(plan);
  }
  const concluded = await concludeHits(plans, { profile: ctx.profile, applier, random: ctx.random, written: false, card: options.card !== false, ...(redoOf === undefined ? {} : { redoOf }) });
  const message = concluded.message;
  return {
    targets: [
      ...concluded.plans.map((p) => ({ uuid: p.actor.uuid, name: p.actor.name ?? "", final: p.final, cancelled: false, bypassed: p.result === undefined })),
      ...cancelled.map((a) => ({ uuid: a.uuid, name: a.name ?? "", final: 0, cancelled: true, bypassed: false })),
    ],
    messageId: message?.id ?? null,
    relayed: false,
  };
}

/**
 * True when the hits this client starts are written by the active GM instead
 *: a GM is connected, this client is not the active GM, and
 * its user may send the GM requests (Foundry's QUERY_USER permission). One
 * writer, whose per-actor queue (`in-flight.ts`) orders every hit, so hits
 * started on two clients in the same tick add up.
 */
export function writesThroughGm(): boolean {
  const gm = game.users?.activeGM;
  // A user the GM denied Query User (which the relay honours) keeps writing what they may write themselves.
  return gm != null && gm.isSelf !== true && game.user?.hasPermission("QUERY_USER") === true;
}

/**
 * Apply `event` to `targets` (tokens, token documents, actors or uuids).
 * While a GM is connected, a client that is not the active GM sends the hit
 * to it (`writesThroughGm`); so does a player who may not write some target
 * (`relay/client.ts`); the GM checks it and applies it. A hit without a card
 * (`card: false`) is applied where it starts. Throws Error naming the
 * field for an invalid event or unknown profile, and a `RelayError` (with a
 * lang key) when the GM refuses, is absent or does not answer in time.
 */
export async function applyDamage(targets: readonly (TargetLike | SharedTarget)[], event: unknown, options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const parsed = parseEventOrThrow(event);
  pickProfile(options.profile);
  const { plain, shares } = sharesOf(targets);
  const { actors } = actorsOf(plain);
  if (actors.length === 0) return { targets: [], messageId: null, relayed: false };
  const user = game.user!;
  if ((options.card !== false && writesThroughGm()) || (!user.isGM && actors.some((a) => !a.isOwner))) {
    const shared = [...shares].filter(([uuid]) => actors.some((a) => a.uuid === uuid)).map(([uuid, share]) => ({ uuid, share }));
    const answer = await requestRelay({
      kind: "apply", userId: user.id, targets: actors.map((a) => a.uuid), event: parsed,
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(shared.length === 0 ? {} : { shares: shared }),
    });
    return { ...(answer.outcome ?? { targets: [], messageId: null }), relayed: true };
  }
  return applyLocally(actors, parsed, options, user.id, shares);
}

/** True when `t` is a {@link SharedTarget} (`{ target, multiplier?, parts? }`) rather than a token, actor or uuid. */
const isShared = (t: TargetLike | SharedTarget): t is SharedTarget => typeof t === "object" && t !== null && Object.hasOwn(t, "target");

/**
 * The plain targets of `targets` and the shares of those that carry one, by
 * actor uuid (full shares left out). Throws an Error naming the field
 * (`targets[3].multiplier: …`) for an invalid share, and (`targets[3]: …`)
 * for an actor named again where either naming carries a share: which share
 * it takes would be a guess (the GM relay refuses the same). An actor named
 * twice without a share (two tokens of one actor) is one target.
 */
export function sharesOf(targets: readonly (TargetLike | SharedTarget)[]): { plain: TargetLike[]; shares: Map<string, Share> } {
  const plain: TargetLike[] = [];
  const shares = new Map<string, Share>();
  const named = new Map<string, boolean>(); // actor uuid → named with a share
  targets.forEach((t, i) => {
    const shared = isShared(t);
    const target = shared ? t.target : t;
    let share: Share | undefined;
    if (shared) {
      const { target: _target, ...rest } = t;
      const parsed = parseWith(shareSchema, rest, `targets[${i}]`);
      if (!parsed.ok) throw new Error(describeProblems(parsed.problems));
      share = parsed.value;
    }
    plain.push(target);
    const actor = actorOf(target); // one target: `actorsOf`'s list and set of seen uuids would be made per target
    if (actor === null) return;
    const uuid = actor.uuid; // a getter building the string on every access (`targets.ts` actorsOf)
    const before = named.get(uuid);
    if (before !== undefined && (before || shared)) throw new Error(describeProblems([{ path: `targets[${i}]`, message: say("DAMAGECHAIN.Validation.TargetTwice", { actor: actor.name ?? uuid }) }]));
    named.set(uuid, shared);
    if (share !== undefined && !isFullShare(share)) shares.set(uuid, share);
  });
  return { plain, shares };
}
