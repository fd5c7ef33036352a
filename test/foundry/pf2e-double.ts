/**
 * A double of pf2e's damage application (foundryvtt/pf2e, read at commit
 * 85f6ef2), only what the module depends on; each behaviour is cited in
 * test/foundry/README.md ("pf2e"):
 * - `ActorPF2e#applyDamage({ damage, item, rollOptions })`
 *   (`src/module/actor/base.ts`): pf2e's IWR (`applyIWR`), temp HP first
 *   (`calculateHealthDelta`), ONE `actor.update(updates, { damageTaken })`,
 *   then its damage-taken chat message with `flags.pf2e.appliedDamage`
 *   (`updates` as differences, for its undo);
 * - `ActorPF2e#undoDamage(appliedDamage)`: adds the differences back, one
 *   `actor.update(updates, { damageTaken, damageUndo: true })`;
 * - `CONFIG.Actor.documentClass` is pf2e's `ActorProxyPF2e`, a Proxy of
 *   `ActorPF2e` whose `prototype` is `ActorPF2e.prototype`: the methods live
 *   there, and a call goes through whatever is on it then (the module wraps it);
 * - `applyIWR` (`src/module/system/damage/iwr.ts`), a subset: step 0
 *   (`isAffectedBy`) drops an instance the actor is unaffected by; an instance of
 *   a type (or its category) an immunity names is dropped unless one of the
 *   immunity's exceptions holds (the instance's type, category or material); then the
 *   highest weakness adds its value; then the highest resistance takes
 *   `min(damage so far, value)`, unless the roll has one of its exceptions;
 *   an entry for `holy`, `unholy`, `area-damage`, `water`, `arcane` or
 *   `spells` applies to every instance of a roll with the roll options that
 *   name it, and a weakness to one of these but area damage is added once per
 *   roll, apart from the instances;
 *   `finalDamage = max(0, total + adjustments)`. Then hardness
 *   (`calculateAppliedDamage`, same file at its newest stored version): a
 *   blocking raised shield (`shieldBlockRequest`, `attributes.shield` raised
 *   and not broken) absorbs `min(shield hardness, finalDamage)`, the actor's
 *   own `attributes.hardness.value` absorbs `min(rest, hardness)`, and hit
 *   points take the rest; the shield's HP loss (pf2e writes it to the shield
 *   item) is written here to `attributes.shield.hp.value`. Not modelled:
 *   doubleVs, critical and precision immunity, redirects, persistent damage,
 *   adamantine against hardness, stamina.
 */
import type { ActorDouble, MessageDouble, World } from "./double.ts";

/** One IWR entry as pf2e's prepared actor has it (`attributes.immunities|weaknesses|resistances`), exceptions as plain ids. */
export interface IwrEntry {
  type: string;
  value?: number;
  exceptions?: string[];
  /** Read by the chain's importer in replace mode; the double's own IWR does not model it. */
  doubleVs?: string[];
}

/** A rolled damage instance: type, total, materials. */
export interface InstanceDouble {
  type: string;
  total: number;
  materials?: Set<string>;
}

/** pf2e's evaluated `DamageRoll`, as far as modelled. */
export interface DamageRollDouble {
  total: number;
  instances: InstanceDouble[];
  materials: Set<string>;
}

/** A roll of `[total, type, materials?]` instances. */
export function damageRoll(...instances: [number, string, string[]?][]): DamageRollDouble {
  const list = instances.map(([total, type, materials]) => ({ total, type, materials: new Set(materials ?? []) }));
  return { total: list.reduce((s, i) => s + i.total, 0), instances: list, materials: new Set(list.flatMap((i) => [...i.materials])) };
}

/** pf2e's categories (`values.ts` `PHYSICAL_DAMAGE_TYPES`, `ENERGY_DAMAGE_TYPES`, remaster names). */
const CATEGORY: Record<string, Set<string>> = {
  physical: new Set(["bludgeoning", "piercing", "slashing", "bleed"]),
  energy: new Set(["acid", "cold", "electricity", "fire", "sonic", "force", "vitality", "void"]),
};
/** True when `word` (an IWR type or exception) names damage of `type`: the type, its category, or all damage (`IWR#describe`). */
const names = (word: string, type: string) => word === type || CATEGORY[word]?.has(type) === true || word === "all-damage";

