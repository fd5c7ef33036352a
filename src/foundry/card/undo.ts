/**
 * Undo from a chat card: restore every target exactly as it was
 * before the hit (resources, round counters, shell state, one-time uses,
 * conditions), and every ally that received Variable Resistance with it, from
 * the deltas stored in the card; turn off the status effects the hit turned
 * on (`actor/statuses.ts`); then mark the card reverted. A second undo does nothing. GMs may always undo; the user who
 * applied the damage may when the `undoByApplier` setting allows it. A player
 * asks the active GM through the relay while one is connected (the GM writes
 * the undo and its record, `undo-record.ts`); without a GM, a player undoes a
 * card they posted on actors they own themselves.
 */
import { writeBatch } from "../actor/batch-write.ts";
import { whileWriting } from "../actor/in-flight.ts";
import { cardFlags, type CardFlags } from "./flags.ts";
import { gmPartOf } from "./gm-part.ts";
import { MODULE_ID } from "../constants.ts";
import { RelayError, requestRelay } from "../relay/client.ts";
import type { UndoRefusal } from "./undo-check.ts";
import { setting } from "../settings/settings.ts";
import { removeStatuses } from "../actor/statuses.ts";
import { actorOf } from "../actor/targets.ts";
import { loadOnce } from "../load-once.ts";
import { recordUndo } from "./undo-record.ts";

/** How an undo went. */
export type UndoResult = "reverted" | "already" | "denied" | "invalid" | "relayed" | "refused";

/** The undo check (`undo-check.ts`), its own chunk, loaded on the first undo. */
export const loadUndoCheck = loadOnce(() => import("./undo-check.ts"));

/** The GM's refusals of a relayed undo, as the result an undo on the GM's client gives. */
const RELAYED_REFUSALS: Readonly<Record<string, UndoResult>> = {
  "DAMAGECHAIN.Notify.UndoForged": "refused",
  "DAMAGECHAIN.Notify.UndoPath": "refused",
  "DAMAGECHAIN.Notify.UndoNotNewest": "refused",
  "DAMAGECHAIN.Notify.UndoUnreadable": "refused",
  "DAMAGECHAIN.Notify.AlreadyReverted": "already",
  "DAMAGECHAIN.Notify.UndoDenied": "denied",
};

/** True when `user` may undo a card with these flags. */
export function mayUndo(user: User.Implementation, flags: CardFlags): boolean {
  return user.isGM || (flags.applier === user.id && setting("undoByApplier"));
}

/**
 * Restore the card's actors and mark it reverted. Must run where every actor
 * can be written (GM, or an owner). Actors that no longer exist are skipped.
 * The deltas are checked first (`undo-check.ts`: trusted actors, paths a hit
 * can touch, newest hit only, flags that read back; its own chunk, loaded on
 * the first undo); a refusal writes nothing, tells this user why,
 * and answers "refused" (`refused` gets the reason: the GM relay passes it on
 * to the player who asked).
 */
export async function revertLocally(message: ChatMessage.Implementation, flags: CardFlags, by: string = game.user?.id ?? "", refused: (refusal: UndoRefusal) => void = () => undefined): Promise<UndoResult> {
  if (flags.of !== undefined) return "invalid"; // a GM part is undone with its card
  if (flags.reverted) return "already";
  // Loaded first, so the GM part and the actors are read after the only wait before the check.
  const { planUndo } = await loadUndoCheck();
  const part = game.user?.isGM === true ? gmPartOf(message) : undefined;
  const plan = planUndo(message, flags.deltas, part === undefined || part.flags.reverted ? [] : part.flags.deltas);
  if (!plan.ok) {
    const { key, params } = plan.refusal;
    if (params.path !== undefined) console.warn(`damage-chain | undo of card ${message.id} refused: ${params.actor} ${params.path}`);
    ui.notifications?.warn(game.i18n!.format(key, params));
    refused(plan.refusal);
    return "refused";
  }
  await whileWriting(plan.writes, () => writeBatch(plan.writes));
  for (const [actor, ids] of plan.statuses) await removeStatuses(actor, ids);
  // Only the mark: Foundry merges flag updates, and the card keeps its stored form (`flags.ts`).
  const undone = { at: Date.now(), by };
  await message.update({ flags: { [MODULE_ID]: { card: { reverted: true, undone } } } });
  // A player may rewrite the mark on a card they posted: a GM's undo of it is also kept where only GMs write.
  await recordUndo(message, undone);
  if (part !== undefined && !part.flags.reverted) await part.message.update({ flags: { [MODULE_ID]: { card: { reverted: true } } } });
  return "reverted";
}

/** Undo `message` for the current user (button on the card). */
export async function undoCard(message: ChatMessage.Implementation): Promise<UndoResult> {
  const flags = cardFlags(message);
  if (flags === undefined || flags.of !== undefined) return "invalid";
  if (flags.reverted) {
    ui.notifications?.info(game.i18n!.localize("DAMAGECHAIN.Notify.AlreadyReverted"));
    return "already";
  }
  const user = game.user!;
  if (!mayUndo(user, flags)) {
    ui.notifications?.warn(game.i18n!.localize("DAMAGECHAIN.Notify.UndoDenied"));
    return "denied";
  }
  const actors = flags.deltas.map((d) => actorOf(d.uuid));
  // While a GM is connected, it carries out every player's undo and records it (`undo-record.ts`), even of the player's own card.
  const gmConnected = game.users?.activeGM != null;
  if (!user.isGM && (gmConnected || actors.some((a) => a !== null && !a.isOwner) || !message.isOwner)) {
    try {
      await requestRelay({ kind: "undo", userId: user.id, messageId: message.id! });
    } catch (err) {
      // The GM's refusal was shown to this user (`requestRelay`); answered as the GM's own undo would be.
      const answered = err instanceof RelayError ? RELAYED_REFUSALS[err.key] : undefined;
      if (answered === undefined) throw err;
      return answered;
    }
    return "relayed";
  }
  return revertLocally(message, flags);
}
