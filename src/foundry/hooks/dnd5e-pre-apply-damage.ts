/**
 * `dnd5e.preApplyDamage`: dnd5e is about to write its own hit point update.
 * The update is rewritten to the chain's plan (hit points, temp HP, pools and
 * state in the flags), so dnd5e's write is the ONE write of the hit, and it
 * carries {@link RESOLVED_MARK} so `preUpdateActor` does not resolve it again.
 */
import { DND5E_HP } from "../../core/resource-map.ts";
import { readPath } from "../../core/undo.ts";
import type { Dnd5eDamageOptions } from "../hook-types.ts";
import { RESOLVED_MARK, pendingDnd5e } from "../pending.ts";

/** Handler for `dnd5e.preApplyDamage(actor, amount, updates, options)`. */
export function onDnd5ePreApplyDamage(actor: Actor.Implementation, _amount: number, updates: Record<string, unknown>, options: Dnd5eDamageOptions): void {
  const hit = pendingDnd5e.get(options);
  if (hit === undefined || hit.plan.actor.uuid !== actor.uuid) return;
  for (const path of [DND5E_HP.value, DND5E_HP.temp!]) if (path in updates) updates[path] = readPath(actor, path);
  Object.assign(updates, hit.plan.delta.apply);
  updates[RESOLVED_MARK] = true;
}
