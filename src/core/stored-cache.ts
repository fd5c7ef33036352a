/**
 * Stored flags read once per distinct content. Validating an
 * actor's flags with the schema costs far more than the chain itself, and an
 * area hit reads the flags of every target, most of which hold the same
 * defenses. Foundry updates a document's source in place (v13
 * `ObjectField#_updateCommit` keeps the object and changes its keys), so the
 * identity of a flag object says nothing about its content: the content
 * itself is the key, compared in one walk with the content kept
 * (`content-tokens.ts`: the same JSON text, none made). An object is first
 * matched with the content it had when last read (the next hit on an actor
 * finds its own), then by a hash of its content. The defenses are keyed
 * apart from the rest (version, state, hit count): every hit changes the
 * rest of each target, never its defenses, so the next hit on a fight's mix
 * of stat blocks validates only the small part that changed. The content
 * read twice in a row is kept at hand too (an area hit's targets mostly hold
 * the same flags: one walk each).
 *
 * Two flag objects with the same JSON text read the same. That is exact for
 * plain data, the only data a stored flag holds once it has been through the
 * server; anything else is read on its own, every time. Only readable flags
 * are kept: a broken one is validated on every read, so its problems always
 * name the field. Cached values are frozen (deeply) and shared: callers must
 * copy what they change. Pure: no Foundry.
 */
import { contentTokens, matchesTokens, scanContent, scannedMatches, scannedTokens } from "./content-tokens.ts";
import { readStored, STORED_SCHEMA_VERSION, type StoredRead } from "./stored.ts";

/** How many distinct flag contents are kept per part (oldest dropped first). */
export const STORED_CACHE_SIZE = 2048;

/** Freeze `v` and everything in it (plain objects and arrays). Returns `v`. */
function deepFreeze<T>(v: T): T {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v;
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  return Object.freeze(v);
}

/** A readable content (its tokens: `content-tokens.ts`) and its read. */
interface Kept {
  tokens: readonly unknown[];
  read: StoredRead;
}

/** Reads of readable contents, by a hash of the content, and per object the content it was last matched with. */
class ReadCache {
  readonly #byHash = new Map<number, Kept[]>();
  /** Per object, the content it had when last read: matched again on every read (objects change in place), never trusted. Undefined: not kept (a small content is hashed as fast). */
  readonly #byObject: WeakMap<object, Kept> | undefined;
  #size = 0;

  constructor(byObject: boolean) {
    this.#byObject = byObject ? new WeakMap() : undefined;
  }

  /**
   * The read of `v`'s content (`skip`: a key of `v` left out), validated by
   * `validate` the first time; a broken read is not kept. Undefined when the
   * content has no tokens (not plain data: the caller reads it whole).
   */
  read(v: object, skip: string | undefined, validate: () => StoredRead): StoredRead | undefined {
    const mine = this.#byObject?.get(v);
    if (mine !== undefined && matchesTokens(v, mine.tokens, skip)) return mine.read;
    // One walk hashes the content and notes its tokens; a kept content is then matched as a flat list.
    const hash = scanContent(v, skip);
    if (hash === undefined) return undefined;
    const bucket = this.#byHash.get(hash);
    if (bucket !== undefined) {
      for (const kept of bucket) {
        if (!scannedMatches(kept.tokens)) continue;
        this.#byObject?.set(v, kept);
        return kept.read;
      }
    }
    // Copied before validating: the tokens noted are the last scan's, and validation is not ours.
    const tokens = scannedTokens();
    const read = validate();
    if (!read.ok) return read;
    deepFreeze(read.value);
    if (this.#size >= STORED_CACHE_SIZE) {
      const [oldest, dropped] = this.#byHash.entries().next().value!;
      this.#byHash.delete(oldest);
      this.#size -= dropped.length;
    }
    const kept = { tokens, read };
    if (bucket === undefined) this.#byHash.set(hash, [kept]);
    else bucket.push(kept);
    this.#size++;
    this.#byObject?.set(v, kept);
    return read;
  }
}

/** The read of an actor without flags (empty defenses), made once. */
let noFlags: StoredRead | undefined;
/** The content read twice in a row last, and its read: the targets of an area hit mostly hold the same flags. */
let last: Kept | undefined;
/** The read returned last (readable ones only). */
let lastRead: StoredRead | undefined;

