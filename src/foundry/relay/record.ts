/**
 * The GM-side record of relayed cards: which actors the GM relay wrote for
 * each card it posted (the hit's targets and the allies that received
 * Variable Resistance). A chat card's own flags prove nothing (any player may
 * create a message carrying them), so the undo of a relayed card can check its
 * actors against this record instead.
 *
 * Kept in memory on the GM's client that did the relaying: it is empty after
 * that client reloads, and another GM's client has its own.
 */

const written = new Map<string, ReadonlySet<string>>();

/** Remember that the relay wrote `actorUuids` for the card `messageId`. */
export function recordRelayed(messageId: string, actorUuids: Iterable<string>): void {
  written.set(messageId, new Set(actorUuids));
}

/**
 * The uuids of the actors the GM relay wrote for the card `messageId`, or
 * `undefined` when this client relayed no such card (another GM's card, a
 * player's own card, or a card from before this client loaded).
 */
export function relayedActors(messageId: string): ReadonlySet<string> | undefined {
  return written.get(messageId);
}
