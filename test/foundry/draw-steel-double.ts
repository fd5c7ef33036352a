/**
 * A double of Draw Steel's damage application (MetaMorphic-Digital/draw-steel
 * at 68856d4), only what the module depends on; each behaviour is cited in
 * test/foundry/README.md ("Draw Steel"):
 * - `takeDamage(damage, { type, ignoredImmunities })` on the actor's data
 *   model (`src/module/data/actor/base-actor.mjs` 383–419): weakness = the
 *   higher of `all` and the type's, immunity likewise over the immunities
 *   not ignored, `max(0, damage + weakness − immunity)`; 0 → a notification
 *   and no write; a minion in one squad → one update of the squad's
 *   `system.staminaValue`; else `modifyTokenAttribute("stamina", −damage, true, false)`;
 * - the actor's `#modifyStamina` (`src/module/documents/actor.mjs` 105–133):
 *   a minion in one squad writes the squad; damage takes temporary stamina
 *   first, then stamina clamped to [min, max]; one `actor.update`;
 * - `DamageRoll#applyDamage(targets, { halfDamage })` (`src/module/rolls/damage.mjs`
 *   104–120): the total, halved rounded down, to `takeDamage` of each target in turn;
 * - `CONFIG.Actor.dataModels`: one class per actor type, `takeDamage` owned
 *   by their shared base class (`BaseActorModel`), each client its own copy.
 * The model instance is built per call from the actor double's plain
 * `system` (`parent`, `damage`, `isMinion`, `combatGroups`).
 */
import type { ActorDouble, World } from "./double.ts";

type Table = Record<string, number>;
interface Stamina { value: number; max: number; temporary: number; min?: number }
interface DsSystem { stamina: Stamina; damage: { immunities: Table; weaknesses: Table }; monster?: { organization?: string } }

/** A combatant group of type `squad` (`data/combatant-group/squad.mjs` 31): its shared stamina, and the writes it got. */
export class SquadDouble {
  readonly updates: Record<string, unknown>[] = [];
  constructor(public system: { staminaValue: number }) {}
  update(changes: Record<string, number>): Promise<this> {
    this.updates.push(changes);
    if (typeof changes["system.staminaValue"] === "number") this.system.staminaValue = changes["system.staminaValue"];
    return Promise.resolve(this);
  }
}

/** The squads each actor is in (`base-actor.mjs` 230–236 `combatGroups`: the groups of the actor's combatants in the current combat). */
const squads = new WeakMap<ActorDouble, Set<SquadDouble>>();

/** Put `actor` in `squad` (a combatant of it in the current combat). */
export function joinSquad(actor: ActorDouble, squad: SquadDouble): void {
  const set = squads.get(actor) ?? new Set();
  set.add(squad);
  squads.set(actor, set);
}

const ds = (actor: ActorDouble) => actor.system as unknown as DsSystem;
const isMinion = (actor: ActorDouble) => actor.type === "npc" && ds(actor).monster?.organization === "minion";

/** `DrawSteelActor#modifyTokenAttribute("stamina", value, isDelta)` → `#modifyStamina` (actor.mjs 105–133). */
export async function modifyStamina(actor: ActorDouble, value: number, isDelta: boolean): Promise<unknown> {
  const groups = squads.get(actor) ?? new Set();
  const group = groups.size === 1 ? [...groups][0]! : null;
  if (isMinion(actor) && group) return group.update({ "system.staminaValue": isDelta ? group.system.staminaValue + value : value });
  const { value: current, temporary, max } = ds(actor).stamina;
  const min = ds(actor).stamina.min ?? 0;
  const delta = isDelta ? -1 * value : current + temporary - value;
  if (!delta) return actor;
  const updates: Record<string, number> = {};
  if (delta < 0) updates["system.stamina.value"] = Math.min(Math.max(current - delta, min), max);
  else {
    const tempDamage = Math.min(delta, temporary);
    const valueDamage = Math.max(0, delta - tempDamage);
    updates["system.stamina.temporary"] = Math.max(0, temporary - tempDamage);
    if (valueDamage) updates["system.stamina.value"] = Math.min(Math.max(current - valueDamage, min), max);
  }
  const allowed = (Hooks.call as (hook: string, ...args: unknown[]) => boolean)("modifyTokenAttribute", { attribute: "stamina", value, isDelta, isBar: true }, updates, actor);
  return allowed !== false ? actor.update(updates) : actor;
}

