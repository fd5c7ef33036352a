/**
 * A hit's before/after snapshots: the module's flags in them (undo's
 * newest-first check reads them), used by `hit/plan.ts` for each hit and by
 * Variable Resistance for the allies it updates; what a plan keeps of them
 * (their parts, made into snapshots again when Variable Resistance changes
 * the hit).
 */
import { addTally } from "../../core/model/common.ts";
import type { DefenderState, Resources } from "../../core/model/defender.ts";
import { copyPlain, writePath, type Snapshot } from "../../core/update-paths.ts";
import { FLAG_ROOT } from "../constants.ts";

/** A hit's flags before and after it, as they stand at `flags.damage-chain` in its snapshots (`before` undefined: there were none). */
export interface FlagsBeforeAfter {
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown>;
}

/**
 * The part of the module's flags that a hit writes, before and after it
 * (snapshot and diff only what a hit can change). With no
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
export function flagsBeforeAfter(raw: unknown, version: number, state: DefenderState, pools: Resources | undefined): FlagsBeforeAfter {
  if (raw === undefined) return { before: undefined, after: pools === undefined ? { schemaVersion: version, hits: 1, state } : { schemaVersion: version, hits: 1, state, pools } };
  const stored = raw as Record<string, unknown>;
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  // Each key as it was (a copy) and as the hit leaves it, in this order (the undo's updates list them so); no closure per target.
  if (stored.schemaVersion !== version) put(was, is, stored, "schemaVersion", version);
  put(was, is, stored, "hits", addTally(typeof stored.hits === "number" ? stored.hits : 0, 1));
  put(was, is, stored, "state", state);
  if (pools !== undefined) put(was, is, stored, "pools", pools);
  return { before: was, after: is };
}

/** Record in the empty snapshots `before` and `after` the flags a hit (or an ally's Variable Resistance) writes: {@link flagsBeforeAfter}. */
export function snapshotFlags(before: Snapshot, after: Snapshot, raw: unknown, version: number, state: DefenderState, pools: Resources | undefined): void {
  const flags = flagsBeforeAfter(raw, version, state, pools);
  writePath(before, FLAG_ROOT, flags.before);
  writePath(after, FLAG_ROOT, flags.after);
}

/** Flag `key` in the before snapshot's flags (`was`: a copy of the stored value) and in the after one's (`is`: `value`). */
function put(was: Record<string, unknown>, is: Record<string, unknown>, stored: Record<string, unknown>, key: "schemaVersion" | "hits" | "state" | "pools", value: unknown): void {
  was[key] = copyPlain(stored[key]);
  is[key] = value;
}

/**
 * What a hit's before/after snapshots are made of, kept on its plan in their
 * place: the flags before and after it ({@link flagsBeforeAfter}), and its
 * resource writes in order (`writes`: path, value before, value after,
 * path...). {@link snapshotsOf} makes the snapshots from them, step for step
 * as the hit made them. Every plan is kept until its card is posted, and the
 * snapshots (a dozen objects) are several times the size of their parts.
 */
export interface SnapshotParts {
  flags: FlagsBeforeAfter | undefined;
  writes: unknown[];
}

/** A hit's snapshots as its plan keeps them: their parts, or (`keptSnapshots`) the snapshots themselves. */
export type HitSnapshots = SnapshotParts | { before: Snapshot; after: Snapshot };

/** The snapshots of a hit (new ones each call when kept as parts; they share the parts' objects: change neither). */
export function snapshotsOf(kept: HitSnapshots): { before: Snapshot; after: Snapshot } {
  if (!("writes" in kept)) return kept;
  const before: Snapshot = {};
  const after: Snapshot = {};
  if (kept.flags !== undefined) {
    writePath(before, FLAG_ROOT, kept.flags.before);
    writePath(after, FLAG_ROOT, kept.flags.after);
  }
  const writes = kept.writes;
  for (let i = 0; i < writes.length; i += 3) {
    const path = writes[i] as string;
    writePath(before, path, writes[i + 1]);
    writePath(after, path, writes[i + 2]);
  }
  return { before, after };
}

/**
 * What a plan keeps of the snapshots made from `parts`: the parts, unless a
 * value written is an object (a snapshot then holds the actor's own, or the
 * system's, and making it again could write through it) or a path runs into
 * the flags (it would write into the flags' parts): then the snapshots themselves.
 */
export function keptSnapshots(parts: SnapshotParts, made: { before: Snapshot; after: Snapshot }): HitSnapshots {
  const writes = parts.writes;
  for (let i = 0; i < writes.length; i += 3) {
    const was = writes[i + 1];
    const is = writes[i + 2];
    if ((typeof was === "object" && was !== null) || (typeof is === "object" && is !== null) || (writes[i] as string).startsWith("flags")) return made;
  }
  return parts;
}
