/**
 * What a card keeps in `flags["damage-chain"].card`, and reading it back.
 * Version 4 stores each undo row with the card's row of the same index, as
 * shared shapes plus what differs per row (`shared-rows.ts`), so a
 * 1,000-target hit keeps little more than each target's uuid, name and hit
 * points, and a value both rows hold once. Cards posted before still show,
 * undo and redo: version 3 shared the undo rows and the card's rows apart;
 * version 2 packed the undo data
 * (`pack.ts`) and the rows (`stored.ts`) one by one; version 1 kept plain
 * deltas and its rows in the content. Any user may create a chat message: a
 * card that does not parse is not a card.
 */
import { z } from "../../core/zod.ts";
import { MODULE_ID } from "../constants.ts";
import { unpackDeltas, type StoredDelta } from "./pack.ts";
import { readShared, readSharedV3 } from "./shared-card.ts";
import { packedCardSchema, type PackedCard } from "./stored.ts";

const flatUpdate = z.record(z.string(), z.unknown());
const index = z.number().check(z.int(), z.gte(0));

const common = {
  /** Id of the user who applied the damage (may undo it when `undoByApplier` is on). */
  applier: z.string(),
  reverted: z.boolean(),
  /** On a GM part (`audience.ts`): the id of the card it belongs to. */
  of: z.optional(z.string()),
  /** Set when the undone hit was redone (`hit/redo.ts`): the redo's card id. */
  redone: z.optional(z.string()),
  /**
   * On a redo's card: the id of the card whose hit it redid (`hit/redo.ts`).
   * Posted by the active GM, it is the record a redo is checked against.
   */
  redoOf: z.optional(z.string()),
  /** When the hit was undone (ms since the epoch) and for whom (user id): the damage history's undo event. */
  undone: z.optional(z.object({ at: z.number(), by: z.string() })),
};

const v1 = z.object({
  version: z.literal(1),
  ...common,
  deltas: z.array(z.object({ uuid: z.string(), apply: flatUpdate, revert: flatUpdate, statuses: z.optional(z.array(z.string())) })),
});

const v2 = z.object({
  version: z.literal(2),
  ...common,
  undo: z.object({
    paths: z.array(z.string()),
    values: z.array(z.unknown()),
    rows: z.array(z.union([z.tuple([z.string(), z.array(index), z.array(index)]), z.tuple([z.string(), z.array(index), z.array(index), z.array(z.string())])])),
  }),
  view: packedCardSchema,
  /** What a redo needs (`redo-data.ts`), read and validated when it is used. */
  hit: z.optional(z.unknown()),
});

/** Rows shared (`shared-rows.ts`), checked when read back. */
const shared = { kinds: z.array(z.unknown()), rows: z.array(z.unknown()) };

const v3 = z.object({
  version: z.literal(3),
  ...common,
  /** Per actor its undo data and redo row, shared (`shared-card.ts`). */
  undo: z.object(shared),
  /** `stored.ts`'s card with its rows shared (`shared-rows.ts`). */
  view: z.object({ ...packedCardSchema.shape, ...shared }),
  /** The redo data (`redo-data.ts`), its rows kept with the undo rows (`shared-card.ts`). */
  hit: z.optional(z.unknown()),
});

const v4 = z.object({
  version: z.literal(4),
  ...common,
  /** Per actor its undo data and redo row with the card's row of the same index, shared (`shared-card.ts`). */
  rows: z.object(shared),
  /** `stored.ts`'s card without its rows. */
  view: z.object({ ...packedCardSchema.shape, rows: z.optional(z.never()) }),
  /** The redo data (`redo-data.ts`), its rows kept with the undo rows (`shared-card.ts`). */
  hit: z.optional(z.unknown()),
});

/** Version 4's stored undo data, rows and redo data, as `shared-card.ts` writes them. */
export type { SharedCard } from "./shared-card.ts";

/** A card's flags as a message stores them (version 1 to 4; partial in an update, which Foundry merges). */
export type StoredCardFlags = Partial<z.input<typeof v1>> | Partial<z.input<typeof v2>> | Partial<z.input<typeof v3>> | Partial<z.input<typeof v4>>;

/**
 * A card's flags as read: `deltas` are, per actor, the update written and
 * the update that takes it back (targets in row order, then allies that
 * received Variable Resistance), with the status effect ids the hit turned
 * on (`actor/statuses.ts`), which undo turns off. `view`: the stored rows
 * (version 2).
 */
export interface CardFlags {
  version: 1 | 2 | 3 | 4;
  applier: string;
  reverted: boolean;
  of?: string;
  redone?: string;
  redoOf?: string;
  undone?: { at: number; by: string };
  deltas: StoredDelta[];
  /** The stored rows (versions 2 to 4; versions 3 and 4 given back in version 2's form). */
  view?: PackedCard;
  /** The redo data as stored (`redo-data.ts` reads it); absent on GM parts and older cards. */
  hit?: unknown;
}

/** The card flags of a message, or undefined when it is not a (valid) Damage Chain card. */
export function cardFlags(message: ChatMessage.Implementation): CardFlags | undefined {
  const raw = (message.flags as Record<string, { card?: unknown } | undefined>)[MODULE_ID]?.card;
  const parsed = z.discriminatedUnion("version", [v1, v2, v3, v4]).safeParse(raw);
  if (!parsed.success) return undefined;
  const f = parsed.data;
  const out: CardFlags = { version: f.version, applier: f.applier, reverted: f.reverted, deltas: [] };
  if (f.of !== undefined) out.of = f.of;
  if (f.redone !== undefined) out.redone = f.redone;
  if (f.redoOf !== undefined) out.redoOf = f.redoOf;
  if (f.undone !== undefined) out.undone = f.undone;
  if (f.version === 1) {
    out.deltas = f.deltas;
    return out;
  }
  if (f.version === 3 || f.version === 4) {
    const read = f.version === 3 ? readSharedV3(f) : readShared(f);
    if (read === undefined) return undefined;
    out.deltas = read.deltas;
    out.view = read.view;
    if (read.hit !== undefined) out.hit = read.hit;
    return out;
  } else {
    try {
      out.deltas = unpackDeltas(f.undo);
    } catch {
      return undefined;
    }
    out.view = f.view;
  }
  if (f.hit !== undefined) out.hit = f.hit;
  return out;
}