interface Model { parent: ActorDouble; damage: DsSystem["damage"]; isMinion: boolean; combatGroups: Set<SquadDouble>; combatGroup: SquadDouble | null }

/** `BaseActorModel.prototype` as far as modelled. */
const BASE_ACTOR_MODEL = {
  async takeDamage(this: Model, damage: number, options: { type?: string; ignoredImmunities?: string[] } = {}): Promise<unknown> {
    const weaknessAmount = Math.max(this.damage.weaknesses.all ?? 0, this.damage.weaknesses[options.type ?? ""] ?? 0);
    const ignored = options.ignoredImmunities ?? [];
    const immunities: Table = {};
    for (const [type, amount] of Object.entries(this.damage.immunities)) if (!ignored.includes("all") && !ignored.includes(type)) immunities[type] = amount;
    const immunityAmount = Math.max(immunities.all ?? 0, immunities[options.type ?? ""] ?? 0);
    damage = Math.max(0, damage + weaknessAmount - immunityAmount);
    if (damage === 0) {
      ui.notifications!.info(`${this.parent.name}: immunity reduced the damage to 0`);
      return this.parent;
    }
    if (this.isMinion) {
      if (this.combatGroups.size === 1) return this.combatGroup!.update({ "system.staminaValue": this.combatGroup!.system.staminaValue - damage });
      ui.notifications!.warn(this.combatGroups.size === 0 ? "minion in no squad" : "minion in several squads");
    }
    return modifyStamina(this.parent, -1 * damage, true);
  },
};

/** A Draw Steel world: the system id, and `CONFIG.Actor.dataModels` on every client (hero, npc, object: one shared base class). */
export function useDrawSteel(world: World): void {
  world.systemId = "draw-steel";
  world.onClient((client) => {
    // Each client has its own copy of the classes (the module wraps the one of its own client).
    const base = { ...BASE_ACTOR_MODEL };
    const model = () => ({ prototype: Object.create(base) as object });
    (client.config.Actor as Record<string, unknown>).dataModels = { hero: model(), npc: model(), object: model() };
  });
}

/** The actor's data model as the system's code sees it, on the active client's classes. */
function modelOf(actor: ActorDouble): Model {
  const classes = (CONFIG.Actor as unknown as { dataModels: Record<string, { prototype: object }> }).dataModels;
  const m = Object.create(classes[actor.type]?.prototype ?? classes.npc!.prototype) as Model;
  const groups = squads.get(actor) ?? new Set<SquadDouble>();
  return Object.assign(m, { parent: actor, damage: ds(actor).damage, isMinion: isMinion(actor), combatGroups: groups, combatGroup: [...groups][0] ?? null });
}

/** `actor.system.takeDamage(amount, options)` on the active client. */
export function takeDamage(actor: ActorDouble, amount: number, options: { type?: string; ignoredImmunities?: string[] } = {}): Promise<unknown> {
  const model = modelOf(actor) as Model & typeof BASE_ACTOR_MODEL;
  return model.takeDamage(amount, options);
}

/** `DamageRoll#applyDamage(targets, { halfDamage })` for a roll of `total` of `type` (rolls/damage.mjs 104–120). */
export async function applyDamageRoll(roll: { total: number; type?: string; ignoredImmunities?: string[] }, targets: ActorDouble[], options: { halfDamage?: boolean } = {}): Promise<void> {
  let amount = roll.total;
  if (options.halfDamage) amount = Math.floor(amount / 2);
  for (const actor of targets) await takeDamage(actor, amount, { type: roll.type ?? "", ignoredImmunities: roll.ignoredImmunities ?? [] });
}
