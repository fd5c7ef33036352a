/**
 * Flat updates in Foundry's update syntax, as plain data: a dotted path sets a
 * value (`system.attributes.hp.value: 5`), and `path.-=key: null` deletes
 * `key`: the core's deletion marker, plain data that cards store; the adapter
 * writes it in the form of the running Foundry (`foundry/actor/write-form.ts`:
 * v14's `ForcedDeletion`). Reading, writing and diffing such paths, used by the undo deltas
 * (`undo.ts`), the adapter's write-back and the Defenses tab's save.
 * Pure: no Foundry globals.
 */

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (it does not for `Object.hasOwn`, about 5× slower in such a loop). */
const ownKey = Object.prototype.hasOwnProperty;

/** A flat update: dotted path → value; `a.b.-=key: null` deletes `a.b.key`. */
export type FlatUpdate = Record<string, unknown>;

/** A snapshot of the touched part of an actor's data, as nested plain objects. */
export type Snapshot = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Deep equality of JSON-like values (plain objects, arrays, primitives); a
 * key whose value is undefined counts as absent, an array hole in `a` is
 * skipped. Walks own keys without listing them: a hit compares the
 * snapshots of every target (no key lists per object).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (i in a && !sameJson(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    let defined = 0;
    for (const k in a) {
      if (!ownKey.call(a, k) || a[k] === undefined) continue;
      defined++;
      if (!sameJson(a[k], b[k])) return false;
    }
    for (const k in b) if (ownKey.call(b, k) && b[k] !== undefined) defined--;
    return defined === 0;
  }
  return false;
}

/**
 * A deep copy of JSON-like data (plain objects, arrays, primitives), far
 * cheaper than `structuredClone` for the small values a hit writes. Anything
 * else is copied as the plain object of its own enumerable keys: use it only
 * on plain data. An own `__proto__` key stays a key.
 */
