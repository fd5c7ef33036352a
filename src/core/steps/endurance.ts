/**
 * Endurance: "drop to 1 hit point instead of 0" (SRD 5.2 Orc "Relentless
 * Endurance", Zombie "Undead Fortitude"; pf2e Bestiary "Ferocity"). Sits
 * right before `life`: it acts on the life the hit would leave, after every
 * reduction, ward and cap.
 *
 * When the damage still unabsorbed would take the life resource from above 0
 * to 0, the first entry that applies leaves it at the entry's `hp` instead:
 * the points beyond (life − hp) are cut from the hit. An entry applies when
 * - its condition holds and no event trait is in its `ignoredBy` (Undead
 *   Fortitude: `critical`);
 * - no part that still carries damage has a type in `exceptTypes` (radiant);
 * - it has a use left (`uses`, kept in `state.oneTimeUses` by id, restored by
 *   `rest` in `lifecycle.ts` as its `recharge` says);
 * - with a `saveDc`, the defender's roll (the adapter's Foundry roll in
 *   `defender.saves[id]`, else d20 + bonus from the passed-in random source)
 *   is at least `saveDc` + the damage taken (SRD 5.2: "DC 5 plus the damage
 *   taken"). A failed save spends no use and lets the next entry try.
 * Already at 0, or a hit that leaves life above 0: nothing happens.
 */
import { applies } from "../conditions.ts";
import { reduceTotal, unabsorbed, stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import type { Endurance } from "../model/defenses.ts";
import { lifeOptionsSchema } from "../model/profile.ts";
import { defenseRef } from "./refs.ts";
import { optionsReader } from "./stepOptions.ts";

const KEY = "DAMAGECHAIN.Trace.endurance";
const readOptions = optionsReader("life", lifeOptionsSchema);

/** The state key of an endurance entry's uses: its id, else its place in the list. */
export function enduranceKey(e: Endurance, index: number): string {
  return e.id ?? `endurance-${index}`;
}

/** True when a part that carries damage has one of `types`. */
function hasType(ctx: StepContext, types: readonly string[]): boolean {
  if (types.length === 0) return false;
  for (const p of ctx.parts) if (p.amount > 0 && p.types.some((t) => types.includes(t))) return true;
  return false;
}

/** The save total for entry `key`: the adapter's roll, else d20 + bonus. */
function saveTotal(ctx: StepContext, key: string, bonus: number): number {
  return ctx.defender.saves?.[key] ?? ctx.random.int(20) + 1 + bonus;
}

/**
 * Options: the `life` step's `resource` (default `hp`). Notes: `none`,
 * `excepted`, `noUses`, `saveFailed` {roll, dc}, `held` {before, hp,
 * ignored, left?}, `heldSave` {before, hp, ignored, roll, dc, left?}. Defenses: the entry
 * that acted or was tried. An entry tried in vain is `shown`: the card says
 * why it did not hold (a failed save, no use left, radiant damage).
 */
export const endurance: Step = (ctx, options): StepNote => {
  const { resource } = readOptions(options);
  const pool = ctx.resources[resource];
  const damage = unabsorbed(ctx);
  if (pool === undefined || pool.value === 0 || damage < pool.value) return stepNote(`${KEY}.none`);
  let tried: StepNote | undefined;
  const list = ctx.defenses.endurance;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    // Endurance leaves life at `hp`; it never raises it.
    if (pool.value < e.hp) continue;
    const defenses = [defenseRef("endurance", e)];
    if (!applies(e, ctx.event) || hasType(ctx, e.exceptTypes)) {
      tried ??= stepNote(`${KEY}.excepted`, undefined, defenses, undefined, true);
      continue;
    }
    const key = enduranceKey(e, i);
    const left = e.uses === undefined ? undefined : (ctx.state.oneTimeUses[key] ?? e.uses);
    if (left === 0) {
      tried ??= stepNote(`${KEY}.noUses`, undefined, defenses, undefined, true);
      continue;
    }
    const roll: Record<string, number> = {};
    if (e.saveDc !== undefined) {
      const dc = e.saveDc + damage;
      const total = saveTotal(ctx, key, e.saveBonus);
      roll.roll = total;
      roll.dc = dc;
      if (total < dc) {
        tried = stepNote(`${KEY}.saveFailed`, { roll: total, dc }, defenses, undefined, true);
        continue;
      }
    }
    const before = pool.value;
    const ignored = reduceTotal(ctx, damage - (before - e.hp));
    const params: Record<string, number> = { before, hp: e.hp, ignored, ...roll };
    if (left !== undefined) {
      ctx.own("oneTimeUses")[key] = left - 1;
      params.left = left - 1;
    }
    return stepNote(e.saveDc === undefined ? `${KEY}.held` : `${KEY}.heldSave`, params, defenses);
  }
  return tried ?? stepNote(`${KEY}.none`);
};
