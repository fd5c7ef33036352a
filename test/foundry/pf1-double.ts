/**
 * A double of Pathfinder 1e's damage application (foundryvtt/pf1 v10.8,
 * bee79fd5), only what the module depends on; each behaviour is cited in
 * test/foundry/README.md ("pf1"):
 * - the `pf1` namespace with `pf1.documents.actor.ActorPF`, whose STATIC
 *   `applyDamage(value, options)` (`actor-pf.mjs` lines 3809-4054) picks
 *   `options.targets` or the controlled tokens, and for damage writes each
 *   actor once (normal hit points, lines 3920-3947): nonlethal first to
 *   `hp.nonlethal` up to `max − nonlethal`, then temp HP, then `hp.value`
 *   (below 0 allowed). No reduction at all, no dialog (the confirmation
 *   dialog is PF1's `skipConfirmPrompt` / shift path), no hook;
 * - the instance method `actor.applyDamage(value, options)` (lines
 *   3780-3786) calls the static one through `this.constructor` with
 *   `targets: [this]`;
 * - `pf1.registry.materialTypes.get(id).treatedAs` (`material-types.mjs`:
 *   mithral → alchemicalSilver, nexavaranSteel → coldIron) and
 *   `pf1.registry.damageTypes.get(id).name` (`damage-types.mjs`);
 * - the chat card's apply button (`item-pf.mjs` lines 1692-1731): `value`
 *   the total, `asNonlethal`, `isCritical`, `message` (its
 *   `flags.pf1.metadata`: attacker uuid, item and action ids) and
 *   `instances = [{ value, types: { values, custom } }]`.
 * Wounds & Vigor, healing and the dialog are not modelled.
 */
import type { ActorDouble, World } from "./double.ts";

type Obj = Record<string, unknown>;
/** PF1's `system.attributes.hp` (`public/template.json`). */
export interface Pf1HpDouble { value: number; max: number; temp: number; nonlethal: number }
/** The options of `ActorPF.applyDamage` the double reads. */
export interface Pf1Options { asNonlethal?: boolean; isCritical?: boolean; targets?: unknown[]; instances?: { value: number; types: { values: string[]; custom: string } }[]; message?: unknown; asWounds?: boolean }

const hpOf = (actor: ActorDouble) => (actor.system.attributes as { hp: Pf1HpDouble }).hp;

/** PF1's write for one actor (`_submit`, normal hit points). */
function updateFor(actor: ActorDouble, damage: number, asNonlethal: boolean): Obj {
  const hp = hpOf(actor);
  const updateData: Obj = {};
  let value = damage;
  let nld = 0;
  if (asNonlethal && value > 0) {
    nld = Math.min(hp.max - hp.nonlethal, value);
    value -= nld;
  }
  const tmp = hp.temp || 0;
  const dt = value > 0 ? Math.min(tmp, value) : 0;
  if (nld !== 0) updateData["system.attributes.hp.nonlethal"] = Math.max(0, hp.nonlethal + nld);
  if (dt !== 0) updateData["system.attributes.hp.temp"] = tmp - dt;
  const newHp = Math.min(hp.value - (value - dt), hp.max);
  if (newHp !== hp.value) updateData["system.attributes.hp.value"] = newHp;
  return updateData;
}

/** A fresh copy of PF1's `ActorPF` class (statics only) for one client. */
function makeActorPF() {
  return class ActorPF {
    static async applyDamage(value = 0, options: Pf1Options = {}): Promise<unknown> {
      if (value === 0 || !Number.isFinite(value)) return undefined;
      const controlled = Array.isArray(options.targets) ? options.targets : (canvas!.tokens!.controlled as unknown[]);
      const promises = controlled.map((t) => {
        const a = ((t as { actor?: ActorDouble }).actor ?? t) as ActorDouble;
        return a.update(updateFor(a, value, options.asNonlethal === true));
      });
      return Promise.all(promises);
    }
  };
}

const MATERIALS: Record<string, { treatedAs?: string }> = { mithral: { treatedAs: "alchemicalSilver" }, nexavaranSteel: { treatedAs: "coldIron" }, alchemicalSilver: {}, coldIron: {}, adamantine: {}, magic: {} };
const DAMAGE_TYPES = ["untyped", "slashing", "piercing", "bludgeoning", "fire", "cold", "electric", "acid", "sonic", "force", "negative", "positive", "precision", "nonlethal"];

type Namespace = { documents: { actor: { ActorPF: ReturnType<typeof makeActorPF> } }; registry: Obj };
/** Each client's `pf1` namespace, by its `CONFIG` (the double swaps `CONFIG` when it switches clients). */
const byConfig = new WeakMap<object, Namespace>();

/** A pf1 world: the system id, and on every client its own `pf1` namespace (the module replaces its client's `ActorPF.applyDamage`). */
export function usePf1(world: World): void {
  world.systemId = "pf1";
  Object.defineProperty(globalThis, "pf1", { configurable: true, get: () => byConfig.get((globalThis as unknown as { CONFIG: object }).CONFIG) });
  world.onClient((client) => {
    byConfig.set(client.config, {
      documents: { actor: { ActorPF: makeActorPF() } },
      registry: {
        materialTypes: { get: (id: string) => MATERIALS[id] },
        damageTypes: { get: (id: string) => (DAMAGE_TYPES.includes(id) ? { name: `PF1.DamageTypes.${id}.Label` } : undefined) },
      },
    });
  });
}

/** `ActorPF.applyDamage(value, options)` on the active client, as PF1's chat button calls it. */
export const applyDamagePf1 = (value: number, options: Pf1Options = {}): Promise<unknown> =>
  (globalThis as unknown as { pf1: Namespace }).pf1.documents.actor.ActorPF.applyDamage(value, options);

/** The instances the chat button builds: `[value, type]` pairs. */
export const instances = (...list: [number, string][]): Pf1Options["instances"] => list.map(([value, type]) => ({ value, types: { values: [type], custom: "" } }));

/** Give `actor` a weapon `id` with PF1's item data (`system.material`, `system.alignments`) and one action. */
export function giveWeapon(actor: ActorDouble, id: string, name: string, material: { normal?: string; addon?: string[] }, alignments: Obj = {}): void {
  const item = { name, system: { material: { base: { value: "" }, normal: { value: material.normal ?? "" }, addon: material.addon ?? [] }, alignments }, actions: new Map([["a1", { data: { material: { normal: { value: "" }, addon: [] }, alignments: { lawful: null, chaotic: null, good: null, evil: null } } }]]) };
  const holder = actor as unknown as { items?: Map<string, unknown> };
  holder.items ??= new Map();
  holder.items.set(id, item);
}

/** The flags of PF1's attack card for `attacker`'s weapon `item` (`generateChatMetadata`). */
export const attackFlags = (attacker: ActorDouble, item: string) => ({ pf1: { metadata: { actor: attacker.uuid, item, action: "a1" } } });
