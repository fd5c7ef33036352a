/**
 * HP spent as an activity's cost (dnd5e 5.x consumption) is not damage
 *. dnd5e calculates the consumption, calls
 * `dnd5e.activityConsumption(activity, usageConfig, messageConfig, updates)`,
 * then writes `updates.actor` with a plain `actor.update` (no option marks
 * it), then calls `dnd5e.postActivityConsumption`
 * (`module/documents/activity/mixin.mjs`, `consume`). The first hook records
 * the HP values the consumption will write, per actor; `preUpdateActor` takes
 * an update that sets exactly those values as consumption, once. The second
 * hook forgets whatever was not written (a later handler cancelled it).
 */
import { readChange } from "./changed.ts";

/** Actor uuid → the flat HP writes of a consumption about to happen. */
const expected = new Map<string, Record<string, unknown>>();

/** The flat writes of `updates` (flat keys or nested objects) at `paths`. */
function pick(updates: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const value = readChange(updates, path);
    if (value !== undefined) out[path] = value;
  }
  return out;
}

/** Remember the HP writes (at `paths`) a consumption of `actorUuid` is about to make. */
export function expectConsumption(actorUuid: string, updates: Record<string, unknown>, paths: readonly string[]): void {
  const writes = pick(updates, paths);
  if (Object.keys(writes).length > 0) expected.set(actorUuid, writes);
}

/** Forget the expected consumption of `actorUuid` (it was written, or cancelled). */
export function endConsumption(actorUuid: string): void {
  expected.delete(actorUuid);
}

/**
 * True (once) when `changed`, an update of `actorUuid`, writes exactly the HP
 * values a consumption announced. Any other update is not consumption.
 */
export function takeConsumption(actorUuid: string, changed: Record<string, unknown>): boolean {
  const writes = expected.get(actorUuid);
  if (writes === undefined) return false;
  const same = Object.entries(writes).every(([path, value]) => pick(changed, [path])[path] === value);
  if (same) expected.delete(actorUuid);
  return same;
}
