/**
 * The damage history, built from the cards already stored:
 * each Damage Chain card in the chat log is one entry, newest first: when,
 * who applied it, what (the card's header), each target's damage dealt and
 * hit points before → after, whether it was undone, and its redo. Nothing is
 * kept besides the cards themselves (their redo data is a few hundred bytes
 * per card, gone with the message); the world setting `historySize` bounds
 * how many of the newest messages are read (default 200).
 *
 * A card any user could have forged is not shown as someone's hit: a card
 * posted by a GM credits its applier; a card posted by a player counts only
 * when that player is its applier and owns every actor it names. Its undo is
 * credited as `card/undo-record.ts` says (a player's own mark never names
 * someone else).
 *
 * A card's rows hidden from players are in its GM part (`card/audience.ts`),
 * which only GMs receive: the GM's history adds them to the card's entry; a
 * player's client never has them, so its history has no trace of them.
 */
import type { StoredTarget } from "../card/data.ts";
import { cardFlags, type CardFlags } from "../card/flags.ts";
import { redoTargets } from "../card/redo-data.ts";
import { unpackTargets } from "../card/pack-targets.ts";
import { trustedUndo } from "../card/undo-record.ts";
import { hpLost } from "../card/view.ts";

/**
 * One target of an entry: damage dealt (points), its HP before → after when
 * the hit changed HP, and the hit points it lost (HP and temp HP) when that
 * differs from the damage (a hit that takes it to 0 deals more than it loses).
 */
export interface HistoryTarget {
  uuid: string;
  name: string;
  dealt: number;
  hp?: { before: number; after: number };
  lost?: number;
}

/**
 * One event in the history: a hit (one card), or the undo of one (`kind:
 * "undo"`, from the card's undo mark). `time`: ms since the epoch (the
 * message's timestamp, or when it was undone); `round`: the combat round of
 * the hit, when there was one; `applierId`: who applied (or undid) it.
 */
export interface HistoryEntry {
  kind: "hit" | "undo";
  messageId: string;
  time: number;
  applierId: string;
  applierName: string;
  label: string;
  round?: number;
  reverted: boolean;
  redone?: string;
  /** Undone, not yet redone, and the card keeps a hit to redo. */
  redoable: boolean;
  targets: HistoryTarget[];
}

/** The message fields read here (Foundry's `ChatMessage`). */
interface MessageLike {
  id: string | null;
  timestamp?: number;
  author?: { id?: string | null; isGM?: boolean } | null;
}

/** True when the card of `message` may be shown as `applierId`'s hit (see the file's docstring). */
function trustedCard(message: MessageLike, applierId: string, uuids: readonly string[]): boolean {
  const author = message.author;
  if (author?.isGM === true) return true;
  if (author?.id !== applierId) return false;
  const user = game.users?.get(applierId);
  return user != null && uuids.every((uuid) => {
    const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as { testUserPermission?: (u: unknown, level: string) => boolean } | null;
    return doc?.testUserPermission?.(user, "OWNER") === true;
  });
}

/** The rows of `flags` (a stored card). */
const rowsOf = (flags: CardFlags): StoredTarget[] => (flags.view === undefined ? [] : unpackTargets(flags.view, flags.deltas.map((d) => d.uuid)));

/** Per card id, the rows of its GM part that the card does not show (a GM posted it: `card/gm-part.ts`), from `messages[start..]`. */
function gmPartRows(messages: readonly MessageLike[], start: number): Map<string, StoredTarget[]> {
  const out = new Map<string, StoredTarget[]>();
  for (let i = messages.length - 1; i >= start; i--) {
    const message = messages[i]!;
    if (message.author?.isGM !== true) continue;
    const flags = cardFlags(message as unknown as ChatMessage.Implementation);
    if (flags?.of === undefined || out.has(flags.of)) continue; // the newest part of a card counts, as gmPartOf reads it
    out.set(flags.of, rowsOf(flags));
  }
  return out;
}

