/**
 * Writing many actors at once (area hits): one batched update
 * per parent. World actors share one parent (none) and go in a single
 * `Actor.implementation.updateDocuments` call; an unlinked token's synthetic
 * actor has its token as parent, so it gets its own update. Every write
 * carries the module's mark, so the interception hooks ignore it. Deletions
 * are written in the running Foundry's form (`write-form.ts`).
 */
import type { FlatUpdate } from "../../core/update-paths.ts";
import { internalWrite } from "./write-options.ts";
import { writeForm } from "./write-form.ts";

/** One actor and the flat update to write to it. */
export interface ActorWrite {
  actor: Actor.Implementation;
  update: FlatUpdate;
}

/**
 * Write every non-empty update: world actors in one `updateDocuments` call,
 * each synthetic (unlinked token) actor through its own update. Resolves when
 * all writes are done.
 */
export async function writeBatch(writes: readonly ActorWrite[]): Promise<void> {
  const world: Actor.UpdateData[] = [];
  const synthetic: ActorWrite[] = [];
  for (const w of writes) {
    if (Object.keys(w.update).length === 0) continue;
    if (w.actor.isToken) synthetic.push(w);
    else world.push({ _id: w.actor.id, ...writeForm(w.update) } as Actor.UpdateData);
  }
  const jobs: Promise<unknown>[] = [];
  if (world.length > 0) jobs.push(Actor.implementation.updateDocuments(world, internalWrite()));
  for (const w of synthetic) jobs.push(w.actor.update(writeForm(w.update), internalWrite()));
  await Promise.all(jobs);
}
