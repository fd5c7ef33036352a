/**
 * `renderChatMessageHTML`: what each user sees of a Damage Chain card.
 * GMs see everything. Players lose the GM-only notes and, under the `hideNpc`
 * visibility, the rows of NPC targets. The Undo button stays only for users
 * who may undo (GMs; the applier if `undoByApplier`), and only until the card
 * is reverted; a reverted card says so.
 */
import { cardFlags } from "../card/card.ts";
import { RelayError } from "../relay/client.ts";
import { setting } from "../settings/settings.ts";
import { mayUndo, undoCard } from "../card/undo.ts";

/** Handler for `renderChatMessageHTML(message, html, context)`. */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flags = cardFlags(message);
  const root = html.querySelector<HTMLElement>(".damage-chain-card");
  if (flags === undefined || root === null) return;
  const user = game.user!;
  if (!user.isGM) {
    // Cards posted before the per-audience split (`card/audience.ts`) kept GM notes and NPC rows in their content.
    for (const el of root.querySelectorAll("[data-gm-only]")) el.remove();
    if (setting("cardVisibility") === "hideNpc") for (const el of root.querySelectorAll("[data-npc]")) el.remove();
  }
  root.classList.toggle("is-reverted", flags.reverted);
  const button = root.querySelector<HTMLButtonElement>("[data-action='damage-chain-undo']");
  if (button === null) return;
  if (flags.reverted || !mayUndo(user, flags)) {
    button.remove();
    return;
  }
  button.addEventListener("click", (ev) => {
    ev.preventDefault();
    button.disabled = true;
    undoCard(message)
      .catch((err: unknown) => {
        if (!(err instanceof RelayError)) console.error(err); // a RelayError was already shown to the user
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}
