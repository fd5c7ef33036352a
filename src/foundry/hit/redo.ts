/**
 * Redo: apply an undone hit again, through the chain as it stands now (the
 * actors' defenses, state and the profile of today), each target with its
 * own event and share, and say so on the new card ("Redo of Fireball"). Who
 * may redo: whoever may undo the card (GMs; its applier when *Appliers may
 * undo* is on).
 *
 * A redo has one owner: the active GM carries it out and records it
 * (`redo-gm.ts`); every other client, a player's or another GM's, asks it
 * through the relay (`relay/client.ts`), as hits are. This client only checks
 * what it can see first, to tell its user at once.
 */
import { cardFlags } from "../card/flags.ts";
import { mayUndo } from "../card/undo.ts";
import { RelayError, requestRelay } from "../relay/client.ts";
import { redoAsGm } from "./redo-gm.ts";

/** How a redo went: `redone` (the new cards' ids come with it), or why not. */
export type RedoResult = { result: "redone"; messageIds: string[] } | { result: "notUndone" | "already" | "denied" | "invalid" | "refused" };

/** The active GM's refusals of a redo, as the result a redo on its own client gives. */
const REFUSALS: Readonly<Record<string, Exclude<RedoResult["result"], "redone">>> = {
  "DAMAGECHAIN.Notify.RedoNotUndone": "notUndone",
  "DAMAGECHAIN.Notify.RedoAlready": "already",
  "DAMAGECHAIN.Notify.RedoDenied": "denied",
  "DAMAGECHAIN.Notify.RedoNothing": "invalid",
  "DAMAGECHAIN.Notify.RedoInvalid": "invalid",
  "DAMAGECHAIN.Notify.RelayNoCard": "invalid",
  "DAMAGECHAIN.Notify.RedoUntrusted": "refused",
  "DAMAGECHAIN.Notify.RedoStanding": "refused",
  "DAMAGECHAIN.Notify.RedoFailed": "refused",
};

/**
 * Redo the undone card `message` for the current user. Tells the user why
 * when it will not (the `Notify` lang keys named Redo…). Throws a RelayError
 * when no GM is connected or the relay does not answer (`requestRelay`).
 */
export async function redoCard(message: ChatMessage.Implementation): Promise<RedoResult> {
  const flags = cardFlags(message);
  const i18n = game.i18n!;
  if (flags === undefined || flags.of !== undefined || flags.version === 1) return { result: "invalid" };
  if (!flags.reverted) {
    ui.notifications?.info(i18n.localize("DAMAGECHAIN.Notify.RedoNotUndone"));
    return { result: "notUndone" };
  }
  if (flags.redone !== undefined) {
    ui.notifications?.info(i18n.localize("DAMAGECHAIN.Notify.RedoAlready"));
    return { result: "already" };
  }
  const user = game.user!;
  if (!mayUndo(user, flags)) {
    ui.notifications?.warn(i18n.localize("DAMAGECHAIN.Notify.RedoDenied"));
    return { result: "denied" };
  }
  if (game.users?.activeGM?.isSelf === true) {
    const done = await redoAsGm(message, user);
    if (done.result === "redone") return done;
    ui.notifications?.warn(i18n.format(done.key, done.params));
    return { result: done.result };
  }
  try {
    const answer = await requestRelay({ kind: "redo", userId: user.id, messageId: message.id! });
    return { result: "redone", messageIds: answer.redo ?? [] };
  } catch (err) {
    // The GM's refusal was shown to this user (`requestRelay`); answered as the GM's own redo would be.
    const answered = err instanceof RelayError ? REFUSALS[err.key] : undefined;
    if (answered === undefined) throw err;
    return { result: answered };
  }
}
