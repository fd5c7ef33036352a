/**
 * The server side of an actor update in the Foundry test double (see
 * `double.ts`, `README.md` here), as Foundry v13 runs it and, on generation
 * 14, with v14's cleaning first. `World#updateActors` calls it.
 */
import { diff, expand, isPlain, merge, rejectLegacyKeys, type Obj } from "./double-base.ts";
import type { ActorDouble } from "./double-documents.ts";
import type { World } from "./double.ts";

/**
 * The top-level fields of the Actor schema (fvtt-types `common/documents/actor.d.mts`
 * `BaseActor.defineSchema`). On generation 14 an update's keys outside them are
 * pruned before `_preUpdate` (`cleanData`, foundryvtt/foundryvtt#14411, #13406).
 */
const ACTOR_FIELDS = new Set(["_id", "name", "img", "type", "system", "prototypeToken", "items", "effects", "folder", "sort", "ownership", "flags", "_stats"]);

/** Drop the keys of `changes` that `source` (a system's data, standing in for its schema) does not have, recursively into its plain objects. */
function prune(changes: Obj, source: Obj): void {
  for (const key of Object.keys(changes)) {
    if (!Object.hasOwn(source, key)) delete changes[key];
    else if (isPlain(changes[key]) && isPlain(source[key])) prune(changes[key], source[key]);
  }
}

/**
 * An actor update as Foundry v13 runs it (`ClientDatabaseBackend`
 * `#preUpdateDocumentArray`, then the server): permission; per actor, the
 * changes expanded, the system's `_preUpdate` (awaited when it is async:
 * Foundry always awaits it, the double keeps a synchronous one synchronous
 * so that its client switching stays valid), then `preUpdateActor`
 * on the caller only (false drops that actor); then the diff against the
 * actor (`diff`), and an actor whose diff is empty is skipped; ONE write for
 * the rest, merged as Foundry merges (`merge`), and `updateActor(actor,
 * diff + _id, options, userId)` on every client. On generation 14 the
 * expanded changes are cleaned first (`cleanActorUpdate`), as v14 does before
 * `_preUpdate`, and what the hooks leave may not use the legacy keys.
 */
export async function updateActors(world: World, updates: Obj[], options: Obj): Promise<ActorDouble[]> {
  const caller = world.active;
  const batch: [ActorDouble, Obj][] = [];
  for (const { _id, ...rest } of updates) {
    const actor = world.actors.get(String(_id));
    if (actor === undefined) throw new Error(`no actor ${String(_id)}`);
    if (!actor.testUserPermission(caller.user, "OWNER")) throw new Error(`${caller.user.name} lacks permission to update ${actor.name}`);
    const changes = world.generation >= 14 ? cleanActorUpdate(expand(rest), actor, world.systemId) : expand(rest);
    const preUpdated = world.as(caller, () => world.preUpdate(actor, changes, options, caller.user));
    if (preUpdated instanceof Promise) await preUpdated;
    if (!world.as(caller, () => caller.hooks.call("preUpdateActor", actor, changes, options, caller.user.id))) continue;
    if (world.generation >= 14) rejectLegacyKeys(changes); // what the hooks wrote is applied with v14's operators too
    batch.push([actor, changes]);
  }
  // Server latency: until the update arrives, every client still reads the old data.
  if (world.latency > 0) await new Promise((r) => setTimeout(r, world.latency));
  for (let i = batch.length - 1; i >= 0; i--) {
    const [actor, changes] = batch[i]!;
    const changed = diff(actor as unknown as Obj, changes);
    if (Object.keys(changed).length > 0 || options.diff === false) batch[i] = [actor, options.diff === false ? changes : changed];
    else batch.splice(i, 1);
  }
  if (batch.length === 0) return [];
  world.writes.push({ collection: "Actor", ids: batch.map(([a]) => a.id), userId: caller.user.id });
  for (const [actor, changed] of batch) merge(actor as unknown as Obj, changed);
  // Each client gets the server's answer as its own copy; in it, ONE options object for the whole batch, and per
  // actor one change (with its `_id`) that `_onUpdate` and then the `updateActor` hook both receive (v13
  // `client/data/client-backend.mjs` `#handleUpdateDocuments`: `doc._onUpdate(change, options, userId)`,
  // `Hooks.callAll("updateActor", doc, change, options, userId)`; public copy, stored id 8223665884).
  for (const c of world.clients) {
    const received = structuredClone(options);
    world.as(c, () => {
      for (const [a, changed] of batch) {
        const change = structuredClone({ _id: a.id, ...changed });
        world.onUpdate(a, change, received, caller.user.id);
        c.hooks.callAll("updateActor", a, change, received, caller.user.id);
      }
    });
  }
  return batch.map(([a]) => a);
}

/**
 * v14's cleaning of an update before `_preUpdate`: legacy special keys fail
 * (see `rejectLegacyKeys`), keys outside the Actor schema are pruned, and in
 * a dnd5e world (a `TypeDataModel` system) so are keys under `system` that
 * the actor's system data does not have (its shape stands in for the schema).
 */
function cleanActorUpdate(changes: Obj, actor: ActorDouble, systemId: string): Obj {
  rejectLegacyKeys(changes);
  for (const key of Object.keys(changes)) if (!ACTOR_FIELDS.has(key)) delete changes[key];
  if (systemId === "dnd5e" && isPlain(changes.system)) prune(changes.system, actor.system);
  return changes;
}
