/**
 * `renderChatMessageHTML`: what each user sees of a Damage Chain card.
 * A card's rows are drawn from its stored rows (`card/render.ts`); each user
 * only ever receives the messages meant for them (`card/audience.ts`). The
 * Undo button stays only for users who may undo (GMs; the applier if
 * `undoByApplier`), and only until the card is reverted; a reverted card
 * says so. Cards posted before version 2 kept their rows, GM notes and NPC
 * rows in their content: players still lose those notes and rows here.
 */
import type { CardFlags } from "../card/flags.ts";
import { cardFlags } from "../card/flags.ts";
import { loadOnce } from "../load-once.ts";
import { RelayError } from "../relay/client.ts";
import { setting } from "../settings/settings.ts";
import { mayUndo, undoCard } from "../card/undo.ts";
import { loadRedo } from "../hit/load-redo.ts";

/** Drawing a stored card's rows (`card/render.ts`), its own chunk: fetched at `init` (`register.ts`), before the chat log shows its first card. */
export const loadDraw = loadOnce(() => import("../card/render.ts"));

/** Handler for `renderChatMessageHTML(message, html, context)`. */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flags = cardFlags(message);
  const root = html.querySelector<HTMLElement>(".damage-chain-card");
  if (flags === undefined || root === null) return;
  if (flags.view !== undefined && root.hasAttribute("data-stored")) {
    const view = flags.view;
    loadDraw()
      .then(({ drawCard }) => drawCard(root, flags, view))
      .then((card) => finish(message, flags, card))
      .catch((err: unknown) => console.error(err));
    return;
  }
  if (!game.user!.isGM) {
    for (const el of root.querySelectorAll("[data-gm-only]")) el.remove();
    if (setting("cardVisibility") === "hideNpc") for (const el of root.querySelectorAll("[data-npc]")) el.remove();
  }
  finish(message, flags, root);
}

/** The Redo button of a drawn card: only on an undone card not yet redone, for users who may undo it. */
function redoButton(message: ChatMessage.Implementation, flags: CardFlags, root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>("[data-action='damage-chain-redo']");
  if (button === null) return;
  if (!flags.reverted || flags.redone !== undefined || flags.of !== undefined || flags.version === 1 || !mayUndo(game.user!, flags)) {
    button.remove();
    return;
  }
  button.addEventListener("click", (ev) => {
    ev.preventDefault();
    button.disabled = true;
    loadRedo()
      .then(({ redoCard }) => redoCard(message))
      .catch((err: unknown) => {
        if (!(err instanceof RelayError)) console.error(err);
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** The reverted mark and the Undo and Redo buttons of a drawn card. */
function finish(message: ChatMessage.Implementation, flags: CardFlags, root: HTMLElement): void {
  const user = game.user!;
  root.classList.toggle("is-reverted", flags.reverted);
  redoButton(message, flags, root);
  const button = root.querySelector<HTMLButtonElement>("[data-action='damage-chain-undo']");
  if (button === null) return;
  if (flags.reverted || flags.of !== undefined || !mayUndo(user, flags)) {
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
