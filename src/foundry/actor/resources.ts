/**
 * Which actor data paths hold the chain's resources (resource
 * mapping). Order of preference for an actor type:
 * 1. the world setting `resourceMapping[actor.type]`, when valid;
 * 2. dnd5e: the profile's life resource at `system.attributes.hp` (value, max,
 *    temp HP taken first);
 * 3. any other system: the actor's token bar 1 attribute, else the system's
 *    `primaryTokenAttribute` (`system.<attr>.value` / `.max`).
 * Every resource without a path is kept in the actor's flags (`pools`).
 */
import type { Profile } from "../../core/model/profile.ts";
import { systemData } from "./system-support.ts";
import { defaultMapping, resourceMappingSchema, tokenBarPaths, type ActorTypeMapping, type ResourceMapping, type ResourcePaths } from "../../core/resource-map.ts";
import { parseWith, type InputProblem } from "../../core/validate.ts";
import { setting } from "../settings/settings.ts";

/** The last setting content validated and what it gave (shared: callers do not change it). */
let last: { text: string; read: { mapping: ResourceMapping; problems: InputProblem[] } } | undefined;

/** The world mapping as stored, validated. Invalid settings give `{}` plus problems. */
export function worldMapping(): { mapping: ResourceMapping; problems: InputProblem[] } {
  const stored = setting("resourceMapping");
  // Read for every target of a hit: validated once per distinct content (the setting may be changed in place).
  let text: string | undefined;
  try {
    text = JSON.stringify(stored);
  } catch {
    text = undefined; // not JSON data: validated below, never cached
  }
  if (text !== undefined && last?.text === text) return last.read;
  const parsed = parseWith(resourceMappingSchema, stored, "settings.resourceMapping");
  const read = parsed.ok ? { mapping: parsed.value, problems: [] } : { mapping: {}, problems: parsed.problems };
  if (text !== undefined) last = { text, read };
  return read;
}

/** The system's HP paths for `actor`, detected (dnd5e, token bar, primary token attribute), or undefined. */
export function detectHpPaths(actor: Actor.Implementation): ResourcePaths | undefined {
  const own = systemData()?.hpPaths;
  if (own !== undefined) return own;
  const bar = actor.prototypeToken?.bar1?.attribute ?? game.system?.primaryTokenAttribute;
  return bar ? tokenBarPaths(bar) : undefined;
}

/**
 * The mapping used for `actor` under `profile`. `memo`, when given, keeps the
 * answer per actor type and detected HP paths (one hit on many actors reads
 * the setting once per kind of actor); the mapping returned is then shared:
 * do not change it.
 */
export function mappingFor(actor: Actor.Implementation, profile: Profile, memo?: Map<string, ActorTypeMapping>): ActorTypeMapping {
  if (memo === undefined) return findMapping(actor, profile);
  const key = `${actor.type}|${systemData()?.hpPaths !== undefined ? "" : (actor.prototypeToken?.bar1?.attribute ?? "")}`;
  let mapping = memo.get(key);
  if (mapping === undefined) memo.set(key, (mapping = findMapping(actor, profile)));
  return mapping;
}

function findMapping(actor: Actor.Implementation, profile: Profile): ActorTypeMapping {
  const stored = worldMapping().mapping[actor.type];
  if (stored !== undefined) return stored;
  const hp = detectHpPaths(actor);
  return hp === undefined ? {} : defaultMapping(profile, hp);
}
