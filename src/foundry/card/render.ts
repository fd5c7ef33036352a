/**
 * Drawing a card when its message is shown (`renderChatMessageHTML`): the
 * message's content holds only the header and the names (`card.ts`); the
 * rows are drawn from the stored rows in its flags (`stored.ts`) in the
 * reader's language, and a row's step-by-step explanation only when the
 * reader opens it. A card that cannot be drawn keeps its
 * content and the error goes to the console: the chat log never breaks.
 */
import { TEMPLATES } from "../constants.ts";
import type { StoredTarget } from "./data.ts";
import { localizer } from "../localizer.ts";
import { inWords } from "../../core/words.ts";
import type { CardFlags } from "./flags.ts";
import type { PackedCard } from "./stored.ts";
import { unpackTargets } from "./pack-targets.ts";
import { explainSteps, sameOutcome, TABLE_FROM, targetView, type CardView } from "./view.ts";

const render = (path: string, data: object): Promise<string> => foundry.applications.handlebars.renderTemplate(path, data as Record<string, unknown>);

/** The card's view for the reader, from its stored rows: from {@link TABLE_FROM} rows up a compact table, where rows with the same outcome share a line. */
export function cardView(flags: CardFlags, stored: PackedCard, targets: readonly StoredTarget[]): CardView {
  const l = inWords(localizer(), stored.words);
  const views = targets.map((t, i) => targetView(t, i, l));
  const table = targets.length >= TABLE_FROM;
  return {
    summary: stored.summary,
    profile: stored.profile,
    table,
    targets: table ? sameOutcome(targets, views) : views,
    variableResistance: stored.lines,
    gmPart: flags.of !== undefined,
    reverted: flags.reverted,
  };
}

/**
 * Replace `root` (the stored content's section) by the drawn card and wire
 * its explanations. Returns the drawn card's section.
 */
export async function drawCard(root: HTMLElement, flags: CardFlags, stored: PackedCard): Promise<HTMLElement> {
  const targets = unpackTargets(stored, flags.deltas.map((d) => d.uuid));
  const box = document.createElement("div");
  box.innerHTML = await render(TEMPLATES.card, cardView(flags, stored, targets));
  const card = box.querySelector<HTMLElement>(".damage-chain-card");
  if (card === null) return root;
  root.replaceWith(card);
  for (const details of card.querySelectorAll<HTMLDetailsElement>("details[data-row]")) {
    details.addEventListener("toggle", () => {
      const list = details.querySelector("ol");
      const target = targets[Number(details.dataset.row)];
      if (!details.open || list === null || target === undefined || list.childElementCount > 0) return;
      // Inside the promise: entries that cannot be written out (a forged card) are logged, not thrown at the listener.
      Promise.resolve()
        .then(() => render(TEMPLATES.cardSteps, { steps: explainSteps(target.entries, inWords(localizer(), stored.words)) }))
        .then((html) => {
          list.innerHTML = html;
        })
        .catch((err: unknown) => console.error(err));
    });
  }
  return card;
}
