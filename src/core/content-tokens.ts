/**
 * Plain data compared by content without making its JSON text: a hash of
 * the content, and the content kept as a flat list of tokens (object and
 * array starts, keys, leaves, ends) that a later value is matched against in
 * one walk. `stored-cache.ts` keys the reads of actors' flags by them: an
 * area hit reads the flags of every target, and text made and hashed per
 * target (a kilobyte each) cost more than the walk, and its garbage more.
 *
 * Content here is what JSON would write: an object key whose value is
 * undefined is left out, as `JSON.stringify` leaves it out, so two values
 * with the same tokens have the same JSON text, keys in the same order.
 * Anything JSON would write otherwise, or that is not plain data (a number
 * that is not finite, an array hole or undefined element, a BigInt, a
 * function, a class instance, data nested deeper than {@link MAX_DEPTH}: a
 * cycle) has no tokens and no hash: the caller reads such a value on its own.
 * Pure: no Foundry.
 */

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (it does not for `Object.hasOwn`, about 5× slower in such a loop). */
const ownKey = Object.prototype.hasOwnProperty;

/** Tokens that are not keys or leaves: module-private symbols, so no JSON value can equal one. */
const OBJECT = Symbol("object"), ARRAY = Symbol("array"), END = Symbol("end");

/** Nesting deeper than this has no tokens (stored flags nest 6 deep at most; a cycle never ends). */
export const MAX_DEPTH = 32;

/** True for an object JSON writes key by key: `Object.prototype` or no prototype. */
function plainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** True for an array JSON writes element by element: an `Array.prototype` array. */
function plainArray(v: unknown): v is unknown[] {
  return Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype;
}

/** One step of a 32-bit FNV-1a style hash. */
const mix = (h: number, x: number): number => Math.imul(h ^ x, 16777619);

/** `h` with leaf `v` mixed in, or undefined when `v` has no JSON leaf of its own. */
function hashLeaf(v: unknown, h: number): number | undefined {
  if (typeof v === "string") {
    h = mix(h, v.length + 1);
    for (let i = 0; i < v.length; i++) h = mix(h, v.charCodeAt(i));
    return h;
  }
  if (typeof v === "number") return Number.isFinite(v) ? mix(mix(h, 2), Number.isInteger(v) ? v | 0 : Math.round(v * 1024) | 0) : undefined;
  if (typeof v === "boolean") return mix(h, v ? 3 : 4);
  return v === null ? mix(h, 5) : undefined;
}

/** The tokens of the last {@link scanContent}, in a list kept from scan to scan (a scan allocates nothing once it has grown), and how many there are. */
let scratch: unknown[] = [];
let count = 0;
/** A list grown longer than this (one odd flag object) is dropped at the next scan rather than kept for good. */
const SCRATCH_KEPT = 4096;

/**
 * A hash of `v`'s content (`skip`: a key of `v` itself left out), or
 * undefined when it has no tokens (see the file's comment), in one walk that
 * also notes its tokens: {@link scannedMatches} then compares them with kept
 * tokens as a flat list, {@link scannedTokens} copies them. Equal content
 * hashes alike; unequal content may too (compare with the tokens). The next
 * scan replaces the tokens noted.
 */
export function scanContent(v: unknown, skip?: string): number | undefined {
  if (scratch.length > SCRATCH_KEPT) scratch = [];
  count = 0;
  const hash = scanAt(v, 0x811c9dc5, skip, 0);
  if (hash === undefined) count = 0;
  return hash;
}

function scanAt(v: unknown, h: number, skip: string | undefined, depth: number): number | undefined {
  if (typeof v !== "object" || v === null) {
    scratch[count++] = v;
    return hashLeaf(v, h);
  }
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(v)) {
    if (!plainArray(v)) return undefined;
    scratch[count++] = ARRAY;
    let at: number | undefined = mix(h, 6);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (x === undefined) return undefined;
      at = scanAt(x, at, undefined, depth + 1);
      if (at === undefined) return undefined;
    }
    scratch[count++] = END;
    return mix(at, 7);
  }
  if (!plainObject(v)) return undefined;
  scratch[count++] = OBJECT;
  let at: number | undefined = mix(h, 8);
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined || k === skip) continue;
    if (!ownKey.call(v, k)) return undefined;
    scratch[count++] = k;
    // A key by its length and first character: keys are few and alike across values, and the match tells them apart.
    at = mix(mix(at, k.length), k.charCodeAt(0));
    at = scanAt(x, at, undefined, depth + 1);
    if (at === undefined) return undefined;
  }
  scratch[count++] = END;
  return mix(at, 9);
}

/** True when the last {@link scanContent} (that found tokens) noted exactly `tokens`: the same JSON text. A flat loop; nothing is allocated. */
export function scannedMatches(tokens: readonly unknown[]): boolean {
  if (tokens.length !== count) return false;
  for (let i = 0; i < count; i++) if (scratch[i] !== tokens[i]) return false;
  return true;
}

/** A copy of the tokens the last {@link scanContent} noted (none after a scan that found no tokens). */
export function scannedTokens(): unknown[] {
  return scratch.slice(0, count);
}

/** The tokens of `v`'s content (`skip`: a key of `v` itself left out), or undefined when it has none (see the file's comment). */
export function contentTokens(v: unknown, skip?: string): unknown[] | undefined {
  return scanContent(v, skip) === undefined ? undefined : scannedTokens();
}

/** Where {@link matchAt} is in the tokens: one module variable, so a match allocates nothing. */
let at = 0;

/**
 * True when `v` (`skip`: a key of `v` itself left out) has exactly the
 * content whose tokens are `tokens` ({@link contentTokens}): the same JSON
 * text. One walk; nothing is allocated. A cycle or anything without tokens
 * never matches.
 */
export function matchesTokens(v: unknown, tokens: readonly unknown[], skip?: string): boolean {
  at = 0;
  return matchAt(v, tokens, skip) && at === tokens.length;
}

function matchAt(v: unknown, tokens: readonly unknown[], skip: string | undefined): boolean {
  // Every step takes a token: a walk never goes deeper than the tokens (a cycle ends when they do).
  const token = tokens[at++];
  if (typeof v !== "object" || v === null) return token === v && v !== undefined;
  if (Array.isArray(v)) {
    if (token !== ARRAY || !plainArray(v)) return false;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      // A leaf in the loop, not by a call: tokens hold JSON leaves only (finite numbers, no undefined), so `===` is the whole check.
      if (typeof x === "object" && x !== null ? !matchAt(x, tokens, undefined) : x === undefined || tokens[at++] !== x) return false;
    }
    return tokens[at++] === END;
  }
  if (token !== OBJECT || !plainObject(v)) return false;
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined || k === skip) continue;
    if (tokens[at++] !== k || !ownKey.call(v, k)) return false;
    if (typeof x === "object" && x !== null ? !matchAt(x, tokens, undefined) : tokens[at++] !== x) return false;
  }
  return tokens[at++] === END;
}