/** The roll options that make pf2e's IWR to a word of the roll apply (`IWR#describe` at 05141a62: holy, unholy, area damage, water, a tradition, spells). */
const WORD_OPTIONS: Record<string, readonly string[]> = {
  holy: ["origin:action:trait:holy", "item:trait:holy"],
  unholy: ["origin:action:trait:unholy", "item:trait:unholy"],
  "area-damage": ["area-damage"],
  water: ["item:trait:water"],
  arcane: ["item:trait:arcane", "origin:action:trait:arcane"],
  spells: ["item:type:spell", "item:from-spell", "impulse"],
};
/** True when the entry applies to an instance of `type` of a roll with `options`: by damage type, or by a word of the roll. */
const coversWith = (entry: IwrEntry, type: string, options: ReadonlySet<string>) =>
  names(entry.type, type) || (WORD_OPTIONS[entry.type]?.some((o) => options.has(o)) ?? false);
/** Weaknesses pf2e applies once per roll, apart from its instances (`applyIWR` `applyOnceWeaknesses`; `NON_DAMAGE_WEAKNESSES`), as far as modelled. */
const APPLY_ONCE = new Set(["holy", "unholy", "water", "arcane", "spells"]);
/** An exception by damage type, category or the instance's material negates the entry (`IWR#predicate`). */
const excepted = (entry: IwrEntry, i: InstanceDouble) => (entry.exceptions ?? []).some((e) => i.materials?.has(e) === true || (e !== "all-damage" && names(e, i.type)));

type Hp = { value: number; max: number; temp: number };
const attributes = (actor: ActorDouble) => actor.system.attributes as { hp: Hp; immunities?: IwrEntry[]; weaknesses?: IwrEntry[]; resistances?: IwrEntry[] };

/** `ActorPF2e#isAffectedBy` (step 0 of `applyIWR`): vitality only with void healing, void not on constructs or with it, bleed only on the living. */
function affectedBy(actor: ActorDouble, type: string): boolean {
  const traits = ((actor.system.traits as { value?: string[] } | undefined)?.value ?? []);
  const negativeHealing = (attributes(actor).hp as { negativeHealing?: boolean }).negativeHealing === true;
  const eidolon = traits.includes("eidolon");
  const mode = traits.includes("undead") && !eidolon ? "undead" : traits.includes("construct") && actor.type !== "character" && !eidolon ? "construct" : "living";
  if (type === "vitality") return negativeHealing;
  if (type === "void") return !(mode === "construct" || negativeHealing);
  if (type === "bleed") return mode === "living";
  return true;
}

/** `applyIWR`, the modelled subset: the final damage of `roll` on `actor`, the roll's options `options`. */
export function applyIwr(actor: ActorDouble, roll: DamageRollDouble, options: ReadonlySet<string> = new Set()): number {
  const a = attributes(actor);
  const covers = (e: IwrEntry, type: string) => coversWith(e, type, options);
  const weaknesses = (a.weaknesses ?? []).filter((e) => !APPLY_ONCE.has(e.type));
  // An apply-once weakness (holy, water…): once, when it applies to some instance; no immunity or resistance touches it.
  let adjustment = (a.weaknesses ?? []).filter((e) => APPLY_ONCE.has(e.type) && roll.instances.some((i) => covers(e, i.type) && !excepted(e, i))).reduce((s, e) => s + (e.value ?? 0), 0);
  for (const i of roll.instances) {
    const total = Math.max(i.total, 0);
    if (!affectedBy(actor, i.type)) {
      adjustment -= total;
      continue;
    }
    if ((a.immunities ?? []).some((e) => covers(e, i.type) && !excepted(e, i))) {
      adjustment -= total;
      continue;
    }
    const weakness = Math.max(0, ...weaknesses.filter((e) => covers(e, i.type) && !excepted(e, i)).map((e) => e.value ?? 0));
    const after = total + weakness;
    const resistance = Math.max(0, ...(a.resistances ?? []).filter((e) => covers(e, i.type) && !excepted(e, i)).map((e) => e.value ?? 0));
    adjustment += weakness - Math.min(after, resistance);
  }
  return Math.max(roll.total + adjustment, 0);
}

interface Params {
  damage: number | DamageRollDouble;
  item?: { name: string } | null;
  rollOptions?: Set<string>;
  shieldBlockRequest?: boolean;
  token?: { combatant?: { isDefeated: boolean; toggleDefeated(): Promise<void> } };
}

type ShieldDouble = { raised: boolean; broken?: boolean; hardness: number; hp: { value: number } };

