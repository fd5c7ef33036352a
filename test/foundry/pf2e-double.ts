/**
 * A small typed double of what the pf2e adapter depends on (issue 22 §2):
 * `ActorPF2e#applyDamage` (IWR, HP write through `actor.update` with
 * `{ damageTaken }`, the damage-taken chat message and its
 * `flags.pf2e.appliedDamage`) and `ActorPF2e#undoDamage`. Every behaviour is
 * cited in test/foundry/README.md ("pf2e"). It models pf2e, it does not
 * re-implement it: no shields, hardness, stamina, persistent damage,
 * redirects, precision/critical components or predicates beyond
 * type / category / material / trait words.
 */

/** One IWR entry as pf2e stores it (`src/module/actor/data/iwr.ts` `*Source`). */
export interface Pf2eIwr {
  type: string;
  value?: number;
  exceptions?: string[];
  doubleVs?: string[];
}

/** One damage instance: type, category (`physical`, `energy`…), materials, total points. */
export interface Pf2eInstance {
  type: string;
  category: string;
  materials?: string[];
  total: number;
}

/** One IWR application as pf2e lists it on the damage-taken card. */
export interface Pf2eApplication {
  category: "immunity" | "weakness" | "resistance";
  type: string;
  adjustment: number;
}

/** `flags.pf2e.appliedDamage` of the damage-taken message (base.ts `appliedDamage`). */
export interface Pf2eAppliedDamage {
  uuid: string;
  isHealing: boolean;
  shield: null;
  persistent: string[];
  updates: { path: string; value: number }[];
}

/** A chat message the double posted. */
export interface Pf2eMessage {
  flags: { pf2e: { appliedDamage: Pf2eAppliedDamage | null; context: { type: "damage-taken"; domains: string[]; options: string[] } } };
  applications: Pf2eApplication[];
}

type PreUpdate = (actor: Pf2eActorDouble, changes: Record<string, number>, options: Record<string, unknown>) => boolean | void;

/** Does an IWR word describe this instance? (iwr.ts `IWR#describe`, reduced to type/category/material/trait words.) */
function describes(word: string, i: Pf2eInstance, traits: ReadonlySet<string>): boolean {
  if (word === "all-damage") return true;
  if (word === "physical" || word === "energy") return i.category === word;
  return i.type === word || (i.materials ?? []).includes(word) || traits.has(word);
}

/** Does an entry apply: its type describes the instance and none of its exceptions does (iwr.ts `IWR#predicate`). */
function applies(e: Pf2eIwr, i: Pf2eInstance, traits: ReadonlySet<string>): boolean {
  return describes(e.type, i, traits) && !(e.exceptions ?? []).some((x) => describes(x, i, traits));
}

/**
 * pf2e's `applyIWR` (src/module/system/damage/iwr.ts) per instance: an
 * applicable immunity removes it; else the HIGHEST applicable weakness is
 * added, then the HIGHEST applicable resistance (doubled when a `doubleVs`
 * word describes the instance) subtracts at most what is left. Total ≥ 0.
 */
export function applyIwrDouble(attrs: { immunities: Pf2eIwr[]; weaknesses: Pf2eIwr[]; resistances: Pf2eIwr[] }, instances: Pf2eInstance[], traits: ReadonlySet<string> = new Set()): { finalDamage: number; applications: Pf2eApplication[] } {
  const applications: Pf2eApplication[] = [];
  let total = 0;
  for (const i of instances) {
    const base = Math.max(i.total, 0);
    total += base;
    const immune = attrs.immunities.find((e) => applies(e, i, traits));
    if (immune) {
      applications.push({ category: "immunity", type: immune.type, adjustment: -base });
      continue;
    }
    const weak = attrs.weaknesses.filter((e) => applies(e, i, traits)).sort((a, b) => (b.value ?? 0) - (a.value ?? 0))[0];
    const after = base + (weak?.value ?? 0);
    if (weak) applications.push({ category: "weakness", type: weak.type, adjustment: weak.value ?? 0 });
    const valueOf = (r: Pf2eIwr) => ((r.doubleVs ?? []).some((d) => describes(d, i, traits)) ? 2 : 1) * (r.value ?? 0);
    const res = attrs.resistances.filter((e) => applies(e, i, traits)).sort((a, b) => valueOf(b) - valueOf(a))[0];
    if (res && valueOf(res) > 0) applications.push({ category: "resistance", type: res.type, adjustment: -Math.min(after, valueOf(res)) });
  }
  return { finalDamage: Math.max(total + applications.reduce((s, a) => s + a.adjustment, 0), 0), applications };
}

