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
import type { FlatUpdate } from "../../core/update-paths.ts";
import { readPath } from "../../core/update-paths.ts";
import type { ResourceChange } from "../actor/hit-plan.ts";
import type { HitSnapshots } from "../actor/snapshot.ts";

/** What identical hits share: the chain's result and the updates, without the actor. */
export interface SameHit {
  result: ResolveResult | undefined;
  final: number;
  changes: ResourceChange[];
  apply: FlatUpdate;
  revert: FlatUpdate;
  snapshots: HitSnapshots;
}

/** A hit's inputs (see the file's comment): the objects, and the raw mapped values as text. */
export interface SameKey {
  read: StoredRead;
  mapping: ActorTypeMapping;
  event: object;
  values: string;
}

/** The hits of one flag read with one mapping and event: the first by its values, any others in `more`; the next group of the same read in `next`. */
interface Group {
  mapping: ActorTypeMapping;
  event: object;
  values: string;
  hit: SameHit;
  more: Map<string, SameHit> | undefined;
  next: Group | undefined;
}

/**
 * The hits of one event planned so far, by their inputs: first by the flags
 * as read (an object: no text is made for it), then by mapping and event
 * (nearly always one each), then by the mapped values. A group holds its
 * first hit itself: on a fight's mix of stat blocks nearly every read has
 * one, and a map per target would be garbage.
 */
export class SameHits {
  readonly #byRead = new Map<StoredRead, Group>();

  #group(key: SameKey): Group | undefined {
    for (let g = this.#byRead.get(key.read); g !== undefined; g = g.next) if (g.mapping === key.mapping && g.event === key.event) return g;
    return undefined;
  }

  /** The hit planned with exactly these inputs, if any. */
  get(key: SameKey): SameHit | undefined {
    const group = this.#group(key);
    if (group === undefined) return undefined;
    return group.values === key.values ? group.hit : group.more?.get(key.values);
  }

  /** Keep `hit` for the targets with these inputs. */
  set(key: SameKey, hit: SameHit): void {
    const group = this.#group(key);
    if (group === undefined) this.#byRead.set(key.read, { mapping: key.mapping, event: key.event, values: key.values, hit, more: undefined, next: this.#byRead.get(key.read) });
    else if (group.values === key.values) group.hit = hit;
    else (group.more ??= new Map()).set(key.values, hit);
  }
}

/**
 * The key of a hit's inputs (see the file's comment), or undefined when the
 * hit must be planned on its own. `data` is the actor's data as the hit
 * sees it (`viewOf`), `read` its flags as read, `mapping` its resource
 * mapping (the same object for the same kind of actor within an event).
 */
export function sameHitKey(data: unknown, read: StoredRead, mapping: ActorTypeMapping, event: object): SameKey | undefined {
  if (!read.ok) return undefined;
  let values = "";
  for (const k in mapping) {
    const p = mapping[k]!;
    // The three paths one by one, not from a list: a list would be made per resource of every target.
    const value = valueText(data, p.value), temp = valueText(data, p.temp), max = valueText(data, p.max);
    if (value === undefined || temp === undefined || max === undefined) return undefined;
    values += value + temp + max;
  }
  return { read, mapping, event, values };
}

/** The raw value at `path` as key text: a number as digits, anything else as JSON (so "5" and 5 differ); undefined for an object, which is not compared. */
function valueText(data: unknown, path: string | undefined): string | undefined {
  const v = path === undefined ? undefined : readPath(data, path);
  if (typeof v === "object" && v !== null) return undefined;
  return typeof v === "number" ? `|${v}` : `|${JSON.stringify(v) ?? "-"}`;
}
