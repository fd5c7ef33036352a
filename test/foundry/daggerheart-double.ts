/**
 * A double of Daggerheart's damage application (Foundryborne/daggerheart,
 * read at commit 00512b7cbbddb1d86e095d20c66f27c7293e18f8), only what the
 * module depends on; each behaviour is cited in test/foundry/README.md
 * ("Daggerheart"), all of `module/documents/actor.mjs` unless said:
 * - `Actor#takeDamage(args, isDirect)`: `#parseDamageArgs` (a number, a roll
 *   `{ total, options: { damageTypes } }`, or `{ main | damage, resources }`);
 *   `daggerheart.preTakeDamage`; a companion marks 1 Stress; `calculateDamage`
 *   (immunity → 0, resistance → half rounded up, then the LOWEST flat
 *   reduction of the hit's types, never below 0); `daggerheart.postCalculateDamage`;
 *   `convertDamageToThreshold` (Massive Damage → 4, Severe → 3, Major → 2,
 *   else 1); a character not hit directly whose armor could reduce it: the
 *   owner's `armorSlot` answer (`armorAnswer`, default: nothing spent); an
 *   adversary's `reduceSeverity` and `thresholdImmunities.minor`; the resources
 *   as updates, positive marks (`isReversed` resources keep their sign);
 *   `modifyResource` → ONE `actor.update` of `system.resources.<key>.value`
 *   clamped to 0..max, written by the GM (`emitGMUpdate`); then
 *   `daggerheart.postTakeDamage`; returns the updates.
 * - `CONFIG.DH.id` `daggerheart` and `CONFIG.DH.SETTINGS.gameSettings.variantRules`,
 *   whose setting holds `{ massiveDamage: { enabled } }`.
 * Not modelled: Fear, Hope, armor effects, triggers, scrolling text, the
 * summary message, stress overflowing into Hit Points.
 */
import type { ActorDouble, Client, World } from "./double.ts";

type Obj = Record<string, unknown>;
type Res = { resistance?: boolean; immunity?: boolean; reduction?: number };
type Sys = {
  resistance?: Record<string, Res>;
  damageThresholds?: { major: number; severe: number };
  resources: Record<string, { value: number; max: number }>;
  rules?: { damageReduction?: { reduceSeverity?: Record<string, number>; thresholdImmunities?: { minor?: boolean }; disabledArmor?: boolean } };
  armorScore?: { value: number; max: number };
};

/** The owner's answer to the armor-slot prompt: marks after it, or undefined (nothing spent). A test may set it. */
export const prompt: { armorAnswer: (marks: number) => number | undefined; asked: number } = { armorAnswer: () => undefined, asked: 0 };

const sys = (a: ActorDouble) => a.system as unknown as Sys;
/** `Hooks.call` of the active client, untyped (the system's hooks are not in fvtt-types). */
const call = (hook: string, ...args: unknown[]): boolean => (Hooks as unknown as { call: (h: string, ...a: unknown[]) => boolean }).call(hook, ...args);

function parse(args: unknown): { main: { value: number; damageTypes: string[] } | null; resourceUpdates: { key: string; value: number }[] } {
  const a = (typeof args === "object" && args !== null ? args : {}) as Obj;
  const roll = typeof args === "number" ? args : "total" in a ? a : (a.main ?? a.damage);
  const value = typeof roll === "number" ? roll : ((roll as Obj | undefined)?.total as number | undefined);
  const types = [...(((roll as Obj | undefined)?.options as Obj | undefined)?.damageTypes as Iterable<string> | undefined ?? [])];
  const resources = Object.entries((a.resources as Obj | undefined) ?? {}).map(([key, d]) => ({ key, value: typeof d === "number" ? d : ((d as Obj).total as number) }));
  return { main: typeof value === "number" ? { value, damageTypes: types } : null, resourceUpdates: resources };
}

/** `getResistanceStatus` + `calculateDamage`, as read (see the header). */
export function calculateDamage(actor: ActorDouble, damage: number, types: string[]): number {
  const r = sys(actor).resistance ?? {};
  let resistant: boolean | null = null;
  let immune: boolean | null = null;
  for (const t of types) {
    if (r[t] === undefined) continue;
    if (resistant !== false) resistant = r[t].resistance === true;
    if (immune !== false) immune = r[t].immunity === true;
  }
  let base = damage;
  if (immune === true) base = 0;
  else if (resistant === true) base = Math.ceil(base / 2);
  const reduction = types.length === 0 ? 0 : Object.entries(r).reduce((low, [t, v]) => (types.includes(t) ? Math.min(v.reduction ?? 0, low) : low), Infinity);
  return Math.max(base - (reduction === Infinity ? 0 : reduction), 0);
}