/** The history row of `r`. */
function historyTarget(r: StoredTarget): HistoryTarget {
  const hp = r.changes.find((c) => c.key === "hp");
  const lost = hpLost(r);
  return { uuid: r.uuid, name: r.name, dealt: r.final, ...(hp === undefined ? {} : { hp: { before: hp.before, after: hp.after } }), ...(lost === undefined ? {} : { lost }) };
}

/**
 * The history from `messages` (the chat log, oldest first), newest first:
 * the newest `limit` messages are read; a card's GM part adds its hidden rows
 * to the card's entry; forged cards are left out. Never throws for a message
 * that is not a card.
 */
export function damageHistory(messages: readonly MessageLike[], limit: number): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const start = Math.max(0, messages.length - Math.max(0, Math.floor(limit)));
  const parts = gmPartRows(messages, start);
  for (let i = messages.length - 1; i >= start; i--) {
    const message = messages[i]!;
    const flags = cardFlags(message as unknown as ChatMessage.Implementation);
    if (flags === undefined || flags.of !== undefined || flags.view === undefined || message.id === null) continue;
    const own = rowsOf(flags);
    if (!trustedCard(message, flags.applier, own.map((r) => r.uuid))) continue;
    // The GM part repeats the card's rows that carry GM notes; only the rows the card leaves out are added.
    const rows = [...own, ...(parts.get(message.id) ?? []).filter((r) => !own.some((o) => o.uuid === r.uuid))];
    // While a redo runs its mark is "" (`hit/redo-gm.ts`): not redone yet, and not to be asked again.
    const redone = flags.redone === undefined || flags.redone === "" ? undefined : flags.redone;
    const undone = trustedUndo(message as unknown as ChatMessage.Implementation, flags);
    const round = (flags.hit as { round?: unknown } | undefined)?.round;
    const entry: HistoryEntry = {
      kind: "hit",
      messageId: message.id,
      time: typeof message.timestamp === "number" ? message.timestamp : 0,
      applierId: flags.applier,
      applierName: game.users?.get(flags.applier)?.name ?? flags.applier,
      label: flags.view.summary,
      ...(typeof round === "number" && Number.isInteger(round) ? { round } : {}),
      reverted: flags.reverted,
      ...(redone === undefined ? {} : { redone }),
      redoable: flags.reverted && flags.redone === undefined && (redoTargets(flags.hit)?.targets.length ?? 0) > 0,
      targets: rows.map(historyTarget),
    };
    out.push(entry);
    // The undo is an event of its own: when, and for whom; its rows give back what the hit took.
    if (undone !== undefined) {
      out.push({
        ...entry,
        kind: "undo",
        time: undone.at,
        applierId: undone.by,
        applierName: game.users?.get(undone.by)?.name ?? undone.by,
        redoable: false,
        targets: entry.targets.map(({ lost, ...t }) => ({ ...t, dealt: -t.dealt, ...(t.hp === undefined ? {} : { hp: { before: t.hp.after, after: t.hp.before } }), ...(lost === undefined ? {} : { lost: -lost }) })),
      });
    }
  }
  // Newest first (an undo may come after later hits); on a tie, a hit's undo before the hit itself.
  return out.sort((a, b) => b.time - a.time || (a.messageId === b.messageId ? (a.kind === "undo" ? -1 : 1) : 0));
}

/** What the damage log's filters keep: an actor (uuid), a combat round, an applier (user id); each optional. */
export interface HistoryFilter {
  actor?: string;
  round?: number;
  applier?: string;
}

/** The entries of `entries` that pass `filter`; an entry filtered by actor keeps only that actor's row. */
export function filterHistory(entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  return entries
    .filter((e) => (filter.round === undefined || e.round === filter.round) && (filter.applier === undefined || e.applierId === filter.applier))
    .flatMap((e) => {
      if (filter.actor === undefined) return [e];
      const targets = e.targets.filter((t) => t.uuid === filter.actor);
      return targets.length === 0 ? [] : [{ ...e, targets }];
    });
}
