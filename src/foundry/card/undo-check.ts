/**
 * What an undo may write. A chat card proves
 * nothing: any player may create a message that carries card flags with a
 * `revert` of their choosing. So before the deltas of a card are written back:
 * - actors: on a GM's client, only actors that the card's author could have
 *   written themselves (a GM author, or OWNER of the actor), or that the GM
 *   relay recorded for this card (`relay/record.ts`); a GM part counts only
 *   when a GM posted it (`gm-part.ts`);
 * - paths: only what a hit can touch: the actor's mapped resource values
 *   (value and temp, under any registered profile) and the module's own
 *   `state`, `pools` and `schemaVersion` flags; never a path or key holding
 *   `__proto__`, `constructor` or `prototype` (`unsafePath`), and never the
 *   bare module root `flags.damage-chain`, which would write the defenses and
 *   traits through. A revert that would delete the
 *   whole module flags (the hit was the actor's first) deletes only `state`
 *   and `pools`, keeping the defenses and traits saved since;
 * - types: a resource value is a whole number of points, never below 0 (what
 *   a hit saw: `core/resource-map.ts` reads every resource so) unless its
 *   mapping names a `min` below 0 (Draw Steel's heroes), then never below
 *   that, as the actor holds it now; temp HP the same or null, the version a
 *   whole number;
 * - newest only: an actor must still hold exactly what the hit wrote
 *   (`stillApplied`), counting this client's writes in flight
 *   (`actor/in-flight.ts`); otherwise a later hit or edit changed it, and undoing
 *   this one would lose or re-apply that change, so the undo is refused;
 * - readable: the flags the revert leaves must read back (`readStored`), and
 *   every value the revert writes must read back exactly where it was
 *   written once merged as Foundry merges it (`applyUpdate`, which follows
 *   `mergeObject`); a deletion must leave nothing behind.
 * Any refusal refuses the whole card (nothing is written) and names the actor
 * or the path.
 */
import { readStored } from "../../core/stored.ts";
import { stillApplied } from "../../core/undo.ts";
import { applyUpdate, deletionTarget, readPath, sameJson, unsafePath, type FlatUpdate } from "../../core/update-paths.ts";
import { mappingFor } from "../actor/resources.ts";
import { systemData } from "../actor/system-support.ts";
import { FLAG_ROOT } from "../constants.ts";
import type { ActorWrite } from "../actor/batch-write.ts";
import { viewOf } from "../actor/in-flight.ts";
import { actorOf } from "../actor/targets.ts";
import { relayedActors } from "../relay/record.ts";
import { profiles } from "../settings/profiles.ts";
import type { StoredDelta } from "./pack.ts";
import { MODULE_PARTS, safeRevert } from "./undo-record.ts";

/** Why an undo is refused: a lang key under `DAMAGECHAIN.Notify` and its params. */
export interface UndoRefusal {
  key: "DAMAGECHAIN.Notify.UndoForged" | "DAMAGECHAIN.Notify.UndoPath" | "DAMAGECHAIN.Notify.UndoNotNewest" | "DAMAGECHAIN.Notify.UndoUnreadable";
  params: Record<string, string>;
}

/** The writes of an allowed undo, or the refusal. */
export type UndoPlan = { ok: true; writes: ActorWrite[]; statuses: [Actor.Implementation, string[]][] } | { ok: false; refusal: UndoRefusal };

/** What a hit may write at a path: `"flags"` (module state, pools), `"version"`, `"resource"` (a mapped value), `"temp"` (a mapped temp, or points the system writes its own way), `"signed"` (the system's HP that may go below 0), or undefined. */
type HitPathKind = "flags" | "version" | "resource" | "temp" | "signed";

/**
 * What a hit may have written at `path` on `actor` (a mapped resource value
 * or temp, or the module's state, pools or version), or undefined. The bare
 * module root counts only when reading (`apply`: the actor's first hit
 * created it); a revert never writes it whole.
 */
function hitPath(actor: Actor.Implementation, path: string, reverting: boolean): HitPathKind | undefined {
  const segs = path.split(".");
  const flagRoot = FLAG_ROOT.split(".");
  if (segs.length > flagRoot.length && flagRoot.every((s, i) => segs[i] === s)) {
    const part = segs[flagRoot.length]!.replace(/^-=/, "");
    if (MODULE_PARTS.includes(part)) return "flags";
    return part === "schemaVersion" && segs.length === flagRoot.length + 1 ? "version" : undefined;
  }
  if (path === `flags.-=${flagRoot[1]}` || (path === FLAG_ROOT && !reverting)) return "flags";
  // What the system writes of a hit its own way (`writeLife`): PF1's nonlethal total, its HP below 0.
  const own = systemData();
  if (own?.lifeWrites?.extra.includes(path) === true) return "temp";
  if (own?.lifeWrites?.negative === true && path === own.hpPaths?.value) return "signed";
  for (const profile of profiles.list()) {
    for (const paths of Object.values(mappingFor(actor, profile))) {
      if (path === paths.value) return "resource";
      if (path === paths.temp) return "temp";
    }
  }
  return undefined;
}

