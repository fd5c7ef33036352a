/**
 * Carrying out a redo, on the active GM's client only (players and other GMs
 * ask through the relay, `gm/gm.ts`): the one writer, so a redo is checked
 * and recorded in one place and carried out at most once.
 *
 * Before anything is written:
 * - the card: a version 2 or 3 card (not a GM part) that was undone and not redone;
 *   "not redone" is read from the card's `redone` mark, from the GM-authored
 *   redo cards (`redoOf`: any user may edit their own card's flags, never a
 *   GM's message) and from the redos this client started;
 * - who: whoever may undo the card (`mayUndo`: GMs, its applier when
 *   *Appliers may undo* is on);
 * - `reverted` is the author's word: on a card a player posted, the undo
 *   counts when a GM recorded it (`card/undo-record.ts`: it carried the undo
 *   out), or else when every target is still exactly as the undo left it
 *   (`stillApplied` of the revert, the actor's `hits` counter included: a
 *   later hit moves it on, and "undone, then hit again" cannot be told from
 *   "never undone" by the actor alone, so without the record it is refused);
 * - the targets: each row names its actor (`card/redo-data.ts`); the rows of
 *   the card and of its GM part (GM-posted, `gm-part.ts`) are read and
 *   validated as strictly as a hit (event and share schemas); a GM redoes an
 *   actor only when the card could have been a real hit on it: posted by a
 *   GM, by an owner of the actor, or relayed by this GM (`relay/record.ts`);
 * Then the card is marked (`redone`) BEFORE the hit, so a second redo, from
 * any client, after a reload or a retry, is refused; every target is planned
 * with its own event and share, then written in ONE batched update with ONE
 * card naming the card it redoes (`apply.ts` `applyEach`): all of it or none.
 * A redo that still fails (a write the server refuses) keeps its mark: it is
 * never repeated, and the GM is told to check its targets.
 */
import { stillApplied } from "../../core/undo.ts";
import type { Share } from "../../core/share.ts";
import { MODULE_ID } from "../constants.ts";
import { viewOf } from "../actor/in-flight.ts";
import { actorOf } from "../actor/targets.ts";
import { cardFlags, type CardFlags } from "../card/flags.ts";
import { gmPartOf } from "../card/gm-part.ts";
import { redoTargets, type RedoTarget } from "../card/redo-data.ts";
import { mayUndo } from "../card/undo.ts";
import { safeRevert, undoRecord } from "../card/undo-record.ts";
import { relayedActors } from "../relay/record.ts";
import { applyEach, type EachTarget } from "./apply.ts";

/** How a redo went: `redone` with the new cards' ids, or the result and the `DAMAGECHAIN.Notify` key (and its values) saying why not. */
export type RedoDone =
  | { result: "redone"; messageIds: string[] }
  | { result: "notUndone" | "already" | "denied" | "invalid" | "refused"; key: string; params: Record<string, string> };

const no = (result: Exclude<RedoDone["result"], "redone">, key: string, params: Record<string, string> = {}): RedoDone => ({ result, key: `DAMAGECHAIN.Notify.${key}`, params });

/** Cards this client is redoing or has redone: a redo asked for again meanwhile is refused before any wait. */
const redos = new Set<string>();

/** True when this GM may take the card's hit as real for `actor` (see the file's docstring). */
function trusted(message: ChatMessage.Implementation, actor: Actor.Implementation): boolean {
  const author = message.author as User.Implementation | null | undefined;
  return author?.isGM === true || (author != null && actor.testUserPermission(author, "OWNER")) || relayedActors(message.id!)?.has(actor.uuid) === true;
}

/** True when a GM posted a redo of the card `id` (the record no player can forge or remove). */
function recorded(id: string): boolean {
  const messages = (game.messages?.contents ?? []) as unknown as ChatMessage.Implementation[];
  return messages.some((m) => m.author?.isGM === true && (m.flags as Record<string, { card?: { redoOf?: unknown } } | undefined>)[MODULE_ID]?.card?.redoOf === id);
}

/** One row to redo: its actor's uuid and its hit. */
type Row = RedoTarget & { uuid: string };

