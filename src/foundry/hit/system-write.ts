/**
 * dnd5e's own damage writes, recognised without adding anything to them
 *. `Actor5e#applyDamage` calls `dnd5e.preApplyDamage(actor,
 * amount, updates, options)`, then the `modifyTokenAttribute` hook, then
 * `actor.update(updates)` (dnd5e `module/documents/actor/actor.mjs`). A key
 * added to `updates` does not survive to `preUpdateActor` on Foundry v14:
 * v14 cleans update data against the schema before `_preUpdate` and the
 * `preUpdate…` hooks and prunes unknown keys (foundryvtt/foundryvtt#14411,
 * #13406; fvtt-types `common/data/fields.d.mts` `cleanData`). So this client
 * records, per actor, the `updates` object dnd5e is about to write, and
 * `preUpdateActor` takes an update of that actor that sets exactly the hit
 * point values that object holds by then as dnd5e's (once), as
 * `consumption.ts` does for activity costs. Holds whether or not Foundry
 * keeps unknown keys: nothing is added to the update.
 * Nothing here is shared between clients; the pre-update hooks run only on
 * the client that starts the change.
 */
import { readChange } from "./changed.ts";

/** The hit point paths dnd5e's damage application writes (`Actor5e#applyDamage`). */
const HP_PATHS = ["system.attributes.hp.value", "system.attributes.hp.temp", "system.attributes.hp.tempmax"] as const;

/**
 * One expected dnd5e write: its actor, the very `updates` object dnd5e will
 * pass to `actor.update` (read when the update arrives, so a later
 * `dnd5e.preApplyDamage` or `modifyTokenAttribute` handler that changes it is
 * followed), and whether its update has started.
 */
export interface Dnd5eWrite {
  readonly actorUuid: string;
  readonly updates: Readonly<Record<string, unknown>>;
  started: boolean;
}

/** Actor uuid → the dnd5e writes expected for it, oldest first. */
const expected = new Map<string, Dnd5eWrite[]>();

/** Record that dnd5e is about to write `updates` (flat or nested, the object dnd5e holds) to the actor `actorUuid`. */
export function expectDnd5eWrite(actorUuid: string, updates: Record<string, unknown>): Dnd5eWrite {
  const entry: Dnd5eWrite = { actorUuid, updates, started: false };
  expected.set(actorUuid, [...(expected.get(actorUuid) ?? []), entry]);
  return entry;
}

/** Forget `entry` (its update started, or never will). */
export function forgetDnd5eWrite(entry: Dnd5eWrite): void {
  const left = (expected.get(entry.actorUuid) ?? []).filter((e) => e !== entry);
  if (left.length > 0) expected.set(entry.actorUuid, left);
  else expected.delete(entry.actorUuid);
}

/** The same value once Foundry has cleaned it (v14 casts a numeric string of a number field). */
const same = (a: unknown, b: unknown): boolean => a === b || (typeof a !== "object" && typeof b !== "object" && a != null && b != null && Number(a) === Number(b));

/**
 * True when `changed` and `entry`'s updates set at least one HP value in
 * common and agree on every one they both set (a path cleaning dropped from
 * `changed` is not held against it).
 */
function matches(entry: Dnd5eWrite, changed: Record<string, unknown>): boolean {
  const updates = entry.updates as Record<string, unknown>;
  const paths = HP_PATHS.filter((p) => readChange(updates, p) !== undefined && readChange(changed, p) !== undefined);
  return paths.length > 0 && paths.every((p) => same(readChange(changed, p), readChange(updates, p)));
}

/**
 * The expected dnd5e write that `changed` (an update of `actorUuid`, as
 * `preUpdateActor` receives it) is, marked started and forgotten; or
 * undefined when the update is not one (another update of the actor).
 */
export function takeDnd5eWrite(actorUuid: string, changed: Record<string, unknown>): Dnd5eWrite | undefined {
  const entry = expected.get(actorUuid)?.find((e) => matches(e, changed));
  if (entry === undefined) return undefined;
  entry.started = true;
  forgetDnd5eWrite(entry);
  return entry;
}
