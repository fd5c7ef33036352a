/**
 * Daggerheart's own damage application, `Actor#takeDamage(args, isDirect)`
 * (Foundryborne/daggerheart 00512b7cbbddb1d86e095d20c66f27c7293e18f8,
 * `module/documents/actor.mjs`): it parses `args` (`#parseDamageArgs`: a
 * number, a roll `{ total, options: { damageTypes } }`, or `{ main | damage,
 * resources }`), fires `daggerheart.preTakeDamage`, runs `calculateDamage`,
 * fires `daggerheart.postCalculateDamage`, turns the damage into Hit Points
 * (`convertDamageToThreshold`), offers a character its armor slots and Stress
 * (the owner's `armorSlot` query), reduces an adversary's severity, writes
 * through the GM (`modifyResource` → `emitGMUpdate`) and fires
 * `daggerheart.postTakeDamage`. Every way the system applies damage (the
 * chat card's button, an action's automation, a macro) calls it, from
 * `DamageField.applyDamage` (`module/data/fields/action/damageField.mjs`).
 *
 * The module wraps it (on `CONFIG.Actor.documentClass.prototype`, at `ready`):
 * the hit's main damage goes through the chain ONCE (`hit/apply.ts`
 * `applyDamage`: the active GM writes the marks and posts the one card, undo
 * restores them); the other resources of the call (Stress, Hope...) go on to
 * the system's own method without the main damage. Left to the system, as it
 * is: a companion (the system marks 1 Stress), a call without main damage,
 * and a character's hit that its armor slots or Stress could reduce (not
 * direct damage; `#canReduceDamage`): the system's own prompt decides it, and
 * the chain does not see it. A hit the GM refuses (a player's on a creature
 * they do not target) marks nothing, as any refused relay.
 */
import { applyDamage } from "../../hit/apply.ts";

/** The main damage of a `takeDamage` call: points and the damage types. */
export interface MainDamage {
  amount: number;
  types: string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null ? (v as Obj) : undefined);

/** The types of a roll or plain main damage (`options.damageTypes` or `damageTypes`, a Set or an array). */
function typesOf(roll: Obj | undefined): string[] {
  const raw = obj(roll?.options)?.damageTypes ?? roll?.damageTypes;
  const list = raw instanceof Set ? [...(raw as Set<unknown>)] : Array.isArray(raw) ? raw : [];
  return [...new Set(list.filter((t): t is string => typeof t === "string" && t !== ""))];
}

/**
 * The main damage of `args` as `#parseDamageArgs` reads it, or undefined when
 * there is none (no main, or a total that is not a whole number of at least 0).
 * A fractional total is rounded down.
 */
export function mainDamage(args: unknown): MainDamage | undefined {
  if (typeof args === "number") return Number.isFinite(args) && args >= 0 ? { amount: Math.trunc(args), types: [] } : undefined;
  const a = obj(args);
  if (a === undefined) return undefined;
  const roll = "total" in a ? a : (a.main ?? a.damage);
  const value = typeof roll === "number" ? roll : obj(roll)?.total;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return undefined;
  return { amount: Math.trunc(value), types: typeof roll === "number" ? [] : typesOf(obj(roll)) };
}

/** `args.resources`, when the call has any. */
function resourcesOf(args: unknown): Obj | undefined {
  const r = obj(obj(args)?.resources);
  return r !== undefined && Object.keys(r).length > 0 ? r : undefined;
}

/**
 * True when the system would offer this character its armor slots or Stress
 * (`#canReduceDamage`, read before the marks are known): armor not disabled,
 * and an armor slot free, or a Stress reduction rule on, or a severity
 * reduction or threshold immunity. Such hits stay the system's.
 */
export function mayReduce(actor: { type?: unknown; system?: unknown }): boolean {
  if (actor.type !== "character") return false;
  const sys = obj(actor.system);
  const rules = obj(obj(sys?.rules)?.damageReduction);
  if (rules?.disabledArmor === true) return false;
  const armor = obj(sys?.armorScore);
  if (Number(armor?.value) < Number(armor?.max)) return true;
  const stress = Object.values(obj(rules?.stressDamageReduction) ?? {}).some((r) => obj(r)?.enabled === true);
  const severity = Object.values(obj(rules?.reduceSeverity) ?? {}).some((n) => Number(n) > 0);
  const immune = Object.values(obj(rules?.thresholdImmunities) ?? {}).some(Boolean);
  return stress || severity || immune;
}

type TakeDamage = (this: Actor.Implementation, args: unknown, isDirect?: boolean) => Promise<unknown>;

/**
 * Wrap Daggerheart's `takeDamage` once. Returns false when the system's actor
 * class has none (then nothing changes: the chain does not see Daggerheart's
 * damage). What the wrapper returns keeps the system's summary message
 * working: the updates the system would list, `{ key: "hitPoints", value }`
 * with the marks the chain wrote, and those of the resources the system applied.
 */
export function wrapTakeDamage(): boolean {
  const proto = (CONFIG.Actor as unknown as { documentClass?: { prototype?: Obj } }).documentClass?.prototype;
  const original = proto?.takeDamage;
  if (proto === undefined || typeof original !== "function" || (original as { damageChain?: true }).damageChain) return false;
  const wrapped = async function (this: Actor.Implementation, args: unknown, isDirect = false) {
    const main = mainDamage(args);
    if (main === undefined || (this.type as string) === "companion" || (!isDirect && mayReduce(this))) return (original as TakeDamage).call(this, args, isDirect);
    let marks = 0;
    try {
      const outcome = await applyDamage([this], { parts: [{ amount: main.amount, types: main.types }] });
      marks = outcome.targets.find((t) => t.uuid === this.uuid)?.final ?? 0;
    } catch (err) {
      // The GM refused or did not answer (the user was told why, `relay/client.ts`): nothing was
      // marked. The system's caller lists the returned updates, so it gets them rather than an error.
      console.warn(`damage-chain | ${this.name ?? this.uuid}: the damage was not applied`, err);
    }
    const updates: unknown[] = [{ key: "hitPoints", value: marks, damageTypes: new Set(main.types) }];
    const resources = resourcesOf(args);
    if (resources !== undefined) {
      const rest = await (original as TakeDamage).call(this, { resources }, isDirect);
      if (Array.isArray(rest)) updates.push(...(rest as unknown[]));
    }
    return updates;
  };
  Object.defineProperty(wrapped, "damageChain", { value: true });
  proto.takeDamage = wrapped;
  return true;
}
