/**
 * What follows the planning of one event's hits, on every path:
 * 1. Variable Resistance is shared with allies (`actor/variable-resistance.ts`);
 * 2. the write, in ONE batched update per parent (`batch-write.ts`): the hits
 *    themselves plus the allies when nothing is written yet (API, Apply Damage
 *    dialog, GM relay); only what sharing added when the caller's own update
 *    already wrote the hits (token HUD, direct update, dnd5e);
 * 3. the conditions gained turn on Foundry status effects (`actor/statuses.ts`);
 * 4. `damage-chain.resolved` per target, GM warnings for bad data, and ONE card
 *    whose stored deltas undo all of it.
 */
import type { Profile } from "../../core/model/profile.ts";
import type { RandomSource } from "../../core/pick.ts";
import { whileWriting } from "../actor/in-flight.ts";
import { writeBatch, type ActorWrite } from "../actor/batch-write.ts";
import { HOOKS } from "../constants.ts";
import type { HitPlan } from "./plan.ts";
import { addStatuses, statusChanges } from "../actor/statuses.ts";
import { loadOnce } from "../load-once.ts";

/** Variable Resistance shared with allies (`actor/variable-resistance.ts`), its own chunk: loaded by the first hit that triggers it. */
const loadVariableResistance = loadOnce(() => import("../actor/variable-resistance.ts"));
/**
 * Posting the card (`card/card.ts`: its rows, audiences and stored form), its
 * own chunk, loaded at `init` (`register.ts`). A caller that plans and
 * writes in one go loads it BEFORE planning (`apply.ts`), so that here
 * `peek()` hands it over at once: a wait between planning and writing would let a second hit of
 * the same tick plan from the HP the first is about to change, and one of
 * them would be lost (`actor/in-flight.ts` covers only writes under way).
 */
export const loadCard = loadOnce(() => import("../card/card.ts"));
import { warnBadData } from "../actor/warn.ts";

/** How to conclude a set of hits. */
export interface ConcludeOptions {
  profile: Profile;
  /** User id credited on the card (and who may undo it). */
  applier: string;
  /** Picks the Variable Resistance user when several allies trigger at once. */
  random: RandomSource;
  /** The hits' own updates were already written by the caller's update. */
  written: boolean;
  /** Post the card (default true). */
  card?: boolean;
  /** On a redo: the id of the card it redoes, kept on the new card (`hit/redo.ts`). */
  redoOf?: string;
}

/**
 * Share, write, set statuses, announce. `plans` are one event's hits (one per
 * target). Returns the plans as written (a target may have received an ally's
 * Variable Resistance) and the card's message, if one was posted.
 */
export async function concludeHits(plans: readonly HitPlan[], options: ConcludeOptions): Promise<{ plans: HitPlan[]; message: ChatMessage.Implementation | undefined }> {
  // The card's chunk before anything is written: a chunk that fails to load fails the hit, never a written hit without its card (its undo).
  const card = options.card === false ? undefined : (loadCard.peek() ?? (await loadCard()));
  const triggered = plans.some((p) => p.result?.effects.some((e) => e.kind === "variableResistance") === true);
  // Variable Resistance is loaded by the first hit that triggers it; that hit alone waits between planning and writing.
  const variable = triggered ? (loadVariableResistance.peek() ?? (await loadVariableResistance())) : undefined;
  const shared = variable !== undefined ? variable.shareVariableResistance(plans, options.random) : { plans: [...plans], allies: [], catchUp: [], shares: [] };
  const writes: ActorWrite[] = options.written ? [...shared.catchUp] : shared.plans.map((p) => ({ actor: p.actor, update: p.delta.apply }));
  for (const a of shared.allies) writes.push({ actor: a.actor, update: a.delta.apply });
  // Nothing to wait for when there is nothing to do: the card follows the hit at once.
  if (writes.length > 0) await whileWriting(writes, () => writeBatch(writes));
  const changes = statusChanges(shared.plans);
  const statuses = changes.length > 0 ? await addStatuses(changes) : {};
  for (const p of shared.plans) Hooks.callAll(HOOKS.resolved, p.actor, p.result, p.event);
  warnBadData(shared.plans);
  const extras = { allies: shared.allies.map((a) => a.delta), statuses, shares: shared.shares };
  const message = card === undefined ? undefined : await card.postCard(shared.plans, options.profile, options.applier, extras, options.redoOf);
  return { plans: shared.plans, message };
}
