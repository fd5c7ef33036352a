/**
 * A double of the parts of dnd5e 5.x (checked against dnd5e 5.3.3) that the
 * module depends on, reduced to what it touches (see `README.md` here):
 * - `Actor5e#applyDamage` / `#calculateDamage`: the order of the hooks, one
 *   shared options object, temp HP taken first, `tempmax`, dnd5e's own
 *   resistance (halving) unless ignored (`options.ignore === true`, or the
 *   tray's per-type `ignore.resistance` Set), the `modifyTokenAttribute` hook
 *   dnd5e calls before its one `actor.update`;
 * - `Actor5e#modifyTokenAttribute` for HP (the token HUD): a delta through `applyDamage`;
 * - `Actor5e._preUpdate` for HP: records the HP before the update in `options.dnd5e.hp`;
 * - rests (`Actor5e#rest` → `actor.update(updateData, { isRest: true })`):
 *   HP to max, temp HP and (by default) temp max HP to 0;
 * - the damage tray (`DamageApplicationElement`): per-target options stored
 *   and reused for every preview and for the application;
 * - dnd5e's status effect ids (`CONFIG.statusEffects`, `CONFIG.specialStatusEffects`);
 * - `globalThis.dnd5e` (`dnd5eNamespace`): the actor sheet classes' `TABS` and
 *   `PARTS`, the tray element and `ChatMessage5e` the module looks up.
 */
import type { Dnd5eDamage } from "../../src/foundry/hook-types.ts";
import type { ActorDouble, Client, World } from "./double.ts";

/** dnd5e's HP: `tempmax` raises (or lowers) the effective maximum. */
export type Hp5e = { value: number; max: number; temp: number; tempmax: number };
type Summary = Dnd5eDamage[] & { amount: number; temp: number; tempMax: number };
/** Damage application options as dnd5e passes them through its hooks (the tray's are stored per target). */
export type Options5e = Record<string, unknown> & { ignore?: true | { immunity?: Set<string> | true; resistance?: Set<string> | true; vulnerability?: Set<string> | true }; multiplier?: number };

/** dnd5e HP for a seed: `{ value, max, temp, tempmax }` (dnd5e actors always have all four). */
export const hp5e = (value: number, max: number, temp = 0, tempmax = 0): Hp5e => ({ value, max, temp, tempmax });

const hpOf = (actor: ActorDouble): Hp5e => {
  const hp = (actor.system.attributes as { hp: Partial<Hp5e> & { value: number; max: number } }).hp;
  return { value: hp.value, max: hp.max, temp: hp.temp ?? 0, tempmax: hp.tempmax ?? 0 };
};

type Category = "immunity" | "resistance" | "vulnerability";

/** dnd5e's `#changeIsIgnored` for the tray's toggles: `ignore: true`, or the category's Set (or `true`). */
const ignored = (options: Options5e, category: Category, type: string): boolean => {
  const ignore = options.ignore;
  if (ignore === true) return true;
  const set = ignore?.[category];
  return set === true || (set instanceof Set && set.has(type));
};

/** dnd5e's `#changeHasEffect` without bypasses and downgrades: the trait Set (`di`, `dr`, `dv`) holds the type or `ALL`. */
function hasEffect(actor: ActorDouble, category: Category, type: string, options: Options5e): boolean {
  const key = `d${category[0]}` as "di" | "dr" | "dv";
  const set = (actor.system.traits as Record<string, { value?: Set<string> } | undefined> | undefined)?.[key]?.value;
  if (set === undefined || ignored(options, category, type)) return false;
  return set.has(type) || set.has("ALL");
}

/**
 * dnd5e 5.3.3 `Actor5e#calculateDamage` for damage types (foundryvtt/dnd5e
 * `module/documents/actor/actor.mjs`): per part, immunity makes it 0;
 * otherwise the value times the multiplier, resistance truncates the half
 * (`Math.trunc(appliedDamage / 2)`), vulnerability doubles; the parts are
 * summed and the sum truncated once (`damages.amount = Math.trunc(...)`).
 * No `dm`, threshold, bypasses, downgrades or healing types.
 */
export function calculateDamage5e(actor: ActorDouble, input: Dnd5eDamage[], options: Options5e): Summary | false {
  const damages = input.map((d) => ({ ...d })) as Summary;
  Object.assign(damages, { amount: 0, temp: 0, tempMax: 0 });
  if (Hooks.call("dnd5e.preCalculateDamage", actor as never, damages, options) === false) return false;
  for (const d of damages) {
    if (hasEffect(actor, "immunity", d.type, options)) {
      d.value = 0;
      continue;
    }
    let value = d.value * (options.multiplier ?? 1);
    if (hasEffect(actor, "resistance", d.type, options)) value = Math.trunc(value / 2);
    if (hasEffect(actor, "vulnerability", d.type, options)) value *= 2;
    d.value = value;
    damages.amount += value;
  }
  damages.amount = Math.trunc(damages.amount);
  if (Hooks.call("dnd5e.calculateDamage", actor as never, damages, options) === false) return false;
  return damages;
}

