/**
 * The rows of a card as its message stores them (issue 8 §3): one short
 * summary per target, and each distinct trace entry and image once for the
 * whole card, so a 1,000-target area hit stays small. A row's uuid is left
 * out when the undo data at the same index names it. `unpackTargets` gives
 * the rows back for `view.ts`; a row it cannot read is skipped, never thrown
 * at the chat log (any user may create a chat message).
 */
import { z } from "../../core/zod.ts";
import type { TraceEntry } from "../../core/context.ts";
import type { StoredTarget } from "./data.ts";

const num = z.number();
const rowSchema = z.object({
  /** Name. */
  n: z.string(),
  /** Uuid, when the undo data at this index does not name it. */
  u: z.optional(z.string()),
  /** Index into `imgs`. */
  m: z.optional(z.number().check(z.int(), z.gte(0))),
  /** Incoming and dealt points. */
  i: num,
  f: num,
  /** State: `n` No Effect, `x` negated, `b` bypassed (absent: hit). */
  s: z.optional(z.enum(["n", "x", "b"])),
  /** Indices into `entries`. */
  e: z.optional(z.array(z.number().check(z.int(), z.gte(0)))),
  /** Resources changed: key, before, after, max. */
  c: z.optional(z.array(z.union([z.tuple([z.string(), num, num]), z.tuple([z.string(), num, num, num])]))),
  /** Condition ids gained. */
  g: z.optional(z.array(z.string())),
  /** GM notes (GM parts only). */
  w: z.optional(z.array(z.string())),
});
type PackedRow = z.infer<typeof rowSchema>;

/** A card's stored rows and the tables they point into. Trace entries are checked when explained (`view.ts`). */
export const packedCardSchema = z.object({
  summary: z.string(),
  profile: z.string(),
  entries: z.array(z.record(z.string(), z.unknown())),
  imgs: z.array(z.string()),
  rows: z.array(z.unknown()),
  /** Variable Resistance lines, worded. */
  lines: z.array(z.object({ text: z.string(), chosen: z.optional(z.string()) })),
});
export type PackedCard = z.infer<typeof packedCardSchema>;

const STATE_CODE = { hit: undefined, noEffect: "n", negated: "x", bypassed: "b" } as const;
const CODE_STATE = { n: "noEffect", x: "negated", b: "bypassed" } as const;

/** Pack `targets` (their undo data is `uuids[i]`, where present) with the card's summary, profile and lines. */
export function packTargets(head: { summary: string; profile: string; lines: PackedCard["lines"] }, targets: readonly StoredTarget[], uuids: readonly (string | undefined)[]): PackedCard {
  const entries: TraceEntry[] = [];
  const entryIndex = new Map<string, number>();
  const traceIndex = new Map<string, number[]>();
  const listIndex = new Map<readonly TraceEntry[], number[]>();
  const imgs: string[] = [];
  const rows = targets.map((t, i): PackedRow => {
    const row: PackedRow = { n: t.name, i: t.incoming, f: t.final };
    if (uuids[i] !== t.uuid) row.u = t.uuid;
    if (t.img !== null && t.img !== "") row.m = imgs.includes(t.img) ? imgs.indexOf(t.img) : imgs.push(t.img) - 1;
    const s = STATE_CODE[t.state];
    if (s !== undefined) row.s = s;
    if (t.entries.length > 0) {
      // Targets of one hit mostly share their whole trace: the same list (`hit/same-hit.ts`), else one JSON key for
      // all of it, then per entry only when it is new.
      let e = listIndex.get(t.entries);
      const whole = e === undefined ? JSON.stringify(t.entries) : "";
      e ??= traceIndex.get(whole);
      if (e === undefined) {
        e = t.entries.map((entry) => {
          const key = JSON.stringify(entry);
          let k = entryIndex.get(key);
          if (k === undefined) entryIndex.set(key, (k = entries.push(entry) - 1));
          return k;
        });
        traceIndex.set(whole, e);
      }
      listIndex.set(t.entries, e);
      row.e = [...e];
    }
    if (t.changes.length > 0) row.c = t.changes.map((c) => (c.max === undefined ? [c.key, c.before, c.after] : [c.key, c.before, c.after, c.max]));
    if (t.conditions.length > 0) row.g = [...t.conditions];
    if (t.warnings.length > 0) row.w = [...t.warnings];
    return row;
  });
  return { ...head, entries: entries as unknown as PackedCard["entries"], imgs, rows };
}

/** The rows of `card`; `uuids[i]` names row i's actor when the row does not. Unreadable rows are left out. */
export function unpackTargets(card: PackedCard, uuids: readonly (string | undefined)[]): StoredTarget[] {
  const out: StoredTarget[] = [];
  card.rows.forEach((raw, i) => {
    const parsed = rowSchema.safeParse(raw);
    if (!parsed.success) return;
    const r = parsed.data;
    out.push({
      uuid: r.u ?? uuids[i] ?? "",
      name: r.n,
      img: r.m === undefined ? null : (card.imgs[r.m] ?? null),
      npc: false,
      incoming: r.i,
      final: r.f,
      state: r.s === undefined ? "hit" : CODE_STATE[r.s],
      entries: (r.e ?? []).flatMap((k) => (card.entries[k] === undefined ? [] : [card.entries[k] as unknown as TraceEntry])),
      changes: (r.c ?? []).map(([key, before, after, max]) => (max === undefined ? { key, before, after } : { key, before, after, max })),
      conditions: r.g ?? [],
      warnings: r.w ?? [],
    });
  });
  return out;
}
