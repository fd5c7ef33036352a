/**
 * Stored flags read once per distinct content. Validating an
 * actor's flags with the schema costs far more than the chain itself, and an
 * area hit reads the flags of every target, most of which hold the same
 * defenses. Foundry updates a document's source in place (v13
 * `ObjectField#_updateCommit` keeps the object and changes its keys), so the
 * identity of a flag object says nothing about its content: the content
 * itself, as JSON text, is the key. The defenses are keyed apart from the
 * rest (version, state, hit count): every hit changes the rest of each
 * target, never its defenses, so the next hit on a fight's mix of stat
 * blocks validates only the small part that changed.
 *
 * A content read twice in a row is kept as plain data too, and a flag
 * object is first compared with it field by field (an area hit's targets
 * mostly hold the same flags: no JSON text is made for them). A content read
 * once is not parsed back: in a fight's mix of stat blocks, every target's
 * flags differ, and the copy would cost more than the text.
 *
 * Two flag objects with the same JSON text read the same. That is exact for
 * plain data, the only data a stored flag holds once it has been through the
 * server. Only readable flags are kept: a broken one is validated on every
 * read, so its problems always name the field. Cached values are frozen
 * (deeply) and shared: callers must copy what they change. Pure: no Foundry.
 */
import { readStored, STORED_SCHEMA_VERSION, type StoredRead } from "./stored.ts";

/** How many distinct flag contents are kept (oldest dropped first). */
export const STORED_CACHE_SIZE = 2048;

const byContent = new Map<string, StoredRead>();
/** The read of an actor without flags (empty defenses), made once. */
let noFlags: StoredRead | undefined;
/** The content read twice in a row last (parsed back from its JSON text: plain data) and its read: the targets of an area hit mostly hold the same flags. */
let last: { content: unknown; read: StoredRead } | undefined;
/** The JSON text of the flags read last (readable ones only). */
let lastText: string | undefined;

/**
 * True when `raw` has the JSON text of `content` (plain data parsed from
 * JSON), up to the order of object keys, found by walking both: no text is
 * made. False for anything JSON would write otherwise (undefined, a
 * function, NaN, a class instance): the caller then compares text. Stricter
 * than `sameJson` (`update-paths.ts`), which treats any object as plain and
 * so could let a Set or a class instance share a read it must not.
 */
