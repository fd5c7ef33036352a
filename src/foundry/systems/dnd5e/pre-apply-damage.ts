/**
 * `dnd5e.preApplyDamage`: dnd5e is about to write its own hit point update.
 * This client records the HP values of every such update (`hit/system-write.ts`,
 * nothing is added to the update): dnd5e's damage application belongs to the
 * dnd5e hooks, so `preUpdateActor` never resolves it (again).
 * When the chain resolved the hit (`dnd5e.calculateDamage`), the update is
 * rewritten to the chain's plan (hit points, temp HP, pools and state in the
 * flags), so dnd5e's write is the ONE write of the hit. When it did not (a
 * `damage-chain.preResolve` handler cancelled it; a roll mixing damage and
 * healing), dnd5e's own result is written as it is.
 *
 * The rewritten update is in flight from here (`actor/in-flight.ts`), in the
 * same tick as the plan, so a hit planned before it arrives starts from it
 *. It stops being in flight when dnd5e's write has arrived
 * (`dnd5e.applyDamage`), or at once when the update never starts (a later
 * `dnd5e.preApplyDamage` or `modifyTokenAttribute` handler cancelled it):
 * `preUpdateActor` takes the recorded write within the same task, before any timer.
 */
import { DND5E_HP } from "../../../core/resource-map.ts";
import { readPath } from "../../../core/update-paths.ts";
import type { Dnd5eDamageOptions } from "../../hook-types.ts";
import { claimDnd5e, pendingDnd5e } from "../../hit/pending.ts";
import { expectDnd5eWrite, forgetDnd5eWrite } from "../../hit/system-write.ts";
import { beginWrite, viewOf } from "../../actor/in-flight.ts";
import { writeForm } from "../../actor/write-form.ts";

/** Handler for `dnd5e.preApplyDamage(actor, amount, updates, options)`. */
export function onDnd5ePreApplyDamage(actor: Actor.Implementation, _amount: number, updates: Record<string, unknown>, options: Dnd5eDamageOptions): void {
  const hit = pendingDnd5e.get(options) ?? claimDnd5e(actor, options); // claimed: a write another module carries (midi-qol's, as the GM)
  if (hit === undefined || hit.plan.actor.uuid !== actor.uuid) {
    const write = expectDnd5eWrite(actor.uuid, updates);
    setTimeout(() => forgetDnd5eWrite(write), 0);
    return;
  }
  // dnd5e computed its HP from the document, which lags behind this client's
  // writes in flight; a plan that changes no HP (a No-Effect hit) writes none of
  // its own, so dnd5e's values are replaced by the in-flight view, never the document's.
  const view = viewOf(actor);
  for (const path of [DND5E_HP.value, DND5E_HP.temp!]) if (path in updates) updates[path] = readPath(view, path);
  Object.assign(updates, writeForm(hit.plan.delta.apply));
  const write = expectDnd5eWrite(actor.uuid, updates);
  const end = beginWrite(actor, hit.plan.delta.apply);
  hit.arrived = end;
  setTimeout(() => {
    if (write.started) return;
    forgetDnd5eWrite(write);
    end();
  }, 0);
}
