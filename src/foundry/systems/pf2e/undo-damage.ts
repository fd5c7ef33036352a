/**
 * pf2e's own Undo of a damage-taken message (`ActorPF2e#undoDamage`,
 * foundryvtt/pf2e `src/module/actor/base.ts`, read at 85f6ef2) where the
 * chain took part in that hit: it runs the chain's undo instead.
 */
import { cardFlags } from "../../card/flags.ts";
import { undoCard } from "../../card/undo.ts";

/** pf2e's `appliedDamage` flag of a damage-taken message (`AppliedDamageFlag`), as far as it is read here. */
interface AppliedDamage {
  uuid?: unknown;
  updates?: unknown;
  isHealing?: unknown;
}

const appliedOf = (m: ChatMessage.Implementation): AppliedDamage | undefined => (m.flags as { pf2e?: { appliedDamage?: AppliedDamage } } | undefined)?.pf2e?.appliedDamage;

/**
 * The Damage Chain card of the hit pf2e's damage-taken message (the one
 * holding `applied`) recorded on `actor`. pf2e writes first (the chain
 * resolves that write and posts its card) and then creates its message
 * (foundryvtt/pf2e `src/module/actor/base.ts` `applyDamage`, stored copy id
 * 5711376130: `await this.update(...)` at ~54,800, `ChatMessagePF2e.create`
 * after it). When each pf2e damage message on the actor has one chain card,
 * they pair in order; otherwise the card is the nearest chain card on the
 * actor before the message, after the actor's previous pf2e damage message,
 * failing that the nearest after it, before the actor's next one. Undefined when the chain
 * had no part in the hit, or for pf2e's healing (which the chain leaves to
 * pf2e).
 */
function chainCardOf(actor: Actor.Implementation, applied: AppliedDamage): ChatMessage.Implementation | undefined {
  if (applied.isHealing === true) return undefined;
  const messages = (game.messages?.contents ?? []) as ChatMessage.Implementation[];
  const same = (a: AppliedDamage | undefined) => a !== undefined && a.uuid === actor.uuid;
  let at = messages.findLastIndex((m) => appliedOf(m) === applied);
  if (at < 0) at = messages.findLastIndex((m) => same(appliedOf(m)) && JSON.stringify(appliedOf(m)?.updates) === JSON.stringify(applied.updates));
  if (at < 0) return undefined;
  const onActor = (m: ChatMessage.Implementation) => cardFlags(m)?.deltas.some((d) => d.uuid === actor.uuid) === true && cardFlags(m)?.of === undefined;
  // When every pf2e damage message on the actor has its chain card, the k-th message's hit is the k-th card (whichever is posted first).
  const hits = messages.filter((m) => same(appliedOf(m)) && appliedOf(m)?.isHealing !== true);
  const cards = messages.filter(onActor);
  if (hits.length === cards.length) return cards[hits.indexOf(messages[at]!)];
  for (const step of [-1, 1]) {
    for (let k = at + step; k >= 0 && k < messages.length; k += step) {
      const m = messages[k]!;
      if (same(appliedOf(m))) break;
      if (onActor(m)) return m;
    }
  }
  return undefined;
}

/**
 * pf2e's own Undo through the chain's: the chain's undo restores exactly
 * what the chain wrote. pf2e's `undoDamage(appliedDamage)`
 * (foundryvtt/pf2e `src/module/actor/base.ts`, stored copy id 5711376130 at
 * ~61,900) adds back the HP differences pf2e computed before the chain
 * changed its write; where the chain took part in that hit, that would
 * restore the wrong amount (and overheal). So where a Damage Chain card holds
 * the hit of that pf2e message ({@link chainCardOf}), pf2e's Undo runs the
 * card's undo instead: one undo, the card marked undone, refused (with the
 * chain's message) only where the chain's undo check refuses. A hit the chain
 * had no part in (a hit before the module was on) and pf2e's healing, which
 * the chain does not resolve, are undone by pf2e itself: pf2e subtracts the
 * HP its healing added, which cannot overheal.
 * Returns false when pf2e's actor class has no `undoDamage`.
 */
export function wrapPf2eUndoDamage(): boolean {
  const proto = (CONFIG.Actor as unknown as { documentClass?: { prototype?: Record<string, unknown> } }).documentClass?.prototype;
  const original = proto?.undoDamage;
  if (proto === undefined || typeof original !== "function" || (original as { damageChain?: true }).damageChain) return false;
  const wrapped = async function (this: Actor.Implementation, appliedDamage: unknown) {
    const applied = typeof appliedDamage === "object" && appliedDamage !== null ? (appliedDamage as AppliedDamage) : undefined;
    const card = applied === undefined ? undefined : chainCardOf(this, applied);
    if (card !== undefined) {
      await undoCard(card);
      return;
    }
    return (original as (this: Actor.Implementation, a: unknown) => Promise<unknown>).call(this, appliedDamage);
  };
  Object.defineProperty(wrapped, "damageChain", { value: true });
  proto.undoDamage = wrapped;
  return true;
}