/** The lowest value a resource at `path` may hold when its mapping names a `min` below 0 (a Draw Steel hero's −winded), else 0. */
function floorOf(actor: Actor.Implementation, path: string): number {
  for (const profile of profiles.list()) {
    for (const paths of Object.values(mappingFor(actor, profile))) {
      if (path !== paths.value || paths.min === undefined) continue;
      const min = Number(readPath(actor, paths.min));
      return Number.isSafeInteger(min) && min < 0 ? min : 0;
    }
  }
  return 0;
}

/** True when `value` has the type a revert may write at a path of `kind` (a deletion writes null); `floor`: the lowest resource value allowed. */
function rightType(kind: HitPathKind, path: string, value: unknown, floor = 0): boolean {
  if (deletionTarget(path) !== undefined) return value === null;
  // Points, as a hit reads them: whole and never below 0 (never null, text, an object, −5, 10.5 or 1e308), or below 0 down to `floor`.
  const points = Number.isSafeInteger(value) && (value as number) >= floor;
  if (kind === "resource") return points;
  if (kind === "temp") return (Number.isSafeInteger(value) && (value as number) >= 0) || value === null; // temp HP may be null, as dnd5e keeps it
  if (kind === "version" || kind === "signed") return Number.isSafeInteger(value);
  return true; // state and pools: read back through readStored below
}

/** The first path of `revert`, once merged into `after` (`applyUpdate`, in place), that does not read back as written (a deletion: as absent). */
function notReadBack(after: Record<string, unknown>, revert: FlatUpdate): string | undefined {
  applyUpdate(after, revert);
  for (const [path, value] of Object.entries(revert)) {
    const target = deletionTarget(path);
    if (target !== undefined ? readPath(after, target) !== undefined : !sameJson(readPath(after, path), value)) return path;
  }
  return undefined;
}

/** True when this client may trust the card `message` to name `actor` (see the file comment). */
function trusted(message: ChatMessage.Implementation, fromGmPart: boolean, actor: Actor.Implementation): boolean {
  if (game.user?.isGM !== true || fromGmPart) return true; // a player's client writes with its own permissions only
  const author = message.author as User.Implementation | null | undefined;
  if (author?.isGM === true) return true;
  if (author != null && actor.testUserPermission(author, "OWNER")) return true;
  return relayedActors(message.id!)?.has(actor.uuid) === true;
}

/**
 * Check the deltas of `message` (its own, then `partDeltas` from its GM part)
 * against the rules above, on the actors' data as this client holds it.
 */
export function planUndo(message: ChatMessage.Implementation, deltas: readonly StoredDelta[], partDeltas: readonly StoredDelta[]): UndoPlan {
  const writes: ActorWrite[] = [];
  const statuses: [Actor.Implementation, string[]][] = [];
  const all = [...deltas.map((d) => [d, false] as const), ...partDeltas.map((d) => [d, true] as const)];
  for (const [d, fromPart] of all) {
    const actor = actorOf(d.uuid);
    if (actor === null) continue;
    const name = actor.name ?? d.uuid;
    if (!trusted(message, fromPart, actor)) return { ok: false, refusal: { key: "DAMAGECHAIN.Notify.UndoForged", params: { actor: name } } };
    const bad =
      unsafePath(d.revert) ??
      unsafePath(d.apply) ??
      Object.entries(d.revert).find(([p, v]) => {
        const kind = hitPath(actor, p, true);
        return kind === undefined || !rightType(kind, p, v, kind === "resource" ? floorOf(actor, p) : 0);
      })?.[0] ??
      Object.keys(d.apply).find((p) => hitPath(actor, p, false) === undefined);
    if (bad !== undefined) return { ok: false, refusal: { key: "DAMAGECHAIN.Notify.UndoPath", params: { actor: name, path: bad } } };
    const data = viewOf(actor); // as it will be once this client's writes in flight arrive
    if (!stillApplied(data, d.apply)) return { ok: false, refusal: { key: "DAMAGECHAIN.Notify.UndoNotNewest", params: { actor: name } } };
    const revert = safeRevert(d.revert);
    const flagWrites = Object.entries(revert).filter(([p]) => p.startsWith("flags."));
    if (flagWrites.length > 0) {
      // Resource values are numbers (checked above) and read back as written; the flags are simulated.
      const after = { flags: structuredClone(readPath(data, "flags") ?? {}) };
      const unread = notReadBack(after, Object.fromEntries(flagWrites));
      if (unread !== undefined) return { ok: false, refusal: { key: "DAMAGECHAIN.Notify.UndoPath", params: { actor: name, path: unread } } };
      if (!readStored(readPath(after, FLAG_ROOT)).ok) return { ok: false, refusal: { key: "DAMAGECHAIN.Notify.UndoUnreadable", params: { actor: name } } };
    }
    writes.push({ actor, update: revert });
    if (d.statuses !== undefined) statuses.push([actor, d.statuses]);
  }
  return { ok: true, writes, statuses };
}
