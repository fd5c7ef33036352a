/**
 * dnd5e 5.x applies damage to several targets in two places, each one
 * promise for the whole application (dnd5e 5.3.3):
 * - the damage tray's Apply button, `DamageApplicationElement#_onApplyDamage`
 *   (module/applications/components/damage-application.mjs): one target after
 *   another with `await`, `origin: this.chatMessage`;
 * - the chat context menu, `ChatMessage5e#applyChatCardDamage`
 *   (module/documents/chat-message.mjs): `Promise.all`, `originatingMessage: this`.
 * Both are wrapped so that the hits of one application share one card
 * (`finish.ts` {@link inApplication}), keyed by the originating message id,
 * which `dnd5e.applyDamage` sees in its options. The classes are read from
 * dnd5e's public `globalThis.dnd5e` (`applications.components`, `documents`).
 */
import { inApplication } from "../../hit/finish.ts";

type Method = (this: unknown, ...args: unknown[]) => unknown;
const WRAPPED = Symbol.for("damage-chain.application");

/** Wrap `proto[name]` (if it is a method, once per module copy) so its run is one application of `keyOf(this)`. */
function wrap(proto: Record<string | symbol, unknown> | undefined, name: string, keyOf: (self: unknown) => string | undefined): boolean {
  const original = proto?.[name] as (Method & { [WRAPPED]?: true }) | undefined;
  if (proto === undefined || typeof original !== "function") return false;
  const wrapped: Method = function (this: unknown, ...args: unknown[]) {
    const key = keyOf(this);
    return key === undefined ? original.apply(this, args) : inApplication(key, async () => original.apply(this, args));
  };
  proto[name] = Object.assign(wrapped, { [WRAPPED]: true });
  return true;
}

const idOf = (doc: unknown): string | undefined => {
  const id = (doc as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/**
 * Wrap dnd5e's damage applications. Returns how many methods were wrapped
 * (0 outside dnd5e, or when dnd5e renamed them: the hits then get one card each).
 */
export function wrapDnd5eApplications(): number {
  const dnd5e = (globalThis as { dnd5e?: { applications?: { components?: Record<string, unknown> }; documents?: Record<string, unknown> } }).dnd5e;
  const proto = (cls: unknown) => (typeof cls === "function" ? (cls.prototype as Record<string | symbol, unknown>) : undefined);
  let n = 0;
  if (wrap(proto(dnd5e?.applications?.components?.DamageApplicationElement), "_onApplyDamage", (tray) => idOf((tray as { chatMessage?: unknown }).chatMessage))) n++;
  if (wrap(proto(dnd5e?.documents?.ChatMessage5e), "applyChatCardDamage", idOf)) n++;
  return n;
}
