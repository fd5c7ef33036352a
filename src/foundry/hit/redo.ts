/**
 * Redo (issue 23 §3): apply an undone hit again, through the chain as it
 * stands now (the actors' defenses, state and the profile of today), each
 * target with the share it had, and say so on the new card ("Redo of
 * Fireball"). The old card keeps its undone mark and records the redo, so a
 * hit is redone once. Who may redo: whoever may undo the card (GMs; its
 * applier when *Appliers may undo* is on). A player's redo goes through the
 * GM like any hit of theirs (`apply.ts`), checked against their own
 * permissions; a GM redoes a card only when it could have been a real hit:
 * posted by a GM, by an owner of every target, or relayed by this GM
 * (`relay/record.ts`): any user can create a chat message with a card's flags.
 */
import { MODULE_ID } from "../constants.ts";
import { actorOf } from "../actor/targets.ts";
import { cardFlags } from "../card/flags.ts";
import { redoTargets } from "../card/redo-data.ts";
import { mayUndo } from "../card/undo.ts";
import { relayedActors } from "../relay/record.ts";
import { applyDamage, type SharedTarget } from "./apply.ts";

/** How a redo went: `redone` (the new card's id comes with it), or why not. */
export type RedoResult = { result: "redone"; messageIds: string[] } | { result: "notUndone" | "already" | "denied" | "invalid" | "refused" };

/** True when this GM may take the card's hit as real for `actor` (see the file's docstring). */
function trusted(message: ChatMessage.Implementation, actor: Actor.Implementation): boolean {
  const author = message.author as User.Implementation | null | undefined;
  return author?.isGM === true || (author != null && actor.testUserPermission(author, "OWNER")) || relayedActors(message.id!)?.has(actor.uuid) === true;
}

/**
 * Redo the undone card `message` for the current user. Tells the user why
 * when it will not (the `Notify` lang keys named Redo…). Throws what
 * `applyDamage` throws (a RelayError for a player whose GM refuses).
 */
export async function redoCard(message: ChatMessage.Implementation): Promise<RedoResult> {
  // Two redos of one card on this client before the first has marked it: the second does nothing.
  if (redoing.has(message.id!)) return { result: "already" };
  redoing.add(message.id!);
  try {
    return await redoOnce(message);
  } finally {
    redoing.delete(message.id!);
  }
}

/** Cards this client is redoing now. */
const redoing = new Set<string>();

async function redoOnce(message: ChatMessage.Implementation): Promise<RedoResult> {
  const flags = cardFlags(message);
  const i18n = game.i18n!;
  if (flags === undefined || flags.of !== undefined || flags.version !== 2) return { result: "invalid" };
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
  const targets = redoTargets(flags.hit);
  // One row per target, in order (the deltas after them are allies' Variable Resistance).
  const groups = new Map<unknown, { event: NonNullable<(typeof targets)[number]>["event"]; targets: SharedTarget[] }>();
  for (const [i, t] of targets.entries()) {
    const uuid = flags.deltas[i]?.uuid;
    const actor = uuid === undefined ? null : actorOf(uuid);
    if (t === undefined || actor === null) continue;
    if (user.isGM && !trusted(message, actor)) {
      ui.notifications?.warn(i18n.format("DAMAGECHAIN.Notify.RedoUntrusted", { actor: actor.name ?? uuid! }));
      return { result: "refused" };
    }
    let group = groups.get(t.event);
    if (group === undefined) groups.set(t.event, (group = { event: t.event, targets: [] }));
    group.targets.push({ target: actor, multiplier: t.multiplier, ...(t.parts === undefined ? {} : { parts: t.parts }) });
  }
  if (groups.size === 0) {
    ui.notifications?.warn(i18n.localize("DAMAGECHAIN.Notify.RedoNothing"));
    return { result: "invalid" };
  }
  const messageIds: string[] = [];
  const summary = flags.view?.summary ?? "";
  for (const { event, targets: shared } of groups.values()) {
    const label = i18n.format("DAMAGECHAIN.History.RedoLabel", { label: event.label ?? summary });
    const outcome = await applyDamage(shared, { ...event, label });
    if (outcome.messageId !== null) messageIds.push(outcome.messageId);
  }
  // The old card records its redo (a second redo is refused); its author or a GM may mark it.
  if (message.isOwner) await message.update({ flags: { [MODULE_ID]: { card: { redone: messageIds[0] ?? "" } } } });
  return { result: "redone", messageIds };
}