function sameContent(raw: unknown, content: unknown): boolean {
  if (raw === content) return typeof raw !== "number" || Number.isFinite(raw);
  if (typeof raw !== "object" || raw === null || typeof content !== "object" || content === null) return false;
  if (Array.isArray(raw)) {
    if (!Array.isArray(content) || raw.length !== content.length) return false;
    for (let i = 0; i < raw.length; i++) if (!sameContent(raw[i], content[i])) return false;
    return true;
  }
  if (Array.isArray(content)) return false;
  const proto = Object.getPrototypeOf(raw) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(raw);
  if (keys.length !== Object.keys(content).length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(content, k) || !sameContent((raw as Record<string, unknown>)[k], (content as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Freeze `v` and everything in it (plain objects and arrays). Returns `v`. */
function deepFreeze<T>(v: T): T {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v;
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  return Object.freeze(v);
}

/** The JSON text of `raw`, or undefined when it has none (a BigInt or a cycle: `readStored` names the problem). */
function textOf(raw: unknown): string | undefined {
  try {
    return JSON.stringify(raw);
  } catch {
    return undefined;
  }
}

/** The keys of a stored flag object (`stored.ts`); flags with another key are read whole. */
const PARTS: ReadonlySet<string> = new Set(["schemaVersion", "traits", "defenses", "state", "pools", "hits"]);
/** Reads of the defenses alone and of the rest alone, by JSON text; and the reads they make together. */
const byDefenses = new Map<string, StoredRead>();
const byRest = new Map<string, StoredRead>();
const joined = new WeakMap<StoredRead, WeakMap<StoredRead, StoredRead>>();

/** `readStored(raw)` once per `text` in `cache`; a broken read is not kept. */
function cachedRead(cache: Map<string, StoredRead>, text: string, raw: unknown): StoredRead {
  let read = cache.get(text);
  if (read === undefined) {
    read = readStored(raw);
    if (!read.ok) return read;
    deepFreeze(read.value);
    if (cache.size >= STORED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(text, read);
  }
  return read;
}

/**
 * `raw` read as two parts: its defenses, and the rest (version, state, hit
 * count...). A hit changes the rest of every target it lands on, never the
 * defenses: read apart, the defenses (most of the text, and most of the
 * validation) are validated once and read from the cache on the next hits.
 * The schema's fields are checked each on its own (`storedFlagsSchema` is a
 * strict object of independent fields), so the two reads together are the
 * whole read; when either part is broken, the whole is read again so the
 * problems are exactly `readStored`'s. Undefined for flags read whole: without
 * defenses or version, with a key the schema does not know, or not JSON.
 */
function readByParts(raw: Record<string, unknown>): { read: StoredRead; text: string; content: () => unknown } | undefined {
  const keys = Object.keys(raw);
  // A key JSON leaves out (undefined) is left out here too, as the text keys of the whole do.
  if (!keys.includes("defenses") || !keys.includes("schemaVersion") || keys.some((k) => !PARTS.has(k) && raw[k] !== undefined)) return undefined;
  const { defenses, ...rest } = raw;
  const defensesText = textOf(defenses);
  const restText = textOf(rest);
  if (defensesText === undefined || restText === undefined) return undefined;
  const restRead = cachedRead(byRest, restText, rest);
  const defensesRead = restRead.ok ? cachedRead(byDefenses, defensesText, { schemaVersion: STORED_SCHEMA_VERSION, defenses }) : restRead;
  const text = `${restText}\n${defensesText}`;
  const content = () => ({ ...(JSON.parse(restText) as object), defenses: JSON.parse(defensesText) as unknown });
  if (!restRead.ok || !defensesRead.ok) return { read: readStored(raw), text, content };
  let withRest = joined.get(defensesRead);
  if (withRest === undefined) joined.set(defensesRead, (withRest = new WeakMap()));
  let read = withRest.get(restRead);
  if (read === undefined) {
    // In the schema's order of keys, as `readStored` gives them.
    const { schemaVersion, traits, state, pools, hits } = restRead.value;
    const value = { schemaVersion, traits, defenses: defensesRead.value.defenses, state, pools, ...(hits === undefined ? {} : { hits }) };
    withRest.set(restRead, (read = { ok: true, value: Object.freeze(value) }));
  }
  return { read, text, content };
}

/**
 * {@link readStored} of `raw` (the raw `flags["damage-chain"]` object, or
 * `undefined`), read once per distinct JSON content and shared (the
 * defenses apart from the rest: `readByParts`). The value of a readable
 * result is deeply frozen: do not change it. Never throws; broken flags give
 * their problems (`flags.damage-chain.defenses...`) exactly as `readStored`
 * does.
 */
export function readStoredShared(raw: unknown): StoredRead {
  if (raw === undefined) return (noFlags ??= deepFreeze(readStored(undefined)));
  if (typeof raw !== "object" || raw === null) return readStored(raw);
  if (last !== undefined && sameContent(raw, last.content)) return last.read;
  const parts = isPlainRecord(raw) ? readByParts(raw) : undefined;
  if (parts !== undefined) {
    if (parts.read.ok) keepLast(parts.text, parts.read, parts.content);
    return parts.read;
  }
  const text = textOf(raw);
  if (text === undefined) return readStored(raw);
  const read = cachedRead(byContent, text, raw);
  if (read.ok) keepLast(text, read, () => JSON.parse(text) as unknown);
  return read;
}

/** A plain object (`Object.prototype` or none): the only flags read by parts. */
function isPlainRecord(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as unknown;
  return !Array.isArray(v) && (proto === Object.prototype || proto === null);
}

/** Note the read of `text`; on its second read in a row, keep its content as plain data for the field-by-field check. */
function keepLast(text: string, read: StoredRead, content: () => unknown): void {
  if (text === lastText && last?.read !== read) last = { content: content(), read };
  lastText = text;
}
