/**
 * The bulk retrofit of the GM window: pick world actors by
 * folder, creature type or role, plan each one's retrofit (system import
 * and/or 001's creature-type templates, `core/bestiary/retrofit-plan.ts`),
 * apply the changed ones in one batched update, and undo the whole batch in
 * one step. The batch's undo (each actor's defenses before and after it) is
 * kept in the world setting `retrofitUndo`. The undo takes out exactly the
 * entries the batch added and puts back those it removed, leaving `state`,
 * pools and resources as later hits left them; it is refused,
 * naming the actor, when a later edit changed an entry the batch added.
 * Actors whose flags cannot be read are left out and named, so no data is
 * ever lost.
 */
import { creatureFromActor } from "../../../core/bestiary/creature.ts";
import { planRetrofit, type RetrofitChoice, type RetrofitRow } from "../../../core/bestiary/retrofit-plan.ts";
import { roleOf } from "../../../core/bestiary/roles.ts";
import { emptyStored, readStored } from "../../../core/stored.ts";
import { diffUpdate, sameJson } from "../../../core/update-paths.ts";
import { FLAG_ROOT } from "../../constants.ts";
import { rawFlags } from "../../actor/data.ts";
import { importSystem } from "../../actor/system-traits.ts";
import { internalWrite } from "../../actor/write-options.ts";
import { writeForm } from "../../actor/write-form.ts";
import { setSetting, setting } from "../../settings/settings.ts";

/** Which actors: any of the filters left empty matches all. */
export interface ActorFilter {
  folder?: string;
  creatureType?: string;
  role?: string;
}

/** A world actor as the bestiary window sees it. */
export interface BestiaryActor {
  actor: Actor.Implementation;
  folder: string;
  creatureType: string;
  role: string;
}

/**
 * The undo of the last batch, per actor: its defenses before and after the
 * batch (plain data as stored), and whether it had Damage Chain flags before.
 * A batch kept by an earlier version holds `flags` (the raw flags before it)
 * instead: its `after` is then taken to be the actor's defenses now.
 */
export interface RetrofitUndo {
  actors: { id: string; before?: Record<string, unknown>; after?: Record<string, unknown>; hadFlags?: boolean; flags?: unknown }[];
}

/** The document data an importer reads: name, type, prepared system data, flags. */
export function docOf(actor: Actor.Implementation): Record<string, unknown> {
  return { name: actor.name, type: actor.type, system: actor.system as unknown, flags: actor.flags as unknown };
}

/** The world's actors (`game.actors`), typed as the adapter uses them. */
function allActors(): Actor.Implementation[] {
  return [...((game.actors ?? []) as Iterable<unknown>)] as Actor.Implementation[];
}
const actorById = (id: string) => allActors().find((a) => a.id === id);

/** Every world actor with its folder id, creature type and role (empty when unknown). */
export function worldActors(): BestiaryActor[] {
  return allActors().map((actor) => {
    const read = creatureFromActor(docOf(actor), importSystem() ?? false);
    const folder = (actor as unknown as { folder?: { id?: string } | null }).folder?.id ?? "";
    return { actor, folder, creatureType: read.creature.type ?? "", role: roleOf(read.creature, read.defenses) ?? "" };
  });
}

/** The actors matching `filter`. */
export function selectActors(all: readonly BestiaryActor[], filter: ActorFilter): BestiaryActor[] {
  const ok = (want: string | undefined, have: string) => want === undefined || want === "" || want === have;
  return all.filter((a) => ok(filter.folder, a.folder) && ok(filter.creatureType, a.creatureType) && ok(filter.role, a.role));
}

/** The plan per actor, and the names of actors left out because their flags cannot be read. */
export function previewBatch(actors: readonly BestiaryActor[], choice: RetrofitChoice): { rows: RetrofitRow[]; skipped: string[] } {
  const rows: RetrofitRow[] = [];
  const skipped: string[] = [];
  for (const { actor } of actors) {
    const stored = readStored(rawFlags(actor));
    if (!stored.ok) {
      skipped.push(actor.name ?? actor.id ?? "");
      continue;
    }
    const doc = docOf(actor);
    const creature = creatureFromActor(doc, importSystem() ?? false).creature;
    rows.push(planRetrofit({ id: actor.id ?? "", name: actor.name ?? "", doc, stored: stored.value.defenses, creature }, choice));
  }
  return { rows, skipped };
}