/** pf2e's `ActorPF2e.prototype` as far as modelled. */
const ACTOR_PF2E_PROTOTYPE = {
  async applyDamage(this: ActorDouble, { damage, rollOptions = new Set(), shieldBlockRequest = false }: Params): Promise<ActorDouble> {
    const world = (this.constructor as unknown as { world: World }).world;
    const iwrDamage = typeof damage === "number" ? Math.trunc(damage) : applyIwr(this, damage, rollOptions);
    const a = attributes(this) as ReturnType<typeof attributes> & { shield?: ShieldDouble; hardness?: { value: number } };
    const shield = shieldBlockRequest && a.shield?.raised === true && a.shield.broken !== true ? a.shield : undefined;
    const byShield = shield !== undefined && iwrDamage > 0 ? Math.min(shield.hardness, iwrDamage) : 0;
    const shieldDamage = shield === undefined ? 0 : Math.min(shield.hp.value, Math.abs(iwrDamage) - byShield);
    const byActor = iwrDamage > 0 ? Math.min(iwrDamage - byShield, a.hardness?.value ?? 0) : 0;
    const finalDamage = iwrDamage - byShield - byActor;
    const hp = a.hp;
    const updates: Record<string, number> = {};
    if (shield !== undefined && shieldDamage > 0) await this.update({ "system.attributes.shield.hp.value": shield.hp.value - shieldDamage });
    const toTemp = hp.temp > 0 && finalDamage > 0 ? Math.min(hp.temp, finalDamage) : 0;
    if (toTemp > 0) updates["system.attributes.hp.temp"] = hp.temp - toTemp;
    updates["system.attributes.hp.value"] = Math.min(Math.max(hp.value - (finalDamage - toTemp), 0), hp.max);
    const before = { value: hp.value, temp: hp.temp };
    if (finalDamage !== 0) await this.update(structuredClone(updates), { damageTaken: finalDamage });
    const appliedDamage = {
      uuid: this.uuid,
      isHealing: finalDamage < 0,
      updates: Object.entries(updates).map(([path, value]) => ({ path, value: (path.endsWith(".temp") ? before.temp : before.value) - value })).filter((u) => u.value !== 0),
    };
    await world.createMessage({ content: `<p>${this.name} takes ${finalDamage} damage.</p>`, flags: { pf2e: { appliedDamage, context: { type: "damage-taken", options: [...rollOptions] } } } });
    return this;
  },
  async undoDamage(this: ActorDouble, appliedDamage: { updates: { path: string; value: number }[] }): Promise<void> {
    const hp = attributes(this).hp;
    const updates: Record<string, number> = {};
    for (const u of appliedDamage.updates) updates[u.path] = (u.path.endsWith(".temp") ? hp.temp : hp.value) + u.value;
    const taken = typeof updates["system.attributes.hp.value"] === "number" ? hp.value - updates["system.attributes.hp.value"] : 0;
    if (Object.keys(updates).length > 0) await this.update(updates, { damageTaken: taken, damageUndo: true });
  },
};

/**
 * A pf2e world: the system id, and `CONFIG.Actor.documentClass` on every client (pf2e's Proxy, its prototype ActorPF2e's).
 * `systemId` `sf2e`: a Starfinder 2e world, the same code built with another id (foundryvtt/pf2e `build/build-system.ts`).
 */
export function usePf2e(world: World, systemId: "pf2e" | "sf2e" = "pf2e"): void {
  world.systemId = systemId;
  world.onClient((client) => {
    // pf2e's world setting, default "both" (src/module/system/settings/index.ts, registered by the system).
    client.settingConfig.set("pf2e.automation.actorsDeadAtZero", { default: "both" });
    // Each client has its own copy of pf2e's class (the module wraps the one of its own client).
    (client.config.Actor as Record<string, unknown>).documentClass = { prototype: { ...ACTOR_PF2E_PROTOTYPE } };
    // pf2e's status effects are its conditions by slug, plus "dead" (StatusEffects #updateStatusIcons); a few of them here.
    client.config.statusEffects = ["blinded", "dying", "frightened", "prone", "slowed", "stunned", "unconscious", "wounded", "dead"].map((id) => ({ id, name: id }));
  });
}

type Proto = typeof ACTOR_PF2E_PROTOTYPE;
const proto = (): Proto => (CONFIG.Actor as unknown as { documentClass: { prototype: Proto } }).documentClass.prototype;

/** `actor.applyDamage(params)` on the active client: through pf2e's prototype as it is now. */
export const applyDamagePf2e = (actor: ActorDouble, params: Params): Promise<ActorDouble> => proto().applyDamage.call(actor, params);

/** `actor.undoDamage(flags.pf2e.appliedDamage)` of a damage-taken message, on the active client. */
export const undoDamagePf2e = (actor: ActorDouble, message: MessageDouble): Promise<void> =>
  proto().undoDamage.call(actor, (message.flags as { pf2e: { appliedDamage: { updates: { path: string; value: number }[] } } }).pf2e.appliedDamage);
