/**
 * The rows of a card as its message stores them: one short
 * summary per target, and each distinct trace entry and image once for the
 * whole card, so a 1,000-target area hit stays small. An entry that only one
 * target has (its hit points before and after, say) stays in its row, whose
 * shape the card's shared rows keep once (`shared-rows.ts`); version 2 cards
 * stored it as a shape and that row's numbers (`entry-shape.ts`).
 * A row's uuid is left
 * out when the undo data at the same index names it. This module holds the
 * stored shape, which reading a message's flags needs; packing and unpacking
 * the rows (`pack-targets.ts`) load with the card.
 */
import { z } from "../../core/zod.ts";

const num = z.number();
const index = z.number().check(z.int(), z.gte(0));
/** One target's row as stored. */
export const rowSchema = z.object({
  /** Name. */
  n: z.string(),
  /** Uuid, when the undo data at this index does not name it. */
  u: z.optional(z.string()),
  /** Index into `imgs`. */
  m: z.optional(index),
  /** Incoming and dealt points. */
  i: num,
  f: num,
  /** State: `n` No Effect, `x` negated, `b` bypassed (absent: hit). */
  s: z.optional(z.enum(["n", "x", "b"])),
  /** Per trace entry: its index into `entries`, or the entry itself when no other row has it (version 2: the index of its shape there and its numbers). */
  e: z.optional(z.array(z.union([index, z.tuple([index], num), z.record(z.string(), z.unknown())]))),
  /** Resources changed: key, before, after, max. */
  c: z.optional(z.array(z.union([z.tuple([z.string(), num, num]), z.tuple([z.string(), num, num, num])]))),
  /** The target's share of the hit: multiplier, then the type ids of the parts it took when some were left out. */
  x: z.optional(z.tuple([z.number().check(z.gte(0), z.lte(1000))], z.string())),
  /** Condition ids gained. */
  g: z.optional(z.array(z.string())),
  /** GM notes (GM parts only). */
  w: z.optional(z.array(z.string())),
});
/** One target's row as stored. */
export type PackedRow = z.infer<typeof rowSchema>;
/** One trace entry of a stored row: an index into the card's `entries`, or the entry itself. */
export type EntryItem = NonNullable<PackedRow["e"]>[number];

/** A card's stored rows and the tables they point into. Trace entries are checked when explained (`view.ts`). */
export const packedCardSchema = z.object({
  summary: z.string(),
  profile: z.string(),
  /** Whose words the rows speak (`core/words.ts`). */
  words: z.optional(z.enum(["pf2e"])),
  entries: z.array(z.record(z.string(), z.unknown())),
  imgs: z.array(z.string()),
  rows: z.array(z.unknown()),
  /** Variable Resistance lines, worded. */
  lines: z.array(z.object({ text: z.string(), chosen: z.optional(z.string()) })),
});
export type PackedCard = z.infer<typeof packedCardSchema>;
