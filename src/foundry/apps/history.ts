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
 * when that player is its applier and owns every actor it names.
 */
import { cardFlags } from "../card/flags.ts";
import { redoTargets } from "../card/redo-data.ts";
import { unpackTargets } from "../card/stored.ts";

/** One target of an entry: damage dealt (points) and its HP before → after, when the hit changed HP. */
export interface HistoryTarget {
  uuid: string;
  name: string;
  dealt: number;
  hp?: { before: number; after: number };
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

/**
 * The history from `messages` (the chat log, oldest first), newest first:
 * the newest `limit` messages are read; GM parts and forged cards are left
 * out. Never throws for a message that is not a card.
 */
export function damageHistory(messages: readonly MessageLike[], limit: number): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const start = Math.max(0, messages.length - Math.max(0, Math.floor(limit)));
  for (let i = messages.length - 1; i >= start; i--) {
    const message = messages[i]!;
    const flags = cardFlags(message as unknown as ChatMessage.Implementation);
    if (flags === undefined || flags.of !== undefined || flags.view === undefined || message.id === null) continue;
    const rows = unpackTargets(flags.view, flags.deltas.map((d) => d.uuid));
    if (!trustedCard(message, flags.applier, rows.map((r) => r.uuid))) continue;
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
      ...(flags.redone === undefined ? {} : { redone: flags.redone }),
      redoable: flags.reverted && flags.redone === undefined && (redoTargets(flags.hit)?.targets.length ?? 0) > 0,
      targets: rows.map((r) => {
        const hp = r.changes.find((c) => c.key === "hp");
        return { uuid: r.uuid, name: r.name, dealt: r.final, ...(hp === undefined ? {} : { hp: { before: hp.before, after: hp.after } }) };
      }),
    };
    out.push(entry);
    // The undo is an event of its own: when, and for whom; its rows give back what the hit took.
    if (flags.undone !== undefined) {
      out.push({
        ...entry,
        kind: "undo",
        time: flags.undone.at,
        applierId: flags.undone.by,
        applierName: game.users?.get(flags.undone.by)?.name ?? flags.undone.by,
        redoable: false,
        targets: entry.targets.map((t) => ({ ...t, dealt: -t.dealt, ...(t.hp === undefined ? {} : { hp: { before: t.hp.after, after: t.hp.before } }) })),
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
