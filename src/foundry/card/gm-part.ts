/**
 * Finding a card's GM part (`audience.ts`): the whisper to the GMs that holds
 * the rows hidden from players and their undo data. Only a part that a GM
 * posted counts: any user may create a chat message, so a part a player wrote
 * could carry undo data of their choosing.
 */
import { cardFlags, type CardFlags } from "./card.ts";

/** A GM part found for a card: its message and flags. */
export interface GmPart {
  message: ChatMessage.Implementation;
  flags: CardFlags;
}

/** The GM part of `card`, newest first, when a GM posted one; undefined otherwise (or on a player's client, which never receives it). */
export function gmPartOf(card: ChatMessage.Implementation): GmPart | undefined {
  const messages = (game.messages?.contents ?? []) as unknown as ChatMessage.Implementation[];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const flags = cardFlags(m);
    if (flags?.of === undefined || flags.of !== card.id) continue;
    if (m.author?.isGM !== true) continue;
    return { message: m, flags };
  }
  return undefined;
}
