/**
 * How much of a direct actor update is damage: reads the mapped
 * life paths before and after the update, the update's cause (dnd5e's
 * `isRest` / `isAdvancement` options, an activity's HP consumption) and the
 * world setting `damageUpdates`, and lets `core/damage-update.ts` decide.
 */
import { damageFromUpdate, type HpValues, type UpdateCause } from "../../core/damage-update.ts";
import type { ResourcePaths } from "../../core/resource-map.ts";
import { readPath } from "../../core/update-paths.ts";
import { setting } from "../settings/settings.ts";
import { readChange } from "./changed.ts";
import { takeConsumption } from "./consumption.ts";

/** A whole number ≥ 0 read from `value` (numbers or numeric strings), else `fallback`. */
export function wholeOr(value: unknown, fallback: number): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : fallback;
}

/** The temporary-max path beside a `…max` path (dnd5e `system.attributes.hp.tempmax`). */
function tempmaxPath(paths: ResourcePaths): string | undefined {
  return paths.max?.endsWith(".max") ? `${paths.max.slice(0, -4)}.tempmax` : undefined;
}

function cause(actor: Actor.Implementation, changed: Record<string, unknown>, options: Record<string, unknown>): UpdateCause | undefined {
  if (options.isRest === true) return "rest";
  if (options.isAdvancement === true) return "advancement";
  return takeConsumption(actor.uuid, changed) ? "consumption" : undefined;
}

/**
 * Points of damage that `changed` (an update of `actor`, before it is
 * written) deals through the life resource at `paths`, or 0 when the update
 * is no hit (no HP change, a rest, advancement, consumption, a temp-HP or
 * max-HP edit, or a change the `damageUpdates` setting does not count).
 * `systemHit`: the game system said this write is its own damage
 * application (pf2e's `applyDamage`, `describeUpdate`): then a drop of
 * temporary HP alone is a hit too (pf2e takes temp HP first,
 * `calculateHealthDelta`), unless the setting counts no updates at all.
 */
export function updateDamage(actor: Actor.Implementation, changed: Record<string, unknown>, options: Record<string, unknown>, paths: ResourcePaths, systemHit = false): number {
  const fields: [keyof HpValues, string | undefined][] = [["value", paths.value], ["temp", paths.temp], ["max", paths.max], ["tempmax", tempmaxPath(paths)]];
  const before: HpValues = { value: 0 };
  const after: HpValues = { value: 0 };
  let touched = false;
  for (const [key, path] of fields) {
    if (path === undefined) continue;
    const old = key === "tempmax" ? Number(readPath(actor, path)) || 0 : wholeOr(readPath(actor, path), 0);
    const next = readChange(changed, path);
    before[key] = old;
    after[key] = next === undefined ? old : key === "tempmax" ? Number(next) : wholeOr(next, old);
    touched ||= next !== undefined;
  }
  if (!touched) return 0;
  const mode = setting("damageUpdates");
  const verdict = damageFromUpdate(before, after, cause(actor, changed, options), systemHit && mode === "value" ? "valueAndTemp" : mode);
  return "damage" in verdict ? verdict.damage : 0;
}