/** Write the changed rows in one batched update and keep the batch's undo. Returns how many actors were written. */
export async function applyBatch(rows: readonly RetrofitRow[]): Promise<number> {
  const undo: RetrofitUndo = { actors: [] };
  const updates: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (!row.changed) continue;
    const actor = actorById(row.id);
    if (actor === undefined) continue;
    const raw = rawFlags(actor);
    const stored = readStored(raw);
    if (!stored.ok) continue;
    const rawDefenses = (raw as { defenses?: Record<string, unknown> } | undefined)?.defenses ?? {};
    undo.actors.push({ id: row.id, before: structuredClone(rawDefenses), after: structuredClone(row.after), hadFlags: raw !== undefined });
    // Only the defenses change; an actor without flags gets a whole flag object.
    updates.push({ _id: row.id, ...writeForm(diffUpdate(raw ?? {}, raw === undefined ? { ...stored.value, defenses: row.after } : { ...(raw as object), defenses: row.after }, FLAG_ROOT)) });
  }
  if (updates.length === 0) return 0;
  await setSetting("retrofitUndo", undo as unknown as Record<string, unknown>);
  await Actor.implementation.updateDocuments(updates as never, internalWrite() as never);
  return updates.length;
}

/** The last batch's undo, when there is one. */
export function lastBatch(): RetrofitUndo | undefined {
  const v = setting("retrofitUndo") as Partial<RetrofitUndo> | undefined;
  return Array.isArray(v?.actors) && v.actors.length > 0 ? (v as RetrofitUndo) : undefined;
}

/** `list` without one entry equal to each of `take` (by value); undefined when one of them is not there. */
function without(list: readonly unknown[], take: readonly unknown[]): unknown[] | undefined {
  const left = [...list];
  for (const entry of take) {
    const i = left.findIndex((e) => sameJson(e, entry));
    if (i < 0) return undefined;
    left.splice(i, 1);
  }
  return left;
}

/**
 * `now` with what the batch changed from `before` to `after` taken back: in
 * each list, the entries it added taken out and those it removed put back
 * (at their old place); any other field it changed set back. Undefined when
 * a later edit changed something the batch wrote (an added entry is gone or
 * different, a changed field differs from what the batch left).
 */
export function takeBack(now: Record<string, unknown>, before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = { ...now };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key];
    const a = after[key];
    if (sameJson(a, b)) continue;
    if (Array.isArray(b) || Array.isArray(a)) {
      const bl = Array.isArray(b) ? b : [];
      const al = Array.isArray(a) ? a : [];
      const added = without(al, bl) ?? al.filter((e) => !bl.some((x) => sameJson(x, e)));
      const removed = bl.filter((e) => !al.some((x) => sameJson(x, e)));
      const left = without(Array.isArray(now[key]) ? (now[key] as unknown[]) : [], added);
      if (left === undefined) return undefined;
      for (const entry of removed) left.splice(Math.min(bl.indexOf(entry), left.length), 0, entry);
      if (left.length === 0 && b === undefined) delete out[key];
      else out[key] = left;
    } else if (!sameJson(now[key], a)) return undefined;
    else if (b === undefined) delete out[key];
    else out[key] = b;
  }
  return out;
}

/**
 * Take the last batch back, in one batched update, and forget the batch:
 * each actor's entries as `takeBack` leaves them, everything else untouched;
 * an actor that had no flags before and whose flags hold nothing but the
 * batch's loses them again. Refused as a whole (nothing written, the batch
 * kept, the GM told which actor) when a later edit changed what the batch
 * added. Actors that are gone, or whose flags cannot be read, are skipped.
 * Returns how many actors were written.
 */
export async function undoBatch(): Promise<number> {
  const batch = lastBatch();
  if (batch === undefined) return 0;
  const updates: Record<string, unknown>[] = [];
  for (const entry of batch.actors) {
    const actor = actorById(entry.id);
    if (actor === undefined) continue;
    const raw = rawFlags(actor);
    const now = readStored(raw);
    if (!now.ok) continue;
    const current = (raw as { defenses?: Record<string, unknown> } | undefined)?.defenses ?? {};
    const legacy = entry.flags === null ? {} : (entry.flags as { defenses?: Record<string, unknown> } | undefined)?.defenses;
    const before = entry.before ?? legacy;
    if (before === undefined) continue;
    const defenses = takeBack(current, before, entry.after ?? current);
    if (defenses === undefined) {
      ui.notifications?.warn(game.i18n!.format("DAMAGECHAIN.Bestiary.Window.UndoChanged", { actor: actor.name ?? entry.id }));
      return 0;
    }
    const hadFlags = entry.hadFlags ?? (entry.flags !== null && entry.flags !== undefined);
    const untouched = sameJson(raw, { ...emptyStored(), defenses: entry.after ?? current }); // as the batch wrote it: no hit or edit since
    if (!hadFlags && untouched) updates.push({ _id: entry.id, ...writeForm({ [FLAG_ROOT.replace(/\.([^.]+)$/, ".-=$1")]: null }) });
    else updates.push({ _id: entry.id, ...writeForm(diffUpdate(raw ?? {}, { ...(raw as Record<string, unknown>), defenses }, FLAG_ROOT)) });
  }
  if (updates.length > 0) await Actor.implementation.updateDocuments(updates as never, internalWrite() as never);
  await setSetting("retrofitUndo", {});
  return updates.length;
}
