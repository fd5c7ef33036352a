/**
 * The bulk retrofit of the GM window (issue 9 item 3): pick world actors by
 * folder, creature type or role, plan each one's retrofit (system import
 * and/or 001's creature-type templates, `core/bestiary/retrofit-plan.ts`),
 * apply the changed ones in one batched update, and undo the whole batch in
 * one step. The batch's undo (each actor's Damage Chain flags exactly as they
 * were) is kept in the world setting `retrofitUndo`. Actors whose flags
 * cannot be read are left out and named, so no data is ever lost.
 */
import { creatureFromActor } from "../../../core/bestiary/creature.ts";
import { planRetrofit, type RetrofitChoice, type RetrofitRow } from "../../../core/bestiary/retrofit-plan.ts";
import { roleOf } from "../../../core/bestiary/roles.ts";
import { readStored } from "../../../core/stored.ts";
import { diffUpdate } from "../../../core/update-paths.ts";
import { FLAG_ROOT } from "../../constants.ts";
import { rawFlags } from "../../actor/data.ts";
import { importSystem } from "../../actor/system-traits.ts";
import { internalWrite } from "../../hit/write-options.ts";
import { writeForm } from "../../hit/write-form.ts";
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

/** The undo of the last batch: each actor's raw flags before it (`null`: it had none). */
export interface RetrofitUndo {
  actors: { id: string; flags: unknown }[];
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
    undo.actors.push({ id: row.id, flags: raw === undefined ? null : structuredClone(raw) });
    updates.push({ _id: row.id, ...writeForm(diffUpdate(raw ?? {}, { ...stored.value, defenses: row.after }, FLAG_ROOT)) });
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

/** Put every actor of the last batch back exactly as it was, in one batched update; forget the batch. Returns how many actors were restored. */
export async function undoBatch(): Promise<number> {
  const batch = lastBatch();
  if (batch === undefined) return 0;
  const updates: Record<string, unknown>[] = [];
  for (const { id, flags } of batch.actors) {
    const actor = actorById(id);
    if (actor === undefined) continue;
    const now = rawFlags(actor);
    if (flags === null) updates.push({ _id: id, ...writeForm({ [FLAG_ROOT.replace(/\.([^.]+)$/, ".-=$1")]: null }) });
    else updates.push({ _id: id, ...writeForm(diffUpdate(now ?? {}, flags, FLAG_ROOT)) });
  }
  if (updates.length > 0) await Actor.implementation.updateDocuments(updates as never, internalWrite() as never);
  await setSetting("retrofitUndo", {});
  return updates.length;
}