/** `convertDamageToThreshold`. */
export function convertDamageToThreshold(actor: ActorDouble, damage: number): number {
  if (damage <= 0) return 0;
  const t = sys(actor).damageThresholds ?? { major: 0, severe: 0 };
  const massive = (game.settings!.get("daggerheart" as never, "VariantRules" as never) as { massiveDamage?: { enabled?: boolean } } | undefined)?.massiveDamage?.enabled === true;
  if (massive && damage >= t.severe * 2) return 4;
  return damage >= t.severe ? 3 : damage >= t.major ? 2 : 1;
}

/** Daggerheart's `DhpActor.prototype`, as far as modelled. */
const ACTOR_DH_PROTOTYPE = {
  async takeDamage(this: ActorDouble, args: unknown, isDirect = false): Promise<unknown> {
    const world = (this.constructor as unknown as { world: World }).world;
    const parsed = parse(args);
    if (call("daggerheart.preTakeDamage", this, parsed) === false) return null;
    const updates: { key: string; value: number }[] = parsed.resourceUpdates;
    if (this.type === "companion") updates.splice(0, updates.length, { key: "stress", value: 1 });
    else if (parsed.main) {
      parsed.main.value = calculateDamage(this, parsed.main.value, parsed.main.damageTypes);
      if (call("daggerheart.postCalculateDamage", this, parsed) === false) return null;
      let marks = convertDamageToThreshold(this, parsed.main.value);
      const s = sys(this);
      const dr = s.rules?.damageReduction ?? {};
      if (this.type === "character" && !isDirect && marks > 0 && dr.disabledArmor !== true && (s.armorScore?.value ?? 0) < (s.armorScore?.max ?? 0)) {
        prompt.asked++;
        marks = prompt.armorAnswer(marks) ?? marks;
      } else if (this.type === "adversary") {
        const reduce = parsed.main.damageTypes.reduce((high, t) => Math.max(dr.reduceSeverity?.[t] ?? 0, high), 0);
        marks = Math.max(marks - reduce, 0);
        if (marks === 1 && dr.thresholdImmunities?.minor === true) marks = 0;
      }
      const hp = updates.find((u) => u.key === "hitPoints");
      if (hp) hp.value += marks;
      else updates.push({ key: "hitPoints", value: marks });
    }
    const changes: Obj = {};
    for (const u of updates) {
      const r = sys(this).resources[u.key];
      if (r) changes[`system.resources.${u.key}.value`] = Math.max(Math.min(r.value + u.value, r.max), 0);
    }
    const gm = world.clients.find((c: Client) => c.user.isGM && c.user.active && world.users.activeGM === c.user);
    if (Object.keys(changes).length > 0) await (gm === undefined ? this.update(changes) : world.as(gm, () => this.update(changes)));
    if (call("daggerheart.postTakeDamage", this, updates) === false) return null;
    return updates;
  },
};

/** A Daggerheart world: the system id, `CONFIG.DH` and `CONFIG.Actor.documentClass` on every client, Massive Damage off. */
export function useDaggerheart(world: World, { massiveDamage = false } = {}): void {
  world.systemId = "daggerheart";
  world.settings.set("daggerheart.VariantRules", { massiveDamage: { enabled: massiveDamage } });
  prompt.armorAnswer = () => undefined;
  prompt.asked = 0;
  world.onClient((client) => {
    (client.config.Actor as Record<string, unknown>).documentClass = { prototype: { ...ACTOR_DH_PROTOTYPE } };
    (client.config as Record<string, unknown>).DH = { id: "daggerheart", SETTINGS: { gameSettings: { variantRules: "VariantRules" } } };
  });
}

type Proto = typeof ACTOR_DH_PROTOTYPE;
const proto = (): Proto => (CONFIG.Actor as unknown as { documentClass: { prototype: Proto } }).documentClass.prototype;

/** `actor.takeDamage(args, isDirect)` on the active client, through Daggerheart's prototype as it is now. */
export const takeDamage = (actor: ActorDouble, args: unknown, isDirect = false): Promise<unknown> => proto().takeDamage.call(actor, args, isDirect);

/** A damage roll as `DamageField.applyDamage` passes it: `{ main: { total, options: { damageTypes } } }` (damageField.mjs). */
export const damageRoll = (total: number, ...types: string[]) => ({ main: { total, options: { damageTypes: new Set(types) } } });
