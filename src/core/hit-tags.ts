/**
 * The tags of a hit as the steps read them (`StepContext.tags`): the source's
 * tags, the event's traits and the parts' damage types (003 tag immunity and
 * tag resistance, 002 prevention tags).
 */
import type { WorkingPart } from "./context.ts";
import type { DamageEvent } from "./model/event.ts";

/** The event whose tags were made last, with the default type its untyped parts took. */
let last: { event: DamageEvent; defaultType: string; tags: ReadonlySet<string> } | undefined;

/**
 * The tags of `event` hitting with `parts`. `asPrepared`: `parts` are the
 * event's own parts as `prepare.ts` makes them without modifiers (each part's
 * types, or `[defaultType]`), so the tags depend on the event and
 * `defaultType` alone; then the set is kept and shared by the next hits of the
 * same event (an area hit resolves one event for every target). Like every
 * cache of the core this treats the event as immutable; the set is shared:
 * do not change it.
 */
export function hitTags(event: DamageEvent, parts: readonly WorkingPart[], asPrepared: boolean, defaultType: string): ReadonlySet<string> {
  if (asPrepared && last !== undefined && last.event === event && last.defaultType === defaultType) return last.tags;
  const tags = new Set<string>(event.source.tags);
  for (const t of event.traits) tags.add(t);
  for (const p of parts) for (const t of p.types) tags.add(t);
  if (asPrepared) last = { event, defaultType, tags };
  return tags;
}
