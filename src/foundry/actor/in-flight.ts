/**
 * Writes in flight, per actor: a hit planned on this client
 * whose update the server has not yet confirmed. Foundry gives each client its
 * own copy of a document, updated only when the server's answer arrives, so two
 * hits on one actor in the same tick (two HUD clicks, `applyDamage` twice
 * without `await`, overlapping area hits, relayed requests on the GM) would
 * each be planned from the same old data, and the second write would undo
 * the first. Each new plan, undo check or save therefore reads the actor
 * through {@link viewOf}: its data with every write still in flight applied
 * in order, as Foundry will merge them. A write leaves the list when its
 * update arrives (or fails), and at the latest after {@link FORGET_AFTER_MS}.
 */
import { applyUpdate, type FlatUpdate } from "../../core/update-paths.ts";

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (it does not for `Object.hasOwn`, about 5× slower in such a loop). */
const ownKey = Object.prototype.hasOwnProperty;

/** A write in flight that was never confirmed is forgotten after this long (milliseconds). */
export const FORGET_AFTER_MS = 30_000;

interface InFlight {
  id: number;
  update: FlatUpdate;
}

const inFlight = new Map<string, InFlight[]>();
let next = 0;

/** True when `update` holds no path (looked up without listing them). */
function isEmpty(update: FlatUpdate): boolean {
  for (const k in update) if (ownKey.call(update, k)) return false;
  return true;
}

/** Remember that `update` is being written to `actor`; returns the function that forgets it (call it once the write is done or failed). */
export function beginWrite(actor: Actor.Implementation, update: FlatUpdate): () => void {
  const end = track(actor, update);
  setTimeout(end, FORGET_AFTER_MS);
  return end;
}

/** {@link beginWrite} without its timer: the caller forgets the write at the latest after {@link FORGET_AFTER_MS}. */
function track(actor: Actor.Implementation, update: FlatUpdate): () => void {
  if (isEmpty(update)) return () => undefined;
  const entry = { id: ++next, update };
  // Read once: `Document#uuid` is a getter that builds the string on every access.
  const uuid = actor.uuid;
  const list = inFlight.get(uuid) ?? [];
  list.push(entry);
  inFlight.set(uuid, list);
  let done = false;
  const end = (): void => {
    if (done) return;
    done = true;
    const now = inFlight.get(uuid) ?? [];
    // The only write in flight (an area hit's every target): no list to filter.
    if (now.length === 1 && now[0]!.id === entry.id) {
      inFlight.delete(uuid);
      return;
    }
    const rest = now.filter((e) => e.id !== entry.id);
    if (rest.length === 0) inFlight.delete(uuid);
    else inFlight.set(uuid, rest);
  };
  return end;
}

/** Remember the writes of `updates` until `write` settles. Returns what `write` returns. */
export async function whileWriting<T>(updates: readonly { actor: Actor.Implementation; update: FlatUpdate }[], write: () => Promise<T>): Promise<T> {
  const ends = updates.map((u) => track(u.actor, u.update));
  // One timer for the batch (an area hit writes 1,000 actors at once), for a write that never settles.
  const timer = setTimeout(() => { for (const end of ends) end(); }, FORGET_AFTER_MS);
  try {
    return await write();
  } finally {
    for (const end of ends) end();
    // Settled: nothing is left to forget, and a pending timer would keep every update of the batch alive until it fires.
    clearTimeout(timer);
  }
}

/**
 * `actor` as the next hit must see it: the same document, with `system` and
 * `flags` as they will be once every write in flight has arrived. Without
 * writes in flight, `actor` itself.
 */
export function viewOf(actor: Actor.Implementation): Actor.Implementation {
  const list = inFlight.get(actor.uuid);
  if (list === undefined) return actor;
  const data = structuredClone({ system: actor.system as unknown, flags: actor.flags as unknown }) as Record<string, unknown>;
  for (const e of list) applyUpdate(data, e.update);
  return Object.create(actor, { system: { value: data.system, enumerable: true }, flags: { value: data.flags, enumerable: true } }) as Actor.Implementation;
}