/** The rows of `raw` paired with the undo rows `deltas` of the same message, or undefined when they do not pair up. */
function paired(raw: unknown, deltas: CardFlags["deltas"], legacyOk: boolean): Row[] | undefined {
  const read = redoTargets(raw);
  if (read === undefined || read.targets.length > deltas.length) return undefined;
  // Cards posted before the rows were split per message: row i is target i only where no row was hidden (no GM part).
  if (!read.paired && !legacyOk) return undefined;
  return read.targets.map((t, i) => ({ ...t, uuid: deltas[i]!.uuid }));
}

/** The rows of the card and of its GM part, or undefined when any does not hold. */
function rowsOf(message: ChatMessage.Implementation, flags: CardFlags): Row[] | undefined {
  const part = gmPartOf(message);
  const own = paired(flags.hit, flags.deltas, part === undefined);
  const hidden = part === undefined ? [] : paired(part.flags.hit, part.flags.deltas, false);
  return own === undefined || hidden === undefined ? undefined : [...own, ...hidden];
}

/** The targets to hit, each with its own event (labelled as a redo) and share, or why not (nothing written yet). */
function plan(message: ChatMessage.Implementation, flags: CardFlags): EachTarget[] | RedoDone {
  const rows = rowsOf(message, flags);
  if (rows === undefined) return no("invalid", "RedoInvalid");
  const byGM = (message.author as User.Implementation | null | undefined)?.isGM === true;
  const vouched = !byGM && undoRecord(message.id!) !== undefined;
  const out: EachTarget[] = [];
  const summary = flags.view?.summary ?? "";
  const seen = new Set<string>();
  for (const t of rows) {
    if (seen.has(t.uuid)) return no("invalid", "RedoInvalid");
    seen.add(t.uuid);
    const actor = actorOf(t.uuid);
    if (actor === null) continue; // deleted since: nothing to redo on it
    const name = actor.name ?? t.uuid;
    const own = flags.deltas.some((d) => d.uuid === t.uuid);
    if (own && !trusted(message, actor)) return no("refused", "RedoUntrusted", { actor: name });
    // A player's card says it was undone: a GM's record of the undo, or the actor as the undo left it, must say so too.
    const delta = flags.deltas.find((d) => d.uuid === t.uuid);
    if (!byGM && !vouched && delta !== undefined && Object.keys(delta.apply).length > 0 && !stillApplied(viewOf(actor), safeRevert(delta.revert))) return no("refused", "RedoStanding", { actor: name });
    const label = game.i18n!.format("DAMAGECHAIN.History.RedoLabel", { label: t.event.label ?? summary });
    const share: Share = t.parts === undefined ? { multiplier: t.multiplier } : { multiplier: t.multiplier, parts: t.parts };
    out.push({ actor, event: { ...t.event, label }, share });
  }
  return out.length === 0 ? no("invalid", "RedoNothing") : out;
}

/**
 * Redo the undone card `message` for `user`, on the active GM's client (see
 * the file's docstring). Never throws: a failure is answered with its key.
 */
export async function redoAsGm(message: ChatMessage.Implementation, user: User.Implementation): Promise<RedoDone> {
  const id = message.id!;
  // Everything up to the mark is checked without a wait, so no second redo slips in between.
  if (redos.has(id)) return no("already", "RedoAlready");
  const flags = cardFlags(message);
  if (flags === undefined || flags.of !== undefined || flags.version === 1) return no("invalid", "RedoNothing");
  if (flags.redone !== undefined || recorded(id)) return no("already", "RedoAlready");
  if (!flags.reverted) return no("notUndone", "RedoNotUndone");
  if (!mayUndo(user, flags)) return no("denied", "RedoDenied");
  const targets = plan(message, flags);
  if (!Array.isArray(targets)) return targets;
  redos.add(id);
  let messageId: string | null;
  try {
    await message.update({ flags: { [MODULE_ID]: { card: { redone: "" } } } });
    messageId = (await applyEach(targets, {}, user.id!, id)).messageId;
  } catch (err) {
    console.error(`damage-chain | redo of card ${id} failed`, err);
    return no("refused", "RedoFailed", { detail: (err as Error).message });
  }
  await message.update({ flags: { [MODULE_ID]: { card: { redone: messageId ?? "" } } } });
  return { result: "redone", messageIds: messageId === null ? [] : [messageId] };
}