/** The keys of a stored flag object (`stored.ts`); flags with another key are read whole. */
const PARTS: ReadonlySet<string> = new Set(["schemaVersion", "traits", "defenses", "state", "pools", "hits"]);
/** Reads of whole flag objects, of the defenses alone and of the rest alone; and the reads the two parts make together. */
const wholes = new ReadCache(true);
const byDefenses = new ReadCache(true);
// The rest is a few fields: hashed as fast as an object is looked up, and the lookup's entry per actor is garbage.
const byRest = new ReadCache(false);
const joined = new WeakMap<StoredRead, WeakMap<StoredRead, StoredRead>>();

/** `raw` without its defenses (validated as the rest of the flags). */
function restOf(raw: Record<string, unknown>): Record<string, unknown> {
  const { defenses: _defenses, ...rest } = raw;
  return rest;
}

/**
 * `raw` read as two parts: its defenses, and the rest (version, state, hit
 * count...). A hit changes the rest of every target it lands on, never the
 * defenses: read apart, the defenses (most of the content, and most of the
 * validation) are validated once and read from the cache on the next hits.
 * The schema's fields are checked each on its own (`storedFlagsSchema` is a
 * strict object of independent fields), so the two reads together are the
 * whole read; when either part is broken, the whole is read again so the
 * problems are exactly `readStored`'s. Undefined for flags read whole: without
 * defenses or version, with a key the schema does not know, or not plain data.
 */
function readByParts(raw: Record<string, unknown>): StoredRead | undefined {
  // A key JSON leaves out (undefined) is left out here too, as the content of the whole leaves it out.
  for (const k in raw) if (raw[k] !== undefined && !PARTS.has(k)) return undefined;
  const defenses = raw.defenses;
  if (raw.schemaVersion === undefined || typeof defenses !== "object" || defenses === null) return undefined;
  const restRead = byRest.read(raw, "defenses", () => readStored(restOf(raw)));
  if (restRead === undefined) return undefined;
  if (!restRead.ok) return readStored(raw);
  const defensesRead = byDefenses.read(defenses, undefined, () => readStored({ schemaVersion: STORED_SCHEMA_VERSION, defenses }));
  if (defensesRead === undefined) return undefined;
  if (!defensesRead.ok) return readStored(raw);
  let withRest = joined.get(defensesRead);
  if (withRest === undefined) joined.set(defensesRead, (withRest = new WeakMap()));
  let read = withRest.get(restRead);
  if (read === undefined) {
    // In the schema's order of keys, as `readStored` gives them.
    const { schemaVersion, traits, state, pools, hits } = restRead.value;
    const value = { schemaVersion, traits, defenses: defensesRead.value.defenses, state, pools, ...(hits === undefined ? {} : { hits }) };
    withRest.set(restRead, (read = { ok: true, value: Object.freeze(value) }));
  }
  return read;
}

/**
 * {@link readStored} of `raw` (the raw `flags["damage-chain"]` object, or
 * `undefined`), read once per distinct content and shared (the defenses
 * apart from the rest: `readByParts`). The value of a readable result is
 * deeply frozen: do not change it. Never throws; broken flags give their
 * problems (`flags.damage-chain.defenses...`) exactly as `readStored` does.
 */
export function readStoredShared(raw: unknown): StoredRead {
  if (raw === undefined) return (noFlags ??= deepFreeze(readStored(undefined)));
  if (typeof raw !== "object" || raw === null) return readStored(raw);
  if (last !== undefined && matchesTokens(raw, last.tokens)) return last.read;
  const read = (isPlainRecord(raw) ? readByParts(raw) : undefined) ?? wholes.read(raw, undefined, () => readStored(raw)) ?? readStored(raw);
  if (read.ok) keepLast(raw, read);
  return read;
}

/** A plain object (`Object.prototype` or none): the only flags read by parts. */
function isPlainRecord(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as unknown;
  return !Array.isArray(v) && (proto === Object.prototype || proto === null);
}

/** Note the read of `raw`; on the second read in a row of one read (one content), keep its content at hand. */
function keepLast(raw: object, read: StoredRead): void {
  if (read === lastRead && last?.read !== read) {
    const tokens = contentTokens(raw);
    if (tokens !== undefined) last = { tokens, read };
  }
  lastRead = read;
}
