/**
 * `dnd5e.activityConsumption` / `dnd5e.postActivityConsumption`: HP an
 * activity spends as its cost is not damage. Before dnd5e
 * writes the consumption (`updates.actor`, a plain `actor.update`), note the
 * HP values it will write; after, forget them (`hit/consumption.ts`).
 */
import { endConsumption, expectConsumption } from "../../hit/consumption.ts";
import { mappingFor } from "../../actor/resources.ts";
import { activeProfile } from "../../settings/profiles.ts";
import type { Dnd5eActivity as Activity } from "../../hook-types.ts";


/** Handler for `dnd5e.activityConsumption(activity, usageConfig, messageConfig, updates)`. */
export function onDnd5eActivityConsumption(activity: Activity, _usage: unknown, _message: unknown, updates: { actor?: Record<string, unknown> }): void {
  const actor = activity.actor;
  if (!actor || updates.actor === undefined) return;
  const paths = Object.values(mappingFor(actor, activeProfile())).flatMap((p) => [p.value, p.temp, p.max].filter((x): x is string => x !== undefined));
  expectConsumption(actor.uuid, updates.actor, paths);
}

/** Handler for `dnd5e.postActivityConsumption(activity, usageConfig, messageConfig, updates)`. */
export function onDnd5ePostActivityConsumption(activity: Activity): void {
  if (activity.actor) endConsumption(activity.actor.uuid);
}
