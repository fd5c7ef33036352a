/**
 * `preUpdateActor` (any system): a decrease of the mapped life
 * resource, through the token HUD bar (`Actor#modifyTokenAttribute`) or a
 * direct `actor.update`, becomes an untyped damage event (typed when the game system says what wrote it: `describeUpdate`, pf2e). The chain resolves
 * it and the update is rewritten to the chain's result before it is written:
 * ONE write (the caller's own update) and, after it, ONE card (`update-actor.ts`).
 *
 * Not every drop of HP is a hit: rests, advancement, HP spent
 * as an activity's cost, temp-HP and max-HP edits, and whatever the world
 * setting `damageUpdates` does not count are left alone (`hit/damage-update.ts`).
 *
 * Runs only on the client that starts the change (Foundry calls pre-update
 * hooks there only), so a hit is resolved exactly once. While a GM is
 * connected and this client is not the active GM, the hit is not resolved
 * here: the life paths are kept and the hit is sent to the active GM, the one
 * writer of every hit (`relay/`). Skipped for the
 * module's own writes and for dnd5e's damage applications (the dnd5e hooks
 * own those: `systems/dnd5e/pre-apply-damage.ts`).
 */
import { MAX_POINTS } from "../../core/model/common.ts";
import { lifeKey, readResources } from "../../core/resource-map.ts";
import { readPath } from "../../core/update-paths.ts";
import { applyLocally, preResolve, writesThroughGm } from "../hit/apply.ts";
import { requestRelay } from "../relay/client.ts";
import { dropChange, readChange, writeChange } from "../hit/changed.ts";
import { queueHit } from "../hit/finish.ts";
import { pendingCards } from "../hit/pending.ts";
import { takeDnd5eWrite } from "../hit/system-write.ts";
import { beginWrite, viewOf } from "../actor/in-flight.ts";
import { loadPlan } from "../hit/load-plan.ts";
import { MODULE_ID } from "../constants.ts";
import { activeProfile } from "../settings/profiles.ts";
import { mappingFor } from "../actor/resources.ts";
import { systemData } from "../actor/system-support.ts";
import { markPending, writeMark } from "../actor/write-options.ts";
import { writeEntry } from "../actor/write-form.ts";
import { updateDamage, wholeOr } from "../hit/damage-update.ts";

/** At most this many parts of {@link MAX_POINTS} make one HUD hit (a decrease beyond 10^12 points is cut there). */
const MAX_PARTS = 1000;

/** An untyped decrease as parts of at most {@link MAX_POINTS} points each (an event's part holds no more). */
function untypedParts(decrease: number): { amount: number; types: string[] }[] {
  const parts: { amount: number; types: string[] }[] = [];
  for (let left = decrease; left > 0 && parts.length < MAX_PARTS; left -= MAX_POINTS) parts.push({ amount: Math.min(left, MAX_POINTS), types: [] });
  return parts;
}

/** Handler for `preUpdateActor(actor, changed, options, userId)`. */
export function onPreUpdateActor(actor: Actor.Implementation, changed: Record<string, unknown>, options: Record<string, unknown>, userId: string): void {
  if (writeMark(options)?.internal) return;
  // dnd5e's damage application (`systems/dnd5e/pre-apply-damage.ts`), recognised by the HP values it was recorded with.
  if (takeDnd5eWrite(actor.uuid, changed) !== undefined) return;
  const profile = activeProfile();
  const life = lifeKey(profile);
  const paths = mappingFor(actor, profile)[life];
  if (paths === undefined) return;
  // A system's own damage write may say what hit it (pf2e: the roll's types after its IWR), or that it is no hit at all.
  const described = systemData()?.describeUpdate?.(actor, options);
  if (described === null) return;
  const decrease = updateDamage(actor, changed, options, paths, described !== undefined);
  if (decrease <= 0) return;
  // The decrease is what the caller saw; the life paths are kept where this client's writes in flight leave them.
  const view = viewOf(actor);
  const current = readResources(view, { [life]: paths }, {}).resources[life];
  if (current === undefined) return;
  const currentTemp = paths.temp === undefined ? 0 : wholeOr(readPath(view, paths.temp), 0);
  const newTemp = paths.temp === undefined ? undefined : readChange(changed, paths.temp);

  const parts = untypedParts(decrease).map((p) => ({ ...p, types: described?.types ?? [] }));
  const dropped = { parts, traits: described?.traits ?? [], source: { tags: [] }, resistanceReduction: [], modifiers: [], ...(described?.label === undefined ? {} : { label: described.label }) };
  if (writesThroughGm()) {
    // The active GM writes every hit while a GM is connected: this update leaves the life paths
    // as the server has them (writing this client's view back could undo a hit that lands first), and the GM gets the hit.
    dropChange(changed, paths.value);
    if (paths.temp !== undefined) dropChange(changed, paths.temp);
    requestRelay({ kind: "apply", userId, targets: [actor.uuid], event: dropped }).catch(() => undefined); // the player is told why by requestRelay
    return;
  }
  const planner = loadPlan.peek();
  if (planner === undefined) {
    // The planner is still loading (`hit/load-plan.ts`, from `init`) and this update cannot wait for it: as for the GM
    // above, the update leaves the life paths alone, and the hit follows on its own, planned once the planner is here.
    dropChange(changed, paths.value);
    if (paths.temp !== undefined) dropChange(changed, paths.temp);
    applyLocally([actor], dropped, {}, userId).catch((err: unknown) => {
      console.error(`${MODULE_ID} | a hit on ${actor.name ?? actor.uuid} could not be applied`, err);
      ui.notifications?.error(game.i18n!.localize("DAMAGECHAIN.Notify.LoadFailed"));
    });
    return;
  }
  const event = preResolve(actor, dropped, {});
  if (event === null) return;
  const plan = planner.planHit(actor, event, planner.planContext(profile));
  // Keep the life paths where the chain leaves them (the requested value is replaced), then add every other write.
  writeChange(changed, paths.value, current.value - currentTemp);
  if (paths.temp !== undefined && newTemp !== undefined) writeChange(changed, paths.temp, currentTemp);
  for (const [path, value] of Object.entries(plan.delta.apply)) writeChange(changed, ...writeEntry(path, value));

  const hit = { plan, profile, applier: userId };
  if (Object.keys(plan.delta.apply).length === 0) {
    // Nothing changes (e.g. No Effect): Foundry may skip the empty update, so announce now.
    queueHit(undefined, hit);
    return;
  }
  const id = foundry.utils.randomID();
  pendingCards.set(id, { ...hit, arrived: beginWrite(actor, plan.delta.apply) });
  markPending(options, id);
}
