/**
 * Resource mapping: which path of an actor's data holds each chain resource
 * (`hp`, `guard`, `magicArmor`, `body`...), per actor type. Resources with no
 * path are kept by the module in the actor's flags (`pools`). Pure data and
 * arithmetic; the Foundry adapter supplies the actor data and writes the result.
 */
import { z } from "./zod.ts";
import { keyed, say, VALIDATION_KEYS } from "./messages.ts";
import { storageKey } from "./model/common.ts";
import type { Resources } from "./model/defender.ts";
import type { LifeOptions, PoolsOptions, Profile } from "./model/profile.ts";
import { readPath } from "./update-paths.ts";
import type { InputProblem } from "./validate.ts";

/** `Object.prototype.hasOwnProperty`, called on the object a `for...in` walks with its key: V8 then skips the check (`update-paths.ts` ownKey); the walks make no list of pairs per target of an area hit. */
const ownKey = Object.prototype.hasOwnProperty;

const dataPath = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { error: keyed("DAMAGECHAIN.Validation.DataPath") }));

/**
 * Where one resource lives. `value` and `max` are dotted paths from the actor
 * (`system.attributes.hp.value`). `temp` is temporary HP taken before `value`
 * (dnd5e): the chain sees value + temp points. `min` is the lowest value the
 * system lets `value` fall to, when that is below 0 (Draw Steel's heroes): the
 * chain still stops life at 0, and the system's adapter writes what is left of
 * the hit below 0, down to it (`src/foundry/systems/draw-steel/below-zero.ts`).
 */
export const resourcePathsSchema = z.strictObject({ value: dataPath, max: z.optional(dataPath), temp: z.optional(dataPath), min: z.optional(dataPath) });

/** Resource key → paths, for one actor type. */
export const actorTypeMappingSchema = z.record(storageKey, resourcePathsSchema);

/** Actor type → its mapping. A type with no entry uses the detected default. */
export const resourceMappingSchema = z.record(z.string().check(z.minLength(1)), actorTypeMappingSchema);

/**
 * Where one resource lives (see {@link resourcePathsSchema}). `marked`, set
 * only by a game system's own HP paths, never by the mapping setting: `value`
 * counts the slots marked out of `max` (Daggerheart's Hit Points,
 * `system.resources.hitPoints`), so the chain sees `max - value` points left
 * and a hit writes `max - left`.
 */
export type ResourcePaths = z.infer<typeof resourcePathsSchema> & { marked?: boolean };
export type ActorTypeMapping = Record<string, ResourcePaths>;
export type ResourceMapping = z.infer<typeof resourceMappingSchema>;

/** dnd5e 5.x hit points: value, max and temporary HP (taken first, as dnd5e does). */
export const DND5E_HP: ResourcePaths = {
  value: "system.attributes.hp.value",
  max: "system.attributes.hp.max",
  temp: "system.attributes.hp.temp",
};

/**
 * Paths for a token bar attribute (`attributes.hp`, as stored in a token's
 * `bar1.attribute`): `system.<attr>.value` and `system.<attr>.max`.
 */
export function tokenBarPaths(attribute: string): ResourcePaths {
  return { value: `system.${attribute}.value`, max: `system.${attribute}.max` };
}

/**
 * The resource a profile treats as life: the `life` step's `resource` option
 * (default `hp`, 000/001/002/003), or for a pools profile without a life step
 * the last pool in its order (`body`, 004).
 */
export function lifeKey(profile: Profile): string {
  const life = profile.steps.find((l) => l.step === "life" && l.enabled);
  if (life !== undefined) return (life.options as Partial<LifeOptions>).resource ?? "hp";
  const pools = profile.steps.find((l) => l.step === "pools" && l.enabled);
  const order = (pools?.options as Partial<PoolsOptions> | undefined)?.order;
  return order?.[order.length - 1] ?? (pools !== undefined ? "body" : "hp");
}

/**
 * The default mapping for an actor type: the profile's life resource at the
 * system's HP (`hpPaths`), every other resource in flags.
 */
export function defaultMapping(profile: Profile, hpPaths: ResourcePaths): ActorTypeMapping {
  return { [lifeKey(profile)]: hpPaths };
}

function wholeNumber(data: unknown, path: string, problems: InputProblem[]): number | undefined {
  const v = readPath(data, path);
  if (v === undefined || v === null) return undefined;
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n)) {
    problems.push({ path, message: say(VALIDATION_KEYS.number) });
    return undefined;
  }
  return Math.max(0, Math.trunc(n));
}

/**
 * Read the mapped resources from actor data, then add `pools` (flag-stored)
 * for keys the mapping does not cover. Values are whole points >= 0 (temp
 * added to value and to max). A path holding something that is not a number
 * is reported and the resource left out.
 */
export function readResources(data: unknown, mapping: ActorTypeMapping, pools: Resources): { resources: Resources; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const resources: Resources = {};
  for (const key in mapping) {
    if (!ownKey.call(mapping, key)) continue;
    const paths = mapping[key]!;
    const value = wholeNumber(data, paths.value, problems);
    if (value === undefined) continue;
    const temp = paths.temp === undefined ? 0 : (wholeNumber(data, paths.temp, problems) ?? 0);
    const max = paths.max === undefined ? undefined : wholeNumber(data, paths.max, problems);
    if (paths.marked === true) {
      // Slots left unmarked; more marks than slots leave none.
      if (max !== undefined) resources[key] = { value: Math.max(max - value, 0), max };
      continue;
    }
    const total = value + temp;
    resources[key] = max === undefined ? { value: total } : { value: total, max: Math.max(total, max + temp) };
  }
  for (const key in pools) {
    if (ownKey.call(pools, key) && !(key in mapping)) resources[key] = { ...pools[key]! };
  }
  return { resources, problems };
}

/**
 * The data-path values that hold `after` for the mapped resources that
 * changed from `before`: path → new whole number (only paths that change). A loss comes off `temp`
 * first, then `value`; a gain goes to `value`. A `marked` resource writes the
 * slots marked: its max less the points left.
 */
export function resourceWrites(data: unknown, mapping: ActorTypeMapping, before: Resources, after: Resources): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key in mapping) {
    if (!ownKey.call(mapping, key)) continue;
    const paths = mapping[key]!;
    const b = before[key];
    const a = after[key];
    if (b === undefined || a === undefined || a.value === b.value) continue;
    if (paths.marked === true) {
      out[paths.value] = (b.max ?? a.value) - a.value;
      continue;
    }
    const temp = paths.temp === undefined ? 0 : Math.max(0, Math.trunc(Number(readPath(data, paths.temp)) || 0));
    const value = b.value - temp;
    const loss = b.value - a.value;
    const fromTemp = loss > 0 ? Math.min(temp, loss) : 0;
    if (paths.temp !== undefined && fromTemp > 0) out[paths.temp] = temp - fromTemp;
    if (loss !== fromTemp) out[paths.value] = value - (loss - fromTemp);
  }
  return out;
}

/** The flag-stored pools after the hit: every resource the mapping does not cover. */
export function poolsAfter(mapping: ActorTypeMapping, after: Resources): Resources {
  const out: Resources = {};
  for (const key in after) if (ownKey.call(after, key) && !(key in mapping)) out[key] = { ...after[key]! };
  return out;
}
