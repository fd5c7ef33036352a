/**
 * A card as the active client draws it (`src/foundry/card/render.ts`): the
 * message's content holds only the names; the rows, their strips and their
 * explanations come from the stored rows in its flags. For tests that read
 * what a card says without a DOM.
 */
import { inWords } from "../../src/core/words.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";
import { cardView } from "../../src/foundry/card/render.ts";
import { localizer } from "../../src/foundry/localizer.ts";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { explainSteps } from "../../src/foundry/card/view.ts";
import { TEMPLATES } from "../../src/foundry/constants.ts";
import { renderTemplate } from "./double-base.ts";
import type { MessageDouble } from "./double.ts";

/** The HTML of `message`'s card with every row's explanation opened. Throws when it is not a stored card. */
export async function drawn(message: MessageDouble): Promise<string> {
  const flags = cardFlags(message as unknown as ChatMessage.Implementation);
  if (flags?.view === undefined) throw new Error(`message ${message.id} is not a stored Damage Chain card`);
  const targets = unpackTargets(flags.view, flags.deltas.map((d) => d.uuid));
  let html = await renderTemplate(TEMPLATES.card, cardView(flags, flags.view, targets));
  for (const t of targets) html += await renderTemplate(TEMPLATES.cardSteps, { steps: explainSteps(t.entries, inWords(localizer(), flags.view.words)) });
  return html;
}

/** The card flags of `message` as read (deltas unpacked, stored rows), or throws when it is not a card. */
export function readCard(message: MessageDouble): NonNullable<ReturnType<typeof cardFlags>> {
  const flags = cardFlags(message as unknown as ChatMessage.Implementation);
  if (flags === undefined) throw new Error(`message ${message.id} is not a Damage Chain card`);
  return flags;
}

/** How many target rows `message`'s card keeps (0 for a message that is not a card). */
export function cardRows(message: MessageDouble): number {
  return cardFlags(message as unknown as ChatMessage.Implementation)?.view?.rows.length ?? 0;
}
