/**
 * The module's flags in a hit's before/after snapshots (undo's
 * newest-first check reads them): used by `hit/plan.ts` for each hit and by Variable Resistance for
 * the allies it updates.
 */
import { addTally } from "../../core/model/common.ts";
import type { DefenderState, Resources } from "../../core/model/defender.ts";
import { copyPlain, isPlainObject, writePath, type Snapshot } from "../../core/update-paths.ts";
import { FLAG_ROOT, MODULE_ID } from "../constants.ts";

/**
 * The module's flag object in `snapshot` (`flags.damage-chain`), made plain
 * where it is not, as `writePath` makes the objects on its way: the keys
 * are the module's own, so the path need not be split and checked per write.
 */
function flagsIn(snapshot: Snapshot): Record<string, unknown> {
  if (!isPlainObject(snapshot.flags)) snapshot.flags = {};
  const flags = snapshot.flags as Record<string, unknown>;
  if (!isPlainObject(flags[MODULE_ID])) flags[MODULE_ID] = {};
  return flags[MODULE_ID] as Record<string, unknown>;
}

/**
 * Record in `before` and `after` the part of the module's flags that a hit
 * writes (snapshot and diff only what a hit can change). With no
 * flags yet (`raw` undefined) the hit writes a new flag object: the version,
 * `hits`, `state` and, when given, `pools`; defenses or traits saved while it was in
 * flight are never overwritten with empty ones. Otherwise only
 * `hits`, `state`, `pools` (when given) and a differing `schemaVersion` are written;
 * the rest of the stored object is left as it is. `raw` is the actor's raw,
 * readable flag object; `state` and `pools` are what the hit leaves.
 *
 * `hits` counts the module's writes to the actor (each hit, and each Variable
 * Resistance an ally receives, adds 1), so every hit writes something of its
 * own even when it leaves every value as it was: the undo's newest-first
 * check (`stillApplied` on the card's `apply`) then tells the newest write
 * from an older one that left equal values.
 */
export function snapshotFlags(before: Snapshot, after: Snapshot, raw: unknown, version: number, state: DefenderState, pools: Resources | undefined): void {
  if (raw === undefined) {
    writePath(before, FLAG_ROOT, undefined);
    writePath(after, FLAG_ROOT, pools === undefined ? { schemaVersion: version, hits: 1, state } : { schemaVersion: version, hits: 1, state, pools });
    return;
  }
  const stored = raw as Record<string, unknown>;
  const was = flagsIn(before);
  const is = flagsIn(after);
  // Each key as it was (a copy) and as the hit leaves it, in this order (the undo's updates list them so); no closure per target.
  if (stored.schemaVersion !== version) put(was, is, stored, "schemaVersion", version);
  put(was, is, stored, "hits", addTally(typeof stored.hits === "number" ? stored.hits : 0, 1));
  put(was, is, stored, "state", state);
  if (pools !== undefined) put(was, is, stored, "pools", pools);
}

/** Flag `key` in the before snapshot's flags (`was`: a copy of the stored value) and in the after one's (`is`: `value`). */
function put(was: Record<string, unknown>, is: Record<string, unknown>, stored: Record<string, unknown>, key: "schemaVersion" | "hits" | "state" | "pools", value: unknown): void {
  was[key] = copyPlain(stored[key]);
  is[key] = value;
}