/** dnd5e's `actor.applyDamage(damages, options)`; a number is untyped damage with `ignore: true` (dnd5e's HUD path). */
export async function applyDamage5e(actor: ActorDouble, damages: number | Dnd5eDamage[], options: Options5e = {}): Promise<void> {
  const hp = hpOf(actor);
  let list = damages as Dnd5eDamage[];
  if (typeof damages === "number") {
    list = [{ value: damages, type: "" }];
    options.ignore ??= true;
  }
  const calc = calculateDamage5e(actor, list, options);
  if (calc === false) return;
  const deltaTemp = calc.amount > 0 ? Math.min(hp.temp, calc.amount) : 0;
  const damage = hp.max + hp.tempmax - hp.value;
  const deltaHP = Math.min(Math.max(calc.amount - deltaTemp, -damage + calc.tempMax), hp.value - calc.tempMax);
  const updates: Record<string, number> = {
    "system.attributes.hp.temp": hp.temp - deltaTemp,
    "system.attributes.hp.tempmax": hp.tempmax - calc.tempMax,
    "system.attributes.hp.value": hp.value - deltaHP,
  };
  if (calc.temp > updates["system.attributes.hp.temp"]!) updates["system.attributes.hp.temp"] = calc.temp;
  if (Hooks.call("dnd5e.preApplyDamage", actor as never, calc.amount, updates, options) === false) return;
  if (Hooks.call("modifyTokenAttribute", { attribute: "attributes.hp", value: calc.amount, isDelta: false, isBar: true }, updates) === false) return;
  const world = (actor.constructor as unknown as { world: World }).world;
  const client = world.active;
  await actor.update(updates);
  // Another client's task may have run during the write (the double installs one client's globals at a time): the hook is this client's.
  world.as(client, () => Hooks.callAll("dnd5e.applyDamage", actor as never, calc.amount, options));
}

/** `Actor5e#modifyTokenAttribute` for HP (the token HUD's bar edit): the change becomes damage through `applyDamage`. */
export function modifyHp5e(actor: ActorDouble, value: number, isDelta: boolean): Promise<void> {
  const hp = hpOf(actor);
  return applyDamage5e(actor, isDelta ? -value : hp.value + hp.temp - value, { isDelta });
}

/**
 * A short or long rest (`Actor5e#rest`): HP to the maximum, temp HP to 0 and,
 * unless `recoverTempMax` is false, temp max HP to 0 (then HP goes to the
 * effective maximum instead), in one `actor.update(..., { isRest: true })`.
 */
export async function rest5e(actor: ActorDouble, { type = "long", recoverTemp = true, recoverTempMax = true }: { type?: "short" | "long"; recoverTemp?: boolean; recoverTempMax?: boolean } = {}): Promise<void> {
  const hp = hpOf(actor);
  const updateData: Record<string, unknown> = {};
  if (type === "long") {
    if (recoverTempMax) updateData["system.attributes.hp.tempmax"] = 0;
    updateData["system.attributes.hp.value"] = recoverTempMax ? hp.max : Math.max(0, hp.max + hp.tempmax);
    if (recoverTemp) updateData["system.attributes.hp.temp"] = 0;
  }
  const result = { type, updateData };
  // dnd5e's rest hooks are not in the module's hook types (it does not use them).
  const hooks = Hooks as unknown as { call(hook: string, ...args: unknown[]): boolean; callAll(hook: string, ...args: unknown[]): true };
  if (hooks.call("dnd5e.preRestCompleted", actor, result, { type }) === false) return;
  await actor.update(updateData, { isRest: true });
  hooks.callAll("dnd5e.restCompleted", actor, result, { type });
}

/**
 * dnd5e's damage tray on one chat message (`DamageApplicationElement`): the
 * options of each target are created once and kept; every preview
 * (`calculateDamage` on render) and the application see that same stored
 * object; applying passes a shallow copy with `isDelta` and `origin`, one
 * target after another with `await`.
 */
