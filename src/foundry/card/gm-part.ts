/**
 * Finding a card's GM part (`audience.ts`): the whisper to the GMs that holds
 * the rows hidden from players and their undo data. Only a part that a GM
 * posted counts: any user may create a chat message, so a part a player wrote
 * could carry undo data of their choosing.
 */
import { cardFlags, type CardFlags } from "./flags.ts";
import { MODULE_ID } from "../constants.ts";

/** The `of` a message's card flags name, read without parsing the card (a chat log holds many cards; only a match is parsed). */
function ofOf(message: ChatMessage.Implementation): unknown {
  const card = (message.flags as Record<string, { card?: { of?: unknown } } | undefined>)[MODULE_ID]?.card;
  return typeof card === "object" && card !== null ? card.of : undefined;
}

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
    if (ofOf(m) !== card.id || m.author?.isGM !== true) continue;
    const flags = cardFlags(m);
    if (flags?.of !== card.id) continue;
    return { message: m, flags };
  }
  return undefined;
}
