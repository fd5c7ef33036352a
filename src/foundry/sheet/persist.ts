/**
 * Saving the Defenses tab: defenses through the adapter (`saveDefenses`,
 * validated, migration-safe), then the flag-stored pools and the creature
 * traits in one update marked as the module's own write. Resources the game
 * system owns (mapped data paths such as dnd5e HP) are never written here.
 */
import { resourcesSchema } from "../../core/model/defender.ts";
import type { Profile } from "../../core/model/profile.ts";
import { poolsAfter } from "../../core/resource-map.ts";
import { storedFlagsSchema } from "../../core/stored.ts";
import { diffUpdate } from "../../core/update-paths.ts";
import { parseWith, type InputProblem } from "../../core/validate.ts";
import { rawFlags, readFlags, saveDefenses } from "../actor/data.ts";
import { FLAG_ROOT } from "../constants.ts";
import { mappingFor } from "../actor/resources.ts";
import { internalWrite } from "../actor/write-options.ts";
import { writeForm } from "../actor/write-form.ts";
import { viewOf, whileWriting } from "../actor/in-flight.ts";
import { draftInput, type DefenderDraft } from "./draft.ts";
import type { Problem } from "./validate.ts";

const asProblems = (problems: readonly InputProblem[]): Problem[] => problems.map((p) => ({ ...p, level: "error" }));

/**
 * Store the draft's defenses, pools and traits on `actor`. Resolves to the
 * problems found (empty = saved); on a problem nothing more is written.
 */
export async function saveDraft(actor: Actor.Implementation, draft: DefenderDraft, profile: Profile): Promise<Problem[]> {
  const input = draftInput(draft);
  const resources = parseWith(resourcesSchema, input.resources, "resources");
  if (!resources.ok) return asProblems(resources.problems);
  const traits = parseWith(storedFlagsSchema.shape.traits, input.traits, "traits");
  if (!traits.ok) return asProblems(traits.problems);

  const problems = await saveDefenses(actor, input.defenses);
  if (problems.length > 0) return asProblems(problems);

  // Read as this client's writes in flight will leave the actor.
  const view = viewOf(actor);
  const stored = readFlags(view);
  if (!stored.ok) return asProblems(stored.problems);
  const raw = (rawFlags(view) ?? {}) as { pools?: unknown; traits?: unknown };
  const pools = poolsAfter(mappingFor(actor, profile), resources.value);
  const update = { ...diffUpdate(raw.pools ?? {}, pools, `${FLAG_ROOT}.pools`), ...diffUpdate(raw.traits ?? [], traits.value, `${FLAG_ROOT}.traits`) };
  if (Object.keys(update).length > 0) await whileWriting([{ actor, update }], () => actor.update(writeForm(update), internalWrite()));
  return [];
}