export class DamageTray5e {
  readonly #options = new Map<string, Options5e>();
  constructor(readonly damages: Dnd5eDamage[], readonly origin: object = {}) {}
  /** The stored options of a target (created on first use). */
  targetOptions(uuid: string): Options5e {
    if (!this.#options.has(uuid)) this.#options.set(uuid, { multiplier: 1, originatingMessage: this.origin });
    return this.#options.get(uuid)!;
  }
  /** The preview of one target, as the tray renders it: dnd5e's calculation with the stored options. */
  preview(actor: ActorDouble): number | false {
    const calc = calculateDamage5e(actor, this.damages, this.targetOptions(actor.uuid));
    return calc === false ? false : calc.amount;
  }
  /** Click a resistance toggle: ignore (or stop ignoring) resistance to `type` for that target, then re-render its row. */
  toggleResistance(actor: ActorDouble, type: string): void {
    const options = this.targetOptions(actor.uuid);
    const ignore = options.ignore ?? (options.ignore = {});
    if (ignore === true) throw new Error("the tray's options hold ignore: true, not its per-category Sets");
    const set = ignore.resistance instanceof Set ? ignore.resistance : (ignore.resistance = new Set<string>());
    if (set.has(type)) set.delete(type);
    else set.add(type);
    this.preview(actor);
  }
  /** The tray's Apply button. */
  async apply(actors: ActorDouble[]): Promise<void> {
    for (const actor of actors) await applyDamage5e(actor, this.damages, { ...this.targetOptions(actor.uuid), isDelta: true, origin: this.origin });
  }
}

/** dnd5e 5.3.3's status effect ids (`DND5E.statusEffects`, `DND5E.conditionTypes`, encumbrance), as `CONFIG.statusEffects` holds them under dnd5e. */
export const DND5E_STATUS_IDS = [
  "burrowing", "concentrating", "coverHalf", "coverThreeQuarters", "coverTotal", "dead", "dodging", "ethereal", "flying", "hiding", "hovering", "marked", "sleeping", "stable",
  "bleeding", "blinded", "burning", "charmed", "cursed", "dehydration", "deafened", "diseased", "exhaustion", "falling", "frightened", "grappled", "incapacitated", "invisible",
  "malnutrition", "paralyzed", "petrified", "poisoned", "prone", "restrained", "silenced", "stunned", "suffocation", "surprised", "transformed", "unconscious",
  "encumbered", "heavilyEncumbered",
] as const;

/** dnd5e's `CONFIG.specialStatusEffects` (core's defaults, with dnd5e's `special` ids over them). */
export const DND5E_SPECIAL_STATUS = { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blinded", BURROW: "burrowing", HOVER: "hovering", FLY: "flying", CONCENTRATING: "concentrating" } as const;

type Obj = Record<string, unknown>;

/** The concentration checks dnd5e asked for, per world: the actor and the DC (`Actor5e#challengeConcentration`). */
const checks = new WeakMap<World, { actor: string; dc: number }[]>();
export const concentrationChecks = (world: World): { actor: string; dc: number }[] => checks.get(world) ?? [];

/**
 * Make `world` a dnd5e world: `game.system.id`, and on every client (now and
 * later) dnd5e's status effects; `Actor5e#_preUpdate`'s
 * `AttributesFields.preUpdateHP` (the HP before the update in
 * `options.dnd5e.hp`; death saves reset when HP comes back above 0) and
 * `_onUpdate`'s `AttributesFields.onUpdateHP` (on the updating user's client a
 * concentration check of DC max(10, ⌊damage / 2⌋) when HP fell, legacy rules;
 * `dnd5e.damageActor` / `dnd5e.healActor` on every client), dnd5e 5.3.3
 * `module/data/actor/templates/attributes.mjs` and `Actor5e#getConcentrationDC`.
 */
export function useDnd5e(world: World): void {
  world.systemId = "dnd5e";
  world.onClient((client: Client) => {
    client.config.statusEffects = DND5E_STATUS_IDS.map((id) => ({ id, name: id }));
    client.config.specialStatusEffects = { ...DND5E_SPECIAL_STATUS };
  });
  world.preUpdate = (actor, changes, options) => {
    const attributes = actor.system.attributes as { hp?: unknown; death?: unknown } | undefined;
    if (attributes?.hp === undefined) return;
    // AttributesFields.preUpdateHP: coming back above 0 HP resets the death saves.
    const newValue = ((changes.system as Obj | undefined)?.attributes as { hp?: { value?: unknown } } | undefined)?.hp?.value;
    if (hpOf(actor).value <= 0 && typeof newValue === "number" && newValue > 0) {
      const system = ((changes.system ??= {}) as Obj);
      const attrs = ((system.attributes ??= {}) as Obj);
      attrs.death = { ...((attrs.death as Obj | undefined) ?? {}), success: 0, failure: 0 };
    }
    const dnd5e = (options.dnd5e ??= {}) as Record<string, unknown>;
    dnd5e.hp = { ...hpOf(actor) };
  };
  world.onUpdate = (actor, changed, options, userId) => {
    // AttributesFields.onUpdateHP: the concentration check and dnd5e.damageActor / dnd5e.healActor.
    if ((changed.system as { attributes?: { hp?: unknown } } | undefined)?.attributes?.hp === undefined) return;
    const before = (options.dnd5e as { hp?: Hp5e } | undefined)?.hp;
    if (before === undefined || options.isRest === true || options.isAdvancement === true) return;
    const curr = hpOf(actor);
    const changes = { hp: curr.value - before.value, temp: curr.temp - before.temp, total: 0 };
    changes.total = changes.hp + changes.temp;
    if (!Number.isInteger(changes.total) || changes.total === 0) return;
    const hooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): true };
    if (userId === game.user?.id && changes.total < 0 && (changes.temp < 0 || curr.value < curr.max + curr.tempmax)) {
      checks.set(world, [...concentrationChecks(world), { actor: actor.id, dc: Math.max(10, Math.floor(-changes.total / 2)) }]);
    }
    hooks.callAll(`dnd5e.${changes.total > 0 ? "heal" : "damage"}Actor`, actor, changes, changed, userId);
  };
}

