/**
 * Saving throws an actor's defenses ask for during a hit (an endurance
 * entry's `saveDc`: SRD 5.2 Zombie "Undead Fortitude"). Each is rolled here, a
 * d20 from Foundry's dice generator (`CONFIG.Dice.randomUniform`, through the
 * plan's random source) plus the actor's own save bonus, and handed to the
 * core as `defender.saves[id]`: the card shows the roll against its DC.
 *
 * The bonus is read from the prepared actor:
 * - dnd5e 5.x: `system.abilities.<ability>.save.value` (foundryvtt/dnd5e
 *   965ad2d, module/data/actor/templates/common.mjs line 161);
 * - pf2e: `system.saves.<fortitude|reflex|will>.value` (the prepared
 *   statistic's modifier);
 * - else the entry's own `bonus`.
 */
import type { Defenses } from "../../core/model/defenses.ts";
import type { RandomSource } from "../../core/pick.ts";
import { enduranceKey } from "../../core/steps/endurance.ts";
import { readPath } from "../../core/update-paths.ts";

/** The actor's save bonus for `ability`, or undefined when its data has none that is a number. */
function saveBonus(data: unknown, ability: string): number | undefined {
  for (const path of [`system.abilities.${ability}.save.value`, `system.saves.${ability}.value`]) {
    const v = readPath(data, path);
    if (typeof v === "number" && Number.isFinite(v)) return Math.max(-99, Math.min(99, Math.trunc(v)));
  }
  return undefined;
}

/**
 * One roll per endurance entry with a `saveDc`: id → d20 + bonus. Empty when no
 * entry asks for a save (no die is drawn then). `data`: the actor's data as
 * this client sees it.
 */
export function rollSaves(data: unknown, defenses: Pick<Defenses, "endurance">, random: RandomSource): Record<string, number> | undefined {
  let out: Record<string, number> | undefined;
  defenses.endurance.forEach((e, i) => {
    if (e.saveDc === undefined) return;
    (out ??= {})[enduranceKey(e, i)] = 1 + random.int(20) + (saveBonus(data, e.saveAbility) ?? e.saveBonus);
  });
  return out;
}
