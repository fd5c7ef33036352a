/**
 * Identical targets of one event are planned once (area hits).
 * A fireball on twenty goblins of one stat block resolves the same chain
 * twenty times: same flags, same resources, same event, same profile and
 * time. Within one event (one {@link SameHits}), a target whose inputs are
 * exactly those of a target already planned gets that plan's result and
 * updates, under its own uuid. The inputs are:
 * - the flags as read (`stored-cache.ts` gives one frozen read per distinct
 *   flag content);
 * - the resource mapping of its kind of actor, and the raw values at every
 *   mapped path (value, temp, max);
 * - the event object itself (a `preResolve` handler that changes it makes a
 *   new one).
 * A hit is not shared when the chain drew a random number (its twin must
 * draw its own), when the world counts the system's own traits (they are
 * read from each actor's prepared data), or when reading the actor found a
 * problem. Shared values are read-only: every reader copies what it changes.
 */
import type { ResolveResult } from "../../core/chain.ts";
import type { ActorTypeMapping } from "../../core/resource-map.ts";
import type { StoredRead } from "../../core/stored.ts";
import type { FlatUpdate, Snapshot } from "../../core/update-paths.ts";
import { readPath } from "../../core/update-paths.ts";
import type { ResourceChange } from "../actor/hit-plan.ts";

/** What identical hits share: the chain's result and the updates, without the actor. */
export interface SameHit {
  result: ResolveResult | undefined;
  final: number;
  changes: ResourceChange[];
  apply: FlatUpdate;
  revert: FlatUpdate;
  before: Snapshot;
  after: Snapshot;
}

/** The hits of one event planned so far, by their inputs. */
export type SameHits = Map<string, SameHit>;

const ids = new WeakMap<object, number>();
let nextId = 0;

/** A number naming `o` for as long as it lives. */
function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = ++nextId));
  return id;
}

/**
 * The key of a hit's inputs (see the file's comment), or undefined when the
 * hit must be planned on its own. `data` is the actor's data as the hit
 * sees it (`viewOf`), `read` its flags as read, `mapping` its resource
 * mapping (the same object for the same kind of actor within an event).
 */
export function sameHitKey(data: unknown, read: StoredRead, mapping: ActorTypeMapping, event: object): string | undefined {
  if (!read.ok) return undefined;
  let key = `${idOf(read)}|${idOf(mapping)}|${idOf(event)}`;
  for (const k in mapping) {
    const p = mapping[k]!;
    for (const path of [p.value, p.temp, p.max]) {
      const v = path === undefined ? undefined : readPath(data, path);
      // A number as digits, anything else as JSON (so "5" and 5 differ); an object is not compared.
      if (typeof v === "object" && v !== null) return undefined;
      key += typeof v === "number" ? `|${v}` : `|${JSON.stringify(v) ?? "-"}`;
    }
  }
  return key;
}
