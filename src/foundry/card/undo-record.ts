/**
 * Who undid a card, as a GM says. A card's `undone` mark is written into the
 * card's message, and a message's author may rewrite its flags: on a card a
 * player posted, the mark is that player's word. So when a GM undoes such a
 * card (its own Undo, or a player's undo asked through the relay) it also
 * writes the undo into the world setting `undoRecords`, which only GMs may
 * write (Foundry's world settings: `SETTINGS_MODIFY`, GM roles by default).
 *
 * The record is what the damage history credits the undo to, and what lets a
 * redo of a player's card go ahead after a later hit changed the actor: without
 * it, only an actor still exactly as the undo left it (its `hits` counter too)
 * shows that the undo happened (`hit/redo-gm.ts`).
 */
import type { FlatUpdate } from "../../core/update-paths.ts";
import { z } from "../../core/zod.ts";
import { FLAG_ROOT } from "../constants.ts";
import { setting, setSetting } from "../settings/settings.ts";
import type { CardFlags } from "./flags.ts";

/** An undo: when (ms since the epoch) and for whom (user id). */
export interface UndoMark {
  at: number;
  by: string;
}

/** How many records are kept: the newest; a record older than that is no longer needed by the history (`historySize` at most 2,000 messages). */
export const UNDO_RECORDS_KEPT = 2000;

const markSchema = z.object({ at: z.number().check(z.int(), z.gte(0)), by: z.string().check(z.minLength(1)) });

/** The record of the card `id`, or undefined (none, or not readable: any value a setting holds is read as data, never trusted). */
export function undoRecord(id: string): UndoMark | undefined {
  const all = setting("undoRecords") as unknown;
  if (typeof all !== "object" || all === null || !Object.hasOwn(all, id)) return undefined;
  const parsed = markSchema.safeParse((all as Record<string, unknown>)[id]);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Record that `by` undid the card `message` at `at`, when this client is a
 * GM's and a player posted the card (a GM's card keeps its own mark, which no
 * player may rewrite). Keeps the newest {@link UNDO_RECORDS_KEPT}.
 */
export async function recordUndo(message: ChatMessage.Implementation, mark: UndoMark): Promise<void> {
  if (game.user?.isGM !== true || message.author?.isGM === true || message.id === null) return;
  const stored = setting("undoRecords") as unknown;
  const kept = Object.entries(typeof stored === "object" && stored !== null ? stored : {}).filter(([id, v]) => id !== message.id && markSchema.safeParse(v).success);
  const next = Object.fromEntries([...kept.slice(-(UNDO_RECORDS_KEPT - 1)), [message.id, { at: mark.at, by: mark.by }]]);
  await setSetting("undoRecords", next);
}

/**
 * The undo of `message` (with `flags`) as the history may show it: on a
 * card a GM posted, its own mark; on a player's card, the GM's record, else
 * the mark credited to the card's author (the only other user who may write
 * it), never to whom the mark names.
 */
export function trustedUndo(message: ChatMessage.Implementation, flags: CardFlags): UndoMark | undefined {
  if (message.author?.isGM === true) return flags.undone;
  const record = message.id === null ? undefined : undoRecord(message.id);
  if (record !== undefined) return record;
  const author = message.author?.id;
  return flags.reverted && author != null ? { at: flags.undone?.at ?? 0, by: author } : undefined;
}

/**
 * The revert of an undo as written (`undo-check.ts`): a deletion of the whole
 * module flags (the hit was the actor's first) deletes only `state`, `pools`
 * and `hits`, keeping the defenses and traits saved since.
 */
export function safeRevert(revert: FlatUpdate): FlatUpdate {
  const whole = `flags.-=${FLAG_ROOT.split(".")[1]}`;
  if (!(whole in revert)) return revert;
  const { [whole]: _dropped, ...rest } = revert;
  return { ...rest, ...Object.fromEntries(MODULE_PARTS.map((p) => [`${FLAG_ROOT}.-=${p}`, null])) };
}

/** The module's flags a hit writes (besides `schemaVersion`). */
export const MODULE_PARTS = ["state", "pools", "hits"];
