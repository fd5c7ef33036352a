/**
 * What a card keeps to redo its hit (issue 23 §3): each target's hit as it
 * was asked for (`HitPlan.given`: the event before its share and before the
 * `preResolve` handlers, and the share), and the combat round it landed in
 * (for the damage log's filter). Events are stored once each (an area hit is
 * one event); a row names its event by index. Read back validated: a card's
 * flags are written by whoever posted it, so every event is checked with the
 * core event schema before a redo uses it.
 */
import type { DamageEvent } from "../../core/model/event.ts";
import { copyPlain } from "../../core/update-paths.ts";
import { parseEvent } from "../../core/validate.ts";
import { z } from "../../core/zod.ts";
import type { HitPlan } from "../actor/hit-plan.ts";

const index = z.number().check(z.int(), z.gte(0));

/** The stored form: `events` (plain data), per target row `[event index, multiplier?, ...part indexes]`, and the round. */
export const hitDataSchema = z.object({
  events: z.array(z.unknown()).check(z.maxLength(64)),
  rows: z.array(z.array(z.number().check(z.gte(0), z.lte(1000)))),
  round: z.optional(index),
});
export type HitData = z.infer<typeof hitDataSchema>;

/** The redo data of `plans` (one per target, in row order), or undefined when there are too many distinct events to keep (more than 64). */
export function hitData(plans: readonly HitPlan[], round: number | undefined): HitData | undefined {
  const events: unknown[] = [];
  const keys = new Map<string, number>();
  const rows: number[][] = [];
  for (const p of plans) {
    const given = p.given ?? { event: p.event };
    const plain = copyPlain(given.event);
    const key = JSON.stringify(plain);
    let i = keys.get(key);
    if (i === undefined) {
      if (events.length >= 64) return undefined;
      keys.set(key, (i = events.push(plain) - 1));
    }
    rows.push(given.multiplier === undefined && given.parts === undefined ? [i] : [i, given.multiplier ?? 1, ...(given.parts ?? [])]);
  }
  return { events, rows, ...(round === undefined ? {} : { round }) };
}

/** One target of a stored hit, read back: its event (validated), multiplier and kept parts. */
export interface RedoTarget {
  event: DamageEvent;
  multiplier: number;
  parts?: number[];
}

/**
 * The targets of stored redo data, in row order (a row whose event does not
 * validate, or that names none, is undefined). Never throws.
 */
export function redoTargets(raw: unknown): (RedoTarget | undefined)[] {
  const parsed = hitDataSchema.safeParse(raw);
  if (!parsed.success) return [];
  const events = parsed.data.events.map((e) => {
    const ev = parseEvent(e);
    return ev.ok ? ev.value : undefined;
  });
  return parsed.data.rows.map((row) => {
    const [i, multiplier, ...parts] = row;
    const event = i === undefined || !Number.isInteger(i) ? undefined : events[i];
    if (event === undefined) return undefined;
    return parts.length > 0 ? { event, multiplier: multiplier ?? 1, parts } : { event, multiplier: multiplier ?? 1 };
  });
}
