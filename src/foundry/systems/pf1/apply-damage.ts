/**
 * PF1's own damage application, `ActorPF.applyDamage(value, options)`
 * (foundryvtt/pf1 v10.8 bee79fd5 `module/documents/actor/actor-pf.mjs`
 * lines 3809-4054): a STATIC method that every way PF1 applies damage goes
 * through (the chat card's buttons: `item-pf.mjs` line 1723; the
 * instance method `actor.applyDamage`, lines 3780-3786, which calls
 * `this.constructor.applyDamage` with `targets: [this]`; the `@Apply`
 * enrichers: `module/chat/text-enrichers.mjs` line 480). PF1 computes no
 * reduction: its dialog (shift-click, lines 3954-4050) only lists DR and
 * energy resistance for the GM to subtract by hand, then it writes
 * `hp.nonlethal`, `hp.temp` and `hp.value` (lines 3920-3947). No hook fires.
 *
 * The module replaces the static method (on `pf1.documents.actor.ActorPF`;
 * its subclasses inherit it) at `ready`: damage goes through the chain ONCE
 * per target, with the instances' types and the weapon's materials and
 * alignments (`hit.ts`), one write and one card by the active GM (the relay
 * carries a player's), undone by the card. PF1's dialog is not shown for
 * damage: the chain applies DR itself. Healing, damage straight to wounds
 * (`asWounds`) and Wounds & Vigor actors stay PF1's own.
 */
import { applyDamage } from "../../hit/apply.ts";
import { pf1Event, weaponTraits, type Pf1ApplyOptions, type Pf1Weapon } from "./hit.ts";

type ApplyDamage = (value: number, options?: Pf1ApplyOptions) => Promise<unknown>;
interface Pf1Global {
  documents?: { actor?: { ActorPF?: { applyDamage?: ApplyDamage & { damageChain?: true } } } };
  registry?: { materialTypes?: { get(id: string): { treatedAs?: string } | undefined } };
}
const pf1 = (): Pf1Global | undefined => (globalThis as { pf1?: Pf1Global }).pf1;

/** PF1's Wounds & Vigor variant for this actor's type (`healthConfig.variants.<pc|npc>.useWoundsAndVigor`, actor-pf.mjs lines 3870-3871). */
export function usesWoundsAndVigor(actor: Actor.Implementation): boolean {
  const config = game.settings!.get("pf1" as never, "healthConfig" as never) as { variants?: Record<string, { useWoundsAndVigor?: boolean }> } | undefined;
  const type = actor.type as string;
  const kind = type === "character" ? "pc" : type === "npc" ? "npc" : undefined;
  return kind !== undefined && config?.variants?.[kind]?.useWoundsAndVigor === true;
}

/** The targets as PF1 picks them: `options.targets` (tokens or actors), else the controlled tokens (actor-pf.mjs lines 3830-3836). */
function targetsOf(options: Pf1ApplyOptions): Actor.Implementation[] {
  const list = Array.isArray(options.targets) ? options.targets : (canvas?.tokens?.controlled ?? []);
  const out: Actor.Implementation[] = [];
  for (const t of list as unknown[]) {
    const actor = t instanceof Actor ? t : (t as { actor?: Actor.Implementation | null } | null)?.actor ?? undefined;
    if (actor && !out.includes(actor as Actor.Implementation)) out.push(actor as Actor.Implementation);
  }
  return out;
}

/** The weapon of the chat message the hit came from (`flags.pf1.metadata`: actor uuid, item and action ids). */
function weaponOf(options: Pf1ApplyOptions): Pf1Weapon | undefined {
  const meta = (options.message?.flags?.pf1 as { metadata?: { actor?: unknown; item?: unknown; action?: unknown } } | undefined)?.metadata;
  if (typeof meta?.actor !== "string" || typeof meta.item !== "string") return undefined;
  const attacker = fromUuidSync(meta.actor as never) as { items?: { get(id: string): unknown } } | null;
  const item = attacker?.items?.get(meta.item) as (Pf1Weapon & { actions?: { get(id: string): { data?: Pf1Weapon["action"] } | undefined } }) | undefined;
  if (item === undefined) return undefined;
  const action = typeof meta.action === "string" ? item.actions?.get(meta.action)?.data : undefined;
  return { name: item.name, ...(item.system === undefined ? {} : { system: item.system }), action };
}

/**
 * Replace PF1's `ActorPF.applyDamage` once (at `ready`). Returns false when
 * PF1's class or method is not there (then PF1 applies damage as it does,
 * and HP drops are untyped hits as in any system).
 */
export function wrapPf1ApplyDamage(): boolean {
  const ActorPF = pf1()?.documents?.actor?.ActorPF;
  const original = ActorPF?.applyDamage;
  if (ActorPF === undefined || typeof original !== "function" || original.damageChain === true) return false;
  const wrapped = async function (this: unknown, value: number, options: Pf1ApplyOptions = {}): Promise<unknown> {
    const targets = options.asWounds === true ? [] : targetsOf(options);
    const chained = targets.filter((a) => !usesWoundsAndVigor(a));
    const weapon = weaponOf(options);
    const registry = pf1()?.registry?.materialTypes;
    const built = pf1Event(value, options, weaponTraits(weapon, (m) => registry?.get(m)?.treatedAs), typeof weapon?.name === "string" ? weapon.name : undefined);
    if (built === undefined || chained.length === 0) return original.call(this, value, options);
    const rest = targets.filter((a) => !chained.includes(a));
    // Wounds & Vigor actors among the targets keep PF1's own application.
    if (rest.length > 0) await original.call(this, value, { ...options, targets: rest });
    const shared = built.multiplier === 1 ? chained : chained.map((target) => ({ target, multiplier: built.multiplier }));
    await applyDamage(shared, built.event);
    return chained;
  };
  Object.defineProperty(wrapped, "damageChain", { value: true });
  ActorPF.applyDamage = wrapped as ApplyDamage & { damageChain?: true };
  return true;
}