/** A dnd5e actor sheet class as far as the module registers on it: its static `TABS` and `PARTS` (`PrimarySheetMixin`). */
type SheetClass5e = { TABS: { tab: string; label: string; icon?: string }[]; PARTS: Record<string, { container?: { classes: string[]; id: string }; template: string; scrollable?: string[] }> };

/** The part of dnd5e's `globalThis.dnd5e` the module reads (`dnd5e.mjs`): the sheet classes, the damage tray element, `ChatMessage5e`. */
export interface Dnd5eNamespace {
  applications: { actor: Record<"CharacterActorSheet" | "NPCActorSheet", SheetClass5e>; components: { DamageApplicationElement: unknown } };
  documents: { ChatMessage5e: unknown };
}

/** A tab-body part of a dnd5e actor sheet (`container: { classes: ["tab-body"], id: "tabs" }`). */
const tabPart = (template: string) => ({ container: { classes: ["tab-body"], id: "tabs" }, template: `systems/dnd5e/templates/actors/tabs/${template}.hbs`, scrollable: [""] });

/**
 * dnd5e 5.3.3's `globalThis.dnd5e` (set when dnd5e.mjs is evaluated, before
 * `init`), reduced to what the module reads: `applications.actor`'s
 * `CharacterActorSheet` and `NPCActorSheet` with their static `TABS` and
 * `PARTS` (a few of each: the tab-body parts and the sidebar tabs part, in
 * dnd5e's order), `applications.components.DamageApplicationElement` with
 * `_onApplyDamage`, and `documents.ChatMessage5e` with
 * `applyChatCardDamage`. Those two methods are here to be found and wrapped;
 * the tests that apply through them give classes of their own
 * (`Client.dnd5e`). New classes for every call: the module changes them (the
 * tab registration, the wrappers), once per client, as each client of a real
 * world has its own copy of dnd5e.
 */
export function dnd5eNamespace(): Dnd5eNamespace {
  class CharacterActorSheet {
    static TABS = [{ tab: "details", label: "DND5E.Details", icon: "fas fa-cog" }, { tab: "inventory", label: "DND5E.Inventory" }, { tab: "specialTraits", label: "DND5E.SpecialTraits", icon: "fas fa-star" }];
    static PARTS = { details: tabPart("character-details"), inventory: tabPart("character-inventory"), specialTraits: tabPart("creature-special-traits"), tabs: { template: "systems/dnd5e/templates/shared/sidebar-tabs.hbs" } };
  }
  class NPCActorSheet {
    static TABS = [{ tab: "features", label: "DND5E.Features", icon: "fas fa-list" }, { tab: "inventory", label: "DND5E.Inventory" }, { tab: "specialTraits", label: "DND5E.SpecialTraits", icon: "fas fa-star" }];
    static PARTS = { features: tabPart("actor-features"), inventory: tabPart("actor-inventory"), specialTraits: tabPart("creature-special-traits"), tabs: { template: "systems/dnd5e/templates/shared/sidebar-tabs.hbs" } };
  }
  class DamageApplicationElement {
    async _onApplyDamage(): Promise<void> {
      throw new Error("the double's DamageApplicationElement applies nothing: give the test a tray of its own (DamageTray5e)");
    }
  }
  class ChatMessage5e {
    applyChatCardDamage(): Promise<void> {
      return Promise.reject(new Error("the double's ChatMessage5e applies nothing: give the test a message class of its own"));
    }
  }
  return { applications: { actor: { CharacterActorSheet, NPCActorSheet }, components: { DamageApplicationElement } }, documents: { ChatMessage5e } };
}