export function copyPlain<T>(v: T): T {
  // Most values a hit writes are numbers: returned at once, without a walk.
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    // `slice` copies the leaves and keeps holes, as `Array.prototype.map` does (and the array's kind: one without holes stays packed).
    const out: unknown[] = v.slice();
    for (let i = 0; i < out.length; i++) {
      const x = out[i];
      if (typeof x === "object" && x !== null) out[i] = copyPlain(x);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in v) {
    if (!ownKey.call(v, k)) continue;
    const value = copyPlain((v as Record<string, unknown>)[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out as T;
}

/**
 * A deep copy of plain data (as `copyPlain`) in which every number `n` is
 * replaced by `number(n)`, visited in key order (arrays by index, objects by
 * `Object.keys`). Used to split a value into its shape and its numbers.
 */
export function mapNumbers<T>(v: T, number: (n: number) => number): T {
  if (typeof v === "number") return number(v) as T;
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map((x: unknown) => mapNumbers(x, number)) as T;
  const out: Record<string, unknown> = {};
  // Own keys in `Object.keys` order, without the list (`for...in` lists own keys first; inherited ones are skipped).
  for (const k in v) {
    if (!ownKey.call(v, k)) continue;
    const value = mapNumbers((v as Record<string, unknown>)[k], number);
    if (k === "__proto__") Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out as T;
}

/**
 * The path a deletion marker deletes (`a.b.-=k` → `a.b.k`, `-=k` → `k`), or
 * undefined when `path` is not a deletion.
 */
export function deletionTarget(path: string): string | undefined {
  const dot = path.lastIndexOf(".");
  const last = path.slice(dot + 1);
  return last.startsWith("-=") ? path.slice(0, dot + 1) + last.slice(2) : undefined;
}

/** Paths made by {@link join}, by prefix and key: every hit diffs the same few paths, and a path made anew per hit is text to hash again as a key. */
const joined = new Map<string, Map<string, string>>();

/** `prefix.key` (`key` alone for an empty prefix), the same string for the same path. */
function join(prefix: string, key: string): string {
  if (prefix === "") return key;
  let byKey = joined.get(prefix);
  if (byKey === undefined) {
    if (joined.size >= 1024) joined.clear(); // a hit touches a few paths; others (a Defenses tab's save) are not kept for ever
    joined.set(prefix, (byKey = new Map()));
  }
  let path = byKey.get(key);
  if (path === undefined) {
    if (byKey.size >= 256) byKey.clear(); // keys under one prefix are few too (a record's, such as shell cooldowns by id)
    byKey.set(key, (path = `${prefix}.${key}`));
  }
  return path;
}

/**
 * The flat update that turns `before` into `after`. Plain objects are
 * compared key by key; anything else (numbers, strings, arrays, null) is
 * replaced whole when it differs (a copy: plain data only). A key present in `before` and missing (or
 * `undefined`) in `after` becomes a deletion `prefix.-=key: null`.
 */
export function diffUpdate(before: unknown, after: unknown, prefix = "", out: FlatUpdate = {}): FlatUpdate {
  if (isPlainObject(before) && isPlainObject(after)) {
    // Own keys in `Object.keys` order, without the lists: every target's snapshots are diffed twice per hit.
    for (const key in before) {
      if (ownKey.call(before, key) && before[key] !== undefined && after[key] === undefined) out[join(prefix, `-=${key}`)] = null;
    }
    for (const key in after) {
      const is = after[key];
      if (is === undefined || !ownKey.call(after, key)) continue;
      const was = before[key];
      // The path is made only where it is written or gone down: most leaves of a hit's snapshots are equal.
      if (isPlainObject(was) && isPlainObject(is)) diffUpdate(was, is, join(prefix, key), out);
      else if (!sameJson(was, is)) out[join(prefix, key)] = copyPlain(is);
    }
    return out;
  }
  if (!sameJson(before, after)) out[prefix] = copyPlain(after);
  return out;
}

/** Object.prototype's own members (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, `valueOf`...), read once. */
const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Keys that reach an object's prototype, its constructor or one of its
 * inherited members when used as a property name (`__proto__`,
 * `constructor`, `prototype`, and every other member of `Object.prototype`:
 * `toString`, `hasOwnProperty`, `valueOf`...: a path through one reaches a
 * function shared by every object), also behind a `-=`/`==` prefix. A path or key from outside (a card's undo data, a relay
 * request, stored flags) holding one is never read or written through
 *: `readPath` answers undefined, `writePath` and `applyUpdate`
 * throw {@link UnsafePathError}.
 */
export function unsafeKey(key: string): boolean {
  const bare = key.startsWith("-=") || key.startsWith("==") ? key.slice(2) : key;
  return bare === "prototype" || PROTOTYPE_MEMBERS.has(bare);
}

/** Thrown by {@link writePath} and {@link applyUpdate} for a path or key that {@link unsafeKey} refuses; `path` names it. */
export class UnsafePathError extends Error {
  constructor(readonly path: string) {
    super(`unsafe update path: ${path}`);
    this.name = "UnsafePathError";
  }
}

/**
 * The first path of `update`, or key inside one of its values (as
 * `path.key`), that holds a segment {@link unsafeKey} refuses; undefined when
 * every path and nested key is safe. Checks own keys of nested plain objects
 * and arrays, so a `__proto__` key that `JSON.parse` made is found.
 */
export function unsafePath(update: FlatUpdate): string | undefined {
  const inValue = (v: unknown, at: string): string | undefined => {
    if (Array.isArray(v)) {
      for (const x of v) {
        const found = inValue(x, at);
        if (found !== undefined) return found;
      }
    } else if (isPlainObject(v)) {
      for (const k of Object.keys(v)) {
        if (unsafeKey(k)) return `${at}.${k}`;
        const found = inValue(v[k], `${at}.${k}`);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  for (const [path, value] of Object.entries(update)) {
    if (path.split(".").some(unsafeKey)) return path;
    const found = inValue(value, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Paths split once, by path (`null`: a path with an unsafe segment): a hit reads and writes the same few paths on every target, and a split per read is text to cut and hash again. */
const segmentsByPath = new Map<string, readonly string[] | null>();

/** The segments of a dotted path, or null when one is unsafe ({@link unsafeKey}). */
function segmentsOf(path: string): readonly string[] | null {
  let segs = segmentsByPath.get(path);
  if (segs === undefined) {
    const split = path.split(".");
    if (segmentsByPath.size >= 1024) segmentsByPath.clear(); // a world maps a few paths; others (an undo's, a save's) are not kept for ever
    segmentsByPath.set(path, (segs = split.some(unsafeKey) ? null : split));
  }
  return segs;
}

/** Read a dotted path (`system.attributes.hp.value`) from plain data; `undefined` when absent or when a segment is unsafe ({@link unsafeKey}). */
export function readPath(data: unknown, path: string): unknown {
  const segs = segmentsOf(path);
  if (segs === null) return undefined;
  let cur: unknown = data;
  for (let i = 0; i < segs.length; i++) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[segs[i]!];
  }
  return cur;
}

/**
 * Write `value` at a dotted path in `data`, creating plain objects on the way. Mutates `data`.
 * @throws {UnsafePathError} when a segment of `path` is unsafe ({@link unsafeKey}).
 */
export function writePath(data: Snapshot, path: string, value: unknown): void {
  const segs = segmentsOf(path);
  if (segs === null) throw new UnsafePathError(path);
  let cur: Record<string, unknown> = data;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!;
    const next = cur[seg];
    if (!isPlainObject(next)) cur[seg] = {};
    cur = cur[seg] as Record<string, unknown>;
  }
  cur[segs[segs.length - 1]!] = value;
}


/** Merge `value` into `target[key]` as Foundry's `mergeObject` does for a document update: plain objects key by key (`-=k` deletes), anything else replaces. */
function mergeAt(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key.startsWith("-=")) {
    delete target[key.slice(2)];
    return;
  }
  if (key.startsWith("==")) {
    target[key.slice(2)] = structuredClone(value);
    return;
  }
  if (!isPlainObject(value)) {
    target[key] = structuredClone(value);
    return;
  }
  const existing = target[key];
  const into: Record<string, unknown> = isPlainObject(existing) ? existing : {};
  target[key] = into;
  for (const [k, v] of Object.entries(value)) mergeAt(into, k, v);
}

/**
 * Apply a flat update to plain data in place, as Foundry applies a document
 * update (v13 `foundry.utils.mergeObject` with `performDeletions`): dotted
 * keys create missing parents, `a.-=k: null` deletes `k` (and does nothing
 * when `a` is missing: no parent is created for a deletion), `a.==k: v`
 * replaces `k` whole, and an object value is merged key by key into an
 * existing object. Used to check what an undo would leave before writing it.
 * @throws {UnsafePathError} when a path or a key inside a value is unsafe
 *   ({@link unsafePath}); nothing is applied then.
 */
export function applyUpdate(data: Snapshot, update: FlatUpdate): void {
  const unsafe = unsafePath(update);
  if (unsafe !== undefined) throw new UnsafePathError(unsafe);
  for (const [path, value] of Object.entries(update)) {
    const segs = path.split(".");
    const last = segs.pop()!;
    let cur: Record<string, unknown> | undefined = data;
    for (const seg of segs) {
      let next: unknown = cur[seg];
      if (!isPlainObject(next)) {
        if (last.startsWith("-=")) {
          cur = undefined;
          break;
        }
        next = {};
        cur[seg] = next;
      }
      cur = next as Record<string, unknown>;
    }
    if (cur !== undefined) mergeAt(cur, last, value);
  }
}
