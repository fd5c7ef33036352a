/**
 * Undo deltas for the Foundry adapter, as plain data. A hit's write is the
 * difference between two snapshots of the touched actor data (resource paths
 * and the module's flags); the undo is the same difference taken the other
 * way. Both are flat updates in Foundry's update syntax: a dotted path sets a
 * value, and `path.-=key: null` deletes `key`, so that restoring a snapshot
 * also removes what the hit added (a new shell cooldown, a Variable Resistance).
 * Pure: no Foundry globals.
 */

import { diffUpdate, readPath, sameJson, type FlatUpdate, type Snapshot } from "./update-paths.ts";

/** What one hit did to one actor and how to take it back. */
export interface ActorDelta {
  /** The actor's uuid (`Actor.abc` or `Scene.x.Token.y.Actor.abc`). */
  uuid: string;
  /** The flat update the hit wrote. Empty when the hit changed nothing. */
  apply: FlatUpdate;
  /** The flat update that restores the data as it was before the hit. */
  revert: FlatUpdate;
}

/** The delta of one hit on actor `uuid`, from snapshots taken before and after. */
export function makeDelta(uuid: string, before: Snapshot, after: Snapshot): ActorDelta {
  return { uuid, apply: diffUpdate(before, after), revert: diffUpdate(after, before) };
}

/**
 * True when `data` still holds what `update` wrote (every set path equal,
 * every deleted key absent): nothing else changed those fields since. Used to
 * warn before an undo overwrites later changes.
 */
export function stillApplied(data: unknown, update: FlatUpdate): boolean {
  return Object.entries(update).every(([path, value]) => {
    const segs = path.split(".");
    const last = segs[segs.length - 1]!;
    if (last.startsWith("-=")) return readPath(data, [...segs.slice(0, -1), last.slice(2)].join(".")) === undefined;
    return sameJson(readPath(data, path), value);
  });
}
