/**
 * A double of dnd5e 5.x's damage application (`Actor5e#applyDamage` and
 * `#calculateDamage`), reduced to what the module depends on: the order of
 * the hooks, one shared options object, temp HP taken first, dnd5e's own
 * resistance (halving) unless `options.ignore`, one `actor.update`.
 */
import type { Dnd5eDamage } from "../../src/foundry/hooks/types.ts";
import type { ActorDouble } from "./double.ts";

type Hp = { value: number; max: number; temp: number };
type Summary = Dnd5eDamage[] & { amount: number; temp: number; tempMax: number };

function calculateDamage(actor: ActorDouble, input: Dnd5eDamage[], options: Record<string, unknown>): Summary | false {
  const damages = input.map((d) => ({ ...d })) as Summary;
  Object.assign(damages, { amount: 0, temp: 0, tempMax: 0 });
  if (Hooks.call("dnd5e.preCalculateDamage", actor as never, damages, options) === false) return false;
  const resisted = ((actor.system.traits as { dr?: { value: Set<string> } } | undefined)?.dr?.value) ?? new Set<string>();
  for (const d of damages) {
    let value = d.value * ((options.multiplier as number | undefined) ?? 1);
    if (options.ignore !== true && resisted.has(d.type)) value = Math.trunc(value / 2);
    d.value = value;
    damages.amount += value;
  }
  if (Hooks.call("dnd5e.calculateDamage", actor as never, damages, options) === false) return false;
  return damages;
}

/** dnd5e's `actor.applyDamage(damages, options)`; a number is untyped damage with `ignore: true` (dnd5e's HUD path). */
export async function applyDamage5e(actor: ActorDouble, damages: number | Dnd5eDamage[], options: Record<string, unknown> = {}): Promise<void> {
  const hp = (actor.system.attributes as { hp: Hp }).hp;
  let list = damages as Dnd5eDamage[];
  if (typeof damages === "number") {
    list = [{ value: damages, type: "" }];
    options.ignore ??= true;
  }
  const calc = calculateDamage(actor, list, options);
  if (calc === false) return;
  const deltaTemp = calc.amount > 0 ? Math.min(hp.temp, calc.amount) : 0;
  const deltaHP = Math.min(Math.max(calc.amount - deltaTemp, -(hp.max - hp.value)), hp.value);
  const updates: Record<string, unknown> = { "system.attributes.hp.temp": hp.temp - deltaTemp, "system.attributes.hp.value": hp.value - deltaHP };
  if (Hooks.call("dnd5e.preApplyDamage", actor as never, calc.amount, updates, options) === false) return;
  await actor.update(updates);
  Hooks.callAll("dnd5e.applyDamage", actor as never, calc.amount, options);
}