/** An NPC as far as `applyDamage` / `undoDamage` touch it. */
export class Pf2eActorDouble {
  readonly uuid: string;
  system: { attributes: { hp: { value: number; max: number; temp: number }; immunities: Pf2eIwr[]; weaknesses: Pf2eIwr[]; resistances: Pf2eIwr[] } };
  /** Every `update` call, in order, with its options (`damageTaken`, `damageUndo`). */
  readonly updates: { changes: Record<string, number>; options: Record<string, unknown> }[] = [];
  readonly messages: Pf2eMessage[] = [];
  /** Listeners run as Foundry runs `preUpdateActor`; returning false cancels the update. */
  readonly preUpdate: PreUpdate[] = [];

  constructor(uuid: string, hp: { value: number; max: number; temp?: number }, iwr: Partial<Record<"immunities" | "weaknesses" | "resistances", Pf2eIwr[]>> = {}) {
    this.uuid = uuid;
    this.system = { attributes: { hp: { temp: 0, ...hp }, immunities: iwr.immunities ?? [], weaknesses: iwr.weaknesses ?? [], resistances: iwr.resistances ?? [] } };
  }

  /** `Document#update` with dotted paths into `system.attributes.hp`; runs the preUpdate listeners first. */
  async update(changes: Record<string, number>, options: Record<string, unknown> = {}): Promise<this | undefined> {
    for (const l of this.preUpdate) if (l(this, changes, options) === false) return undefined;
    this.updates.push({ changes: { ...changes }, options: { ...options } });
    const hp = this.system.attributes.hp;
    for (const [path, v] of Object.entries(changes)) {
      if (path === "system.attributes.hp.value") hp.value = v;
      else if (path === "system.attributes.hp.temp") hp.temp = v;
    }
    return Promise.resolve(this);
  }

  /**
   * `ActorPF2e#applyDamage` (base.ts): a number is final damage; instances
   * go through IWR unless `skipIWR`. Damage goes to temp HP then HP (clamped
   * to 0..max, `calculateHealthDelta`), written by ONE `update(updates,
   * { damageTaken })`, then ONE damage-taken message whose
   * `flags.pf2e.appliedDamage.updates` hold the pre-update minus new values.
   */
  async applyDamage({ damage, rollOptions = new Set<string>(), skipIWR = false }: { damage: number | Pf2eInstance[]; rollOptions?: Set<string>; skipIWR?: boolean }): Promise<this> {
    const result = typeof damage === "number" ? { finalDamage: Math.trunc(damage), applications: [] } : skipIWR ? { finalDamage: damage.reduce((s, i) => s + i.total, 0), applications: [] } : applyIwrDouble(this.system.attributes, damage, rollOptions);
    const hp = this.system.attributes.hp;
    const updates: Record<string, number> = {};
    const delta = result.finalDamage;
    const toTemp = hp.temp > 0 && delta > 0 ? Math.min(hp.temp, delta) : 0;
    if (toTemp > 0) updates["system.attributes.hp.temp"] = hp.temp - toTemp;
    updates["system.attributes.hp.value"] = Math.min(Math.max(hp.value - (delta - toTemp), 0), hp.max);
    const before = { "system.attributes.hp.value": hp.value, "system.attributes.hp.temp": hp.temp } as Record<string, number>;
    const totalApplied = delta;
    if (totalApplied !== 0) await this.update({ ...updates }, { damageTaken: totalApplied });
    const diffs = Object.entries(updates).flatMap(([path, v]) => (before[path]! - v === 0 ? [] : [{ path, value: before[path]! - v }]));
    const appliedDamage: Pf2eAppliedDamage | null = totalApplied !== 0 ? { uuid: this.uuid, isHealing: totalApplied < 0, shield: null, persistent: [], updates: diffs } : null;
    this.messages.push({ flags: { pf2e: { appliedDamage, context: { type: "damage-taken", domains: [totalApplied < 0 ? "healing-received" : "damage-received"], options: [...rollOptions] } } }, applications: result.applications });
    return this;
  }

  /** `ActorPF2e#undoDamage` (base.ts): adds each recorded difference back to the CURRENT value, one update with `{ damageTaken, damageUndo: true }`. */
  async undoDamage(applied: Pf2eAppliedDamage): Promise<void> {
    const hp = this.system.attributes.hp;
    const current: Record<string, number> = { "system.attributes.hp.value": hp.value, "system.attributes.hp.temp": hp.temp };
    const changes: Record<string, number> = {};
    for (const u of applied.updates) if (typeof current[u.path] === "number") changes[u.path] = current[u.path]! + u.value;
    if (Object.keys(changes).length === 0) return;
    const newHp = changes["system.attributes.hp.value"];
    await this.update(changes, { damageTaken: typeof newHp === "number" ? hp.value - newHp : 0, damageUndo: true });
  }
}
