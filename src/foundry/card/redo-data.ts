/**
 * What a card keeps to redo its hit: each target's hit as it was asked for
 * (`HitPlan.given`: the event before its share and before the `preResolve`
 * handlers, and the share), the target it belongs to (actor uuid), and the
 * combat round it landed in (for the damage log's filter). Events are stored
 * once each (an area hit is one event); a row names its event by index.
 *
 * Each message keeps the rows of its own targets only (`audience.ts`): the
 * card those players may read, the GM part the rows hidden from them, so a
 * hidden target leaves no trace in what players receive. Row i belongs to the
 * actor of the message's undo row i (`paired`), so a redo pairs a share with
 * its own actor whatever the layout, without a second copy of the uuids.
 *
 * Read back validated as strictly as a hit: a card's flags are written by
 * whoever posted it, so every event is checked with the core event schema and
 * every share with the core share schema (`core/share.ts`: multiplier 0 to
 * 1000, parts whole indexes of the event's parts); one bad row refuses all.
 */
import type { DamageEvent } from "../../core/model/event.ts";
import { shareSchema } from "../../core/share.ts";
import { copyPlain } from "../../core/update-paths.ts";
import { parseEvent } from "../../core/validate.ts";
import { z } from "../../core/zod.ts";
import type { HitPlan } from "../actor/hit-plan.ts";

const index = z.number().check(z.int(), z.gte(0));

/** The stored form: `events` (plain data), per target row `[event index, multiplier?, ...part indexes]`, `paired`, and the round. */
export const hitDataSchema = z.object({
  events: z.array(z.unknown()).check(z.maxLength(64)),
  rows: z.array(z.array(z.number())),
  /**
   * Row i is the actor of the same message's undo row i. Absent on cards
   * posted before the rows were split per message: their rows cover every
   * target, in the card's order, hidden or not.
   */
  paired: z.optional(z.literal(true)),
  round: z.optional(index),
});
export type HitData = z.infer<typeof hitDataSchema>;

/** The redo data of `plans` (one per target, in row order), or undefined when there are too many distinct events to keep (more than 64). */
export function hitData(plans: readonly HitPlan[], round: number | undefined): HitData | undefined {
  const events: unknown[] = [];
  const keys = new Map<string, number>();
  // An area hit gives every target the same event object: its text is made once.
  const byObject = new Map<DamageEvent, number>();
  const rows: number[][] = [];
  for (const p of plans) {
    const given = p.given ?? { event: p.event };
    let i = byObject.get(given.event);
    if (i === undefined) {
      const plain = copyPlain(given.event);
      const key = JSON.stringify(plain);
      i = keys.get(key);
      if (i === undefined) {
        if (events.length >= 64) return undefined;
        keys.set(key, (i = events.push(plain) - 1));
      }
      byObject.set(given.event, i);
    }
    rows.push(given.multiplier === undefined && given.parts === undefined ? [i] : [i, given.multiplier ?? 1, ...(given.parts ?? [])]);
  }
  return { events, rows, paired: true, ...(round === undefined ? {} : { round }) };
}

/** One target of a stored hit, read back: its event (validated), multiplier and kept parts. */
export interface RedoTarget {
  event: DamageEvent;
  multiplier: number;
  parts?: number[];
}

/** One stored row read back, or undefined when it does not hold as a hit would. */
function readRow(row: readonly number[], events: readonly (DamageEvent | undefined)[]): RedoTarget | undefined {
  const [i, multiplier, ...parts] = row;
  const event = i === undefined || !Number.isInteger(i) ? undefined : events[i];
  if (event === undefined) return undefined;
  const share = shareSchema.safeParse(parts.length > 0 ? { multiplier: multiplier ?? 1, parts } : { multiplier: multiplier ?? 1 });
  if (!share.success) return undefined;
  // A part index the event does not have would be a part no hit could have kept.
  if (share.data.parts?.some((p) => p >= event.parts.length) === true || new Set(share.data.parts).size !== (share.data.parts?.length ?? 0)) return undefined;
  return share.data.parts === undefined ? { event, multiplier: share.data.multiplier } : { event, multiplier: share.data.multiplier, parts: share.data.parts };
}

/** Stored redo data read back: the targets in row order, and whether row i is the message's undo row i (`paired`). */
export interface RedoRows {
  targets: RedoTarget[];
  paired: boolean;
}

/**
 * The targets of stored redo data, in row order, or undefined when any row
 * does not hold as a hit would (its event does not validate, its share is
 * out of range, its parts are not the event's). No rows when there is no
 * data. Never throws.
 */
export function redoTargets(raw: unknown): RedoRows | undefined {
  if (raw === undefined) return { targets: [], paired: true };
  const parsed = hitDataSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { rows } = parsed.data;
  const events = parsed.data.events.map((e) => {
    const ev = parseEvent(e);
    return ev.ok ? ev.value : undefined;
  });
  const out: RedoTarget[] = [];
  for (const row of rows) {
    const t = readRow(row, events);
    if (t === undefined) return undefined;
    out.push(t);
  }
  return { targets: out, paired: parsed.data.paired === true };
}
