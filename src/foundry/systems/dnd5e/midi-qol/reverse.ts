/**
 * midi-qol's reverse button, when it goes through dnd5e's hooks (a midi-qol
 * build for Foundry v13, `processUndoDamageCard`: `Hooks.call("dnd5e.preApplyDamage",
 * actor, newHP - oldHP, updates, calcDamageOptions)` with the options stored on
 * its card, then `actor.update`; see test/foundry/README.md): a hit the chain
 * resolved is undone by the chain instead (its card's undo: hit points AND the
 * chain's state, such as the life lost this round or a spent pool), and
 * midi-qol's own write is cancelled. The card undone is the newest Damage
 * Chain card of the actor, and only when midi-qol's old values are the ones
 * that card's undo restores; otherwise, or when that undo is refused,
 * midi-qol's write goes ahead as it would have.
 * midi-qol 11.6.32's reverse is a plain `actor.update`: nothing to intercept.
 */
import { cardFlags } from "../../../card/flags.ts";
import { undoCard } from "../../../card/undo.ts";
import { readPath } from "../../../../core/update-paths.ts";
import type { Dnd5eDamageOptions } from "../../../hook-types.ts";

/** The mark a claimed hit leaves in midi-qol's options (kept on its card). */
export const CLAIMED = "damageChainClaimed";

const HP = ["system.attributes.hp.value", "system.attributes.hp.temp"] as const;

const num = (x: unknown): number | undefined => (typeof x === "number" && Number.isFinite(x) ? x : undefined);

/** The newest Damage Chain card of `actor` not yet undone, if midi-qol's `updates` are what its undo restores; else undefined. */
function cardToUndo(actor: Actor.Implementation, updates: Record<string, unknown>): ChatMessage.Implementation | undefined {
  const messages = (game.messages?.contents ?? []) as ChatMessage.Implementation[];
  for (let i = messages.length - 1; i >= 0; i--) {
    const flags = cardFlags(messages[i]!);
    const delta = flags?.of === undefined ? flags?.deltas.find((d) => d.uuid === actor.uuid) : undefined;
    if (delta === undefined) continue;
    if (flags!.reverted) return undefined;
    const restores = HP.every((p) => !(p in updates) || !(p in delta.revert) || num(delta.revert[p]) === num(updates[p]));
    return restores && HP.some((p) => p in delta.revert) ? messages[i] : undefined;
  }
  return undefined;
}

/** True when `updates` raise the actor's HP or temp HP (a reverse, not a damage write). */
const raises = (actor: Actor.Implementation, updates: Record<string, unknown>): boolean =>
  HP.some((p) => (num(updates[p]) ?? -Infinity) > (num(readPath(actor, p)) ?? Infinity));

/** Undo `card`; when the chain will not (refused, denied…), write midi-qol's update as midi-qol would have. */
async function undoInstead(card: ChatMessage.Implementation, actor: Actor.Implementation, updates: Record<string, unknown>, options: Dnd5eDamageOptions): Promise<void> {
  const result = await undoCard(card);
  if (result !== "reverted" && result !== "relayed") await actor.update(updates as never, options as never);
}

/**
 * Handler for `dnd5e.preApplyDamage(actor, amount, updates, options)` in a
 * midi-qol world: false (midi-qol's write cancelled) when this is midi-qol's
 * reverse of a hit the chain resolved and the chain undoes it instead.
 */
export function onMidiPreApplyDamage(actor: Actor.Implementation, amount: number, updates: Record<string, unknown>, options: Dnd5eDamageOptions): boolean | void {
  if (options[CLAIMED] !== true || amount > 0 || !raises(actor, updates)) return;
  const card = cardToUndo(actor, updates);
  if (card === undefined) return;
  void undoInstead(card, actor, updates, options);
  return false;
}
