/**
 * Undo deltas for the Foundry adapter, as plain data. A hit's write is the
 * difference between two snapshots of the touched actor data (resource paths
 * and the module's flags); the undo is the same difference taken the other
 * way. Both are flat updates in Foundry's update syntax: a dotted path sets a
 * value, and `path.-=key: null` deletes `key`, so that restoring a snapshot
 * also removes what the hit added (a new shell cooldown, a Variable Resistance).
 * Pure: no Foundry globals.
 */

/** A flat update: dotted path → value; `a.b.-=key: null` deletes `a.b.key`. */
export type FlatUpdate = Record<string, unknown>;

/** A snapshot of the touched part of an actor's data, as nested plain objects. */
export type Snapshot = Record<string, unknown>;

/** What one hit did to one actor and how to take it back. */
export interface ActorDelta {
  /** The actor's uuid (`Actor.abc` or `Scene.x.Token.y.Actor.abc`). */
  uuid: string;
  /** The flat update the hit wrote. Empty when the hit changed nothing. */
  apply: FlatUpdate;
  /** The flat update that restores the data as it was before the hit. */
  revert: FlatUpdate;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep equality of JSON-like values (plain objects, arrays, primitives). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

const join = (prefix: string, key: string): string => (prefix === "" ? key : `${prefix}.${key}`);

/**
 * The flat update that turns `before` into `after`. Plain objects are
 * compared key by key; anything else (numbers, strings, arrays, null) is
 * replaced whole when it differs. A key present in `before` and missing (or
 * `undefined`) in `after` becomes a deletion `prefix.-=key: null`.
 */
export function diffUpdate(before: unknown, after: unknown, prefix = "", out: FlatUpdate = {}): FlatUpdate {
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of Object.keys(before)) {
      if (before[key] !== undefined && after[key] === undefined) out[join(prefix, `-=${key}`)] = null;
    }
    for (const key of Object.keys(after)) {
      if (after[key] === undefined) continue;
      diffUpdate(before[key], after[key], join(prefix, key), out);
    }
    return out;
  }
  if (!sameJson(before, after)) out[prefix] = structuredClone(after);
  return out;
}

/** The delta of one hit on actor `uuid`, from snapshots taken before and after. */
export function makeDelta(uuid: string, before: Snapshot, after: Snapshot): ActorDelta {
  return { uuid, apply: diffUpdate(before, after), revert: diffUpdate(after, before) };
}

/** Read a dotted path (`system.attributes.hp.value`) from plain data; `undefined` when absent. */
export function readPath(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const seg of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** Write `value` at a dotted path in `data`, creating plain objects on the way. Mutates `data`. */
export function writePath(data: Snapshot, path: string, value: unknown): void {
  const segs = path.split(".");
  let cur: Record<string, unknown> = data;
  for (const seg of segs.slice(0, -1)) {
    const next = cur[seg];
    if (!isPlainObject(next)) cur[seg] = {};
    cur = cur[seg] as Record<string, unknown>;
  }
  cur[segs[segs.length - 1]!] = value;
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
