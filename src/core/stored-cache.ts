/**
 * Stored flags read once per distinct content (issue 8 §2). Validating an
 * actor's flags with the schema costs far more than the chain itself, and an
 * area hit reads the flags of every target, most of which hold the same
 * defenses. Foundry updates a document's source in place (v13
 * `ObjectField#_updateCommit` keeps the object and changes its keys), so the
 * identity of a flag object says nothing about its content: the content
 * itself, as JSON text, is the key.
 *
 * Two flag objects with the same JSON text read the same. That is exact for
 * plain data, the only data a stored flag holds once it has been through the
 * server. Only readable flags are kept: a broken one is validated on every
 * read, so its problems always name the field. Cached values are frozen
 * (deeply) and shared: callers must copy what they change. Pure: no Foundry.
 */
import { readStored, type StoredRead } from "./stored.ts";

/** How many distinct flag contents are kept (oldest dropped first). */
export const STORED_CACHE_SIZE = 2048;

const byContent = new Map<string, StoredRead>();
/** The read of an actor without flags (empty defenses), made once. */
let noFlags: StoredRead | undefined;

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

/**
 * {@link readStored} of `raw` (the raw `flags["damage-chain"]` object, or
 * `undefined`), read once per distinct JSON content and shared. The value of
 * a readable result is deeply frozen: do not change it. Never throws; broken
 * flags give their problems (`flags.damage-chain.defenses...`) exactly as
 * `readStored` does.
 */
export function readStoredShared(raw: unknown): StoredRead {
  if (raw === undefined) return (noFlags ??= deepFreeze(readStored(undefined)));
  if (typeof raw !== "object" || raw === null) return readStored(raw);
  const text = textOf(raw);
  if (text === undefined) return readStored(raw);
  const hit = byContent.get(text);
  if (hit !== undefined) return hit;
  const read = readStored(raw);
  if (!read.ok) return read;
  deepFreeze(read.value);
  if (byContent.size >= STORED_CACHE_SIZE) byContent.delete(byContent.keys().next().value!);
  byContent.set(text, read);
  return read;
}
