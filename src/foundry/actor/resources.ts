/**
 * Which actor data paths hold the chain's resources (issue 3 §2, resource
 * mapping). Order of preference for an actor type:
 * 1. the world setting `resourceMapping[actor.type]`, when valid;
 * 2. dnd5e: the profile's life resource at `system.attributes.hp` (value, max,
 *    temp HP taken first);
 * 3. any other system: the actor's token bar 1 attribute, else the system's
 *    `primaryTokenAttribute` (`system.<attr>.value` / `.max`).
 * Every resource without a path is kept in the actor's flags (`pools`).
 */
import type { Profile } from "../../core/model/profile.ts";
import { DND5E_HP, defaultMapping, resourceMappingSchema, tokenBarPaths, type ActorTypeMapping, type ResourceMapping, type ResourcePaths } from "../../core/resource-map.ts";
import { parseWith, type InputProblem } from "../../core/validate.ts";
import { setting } from "../settings/settings.ts";

/** The world mapping as stored, validated. Invalid settings give `{}` plus problems. */
export function worldMapping(): { mapping: ResourceMapping; problems: InputProblem[] } {
  const parsed = parseWith(resourceMappingSchema, setting("resourceMapping"), "settings.resourceMapping");
  return parsed.ok ? { mapping: parsed.value, problems: [] } : { mapping: {}, problems: parsed.problems };
}

/** The system's HP paths for `actor`, detected (dnd5e, token bar, primary token attribute), or undefined. */
export function detectHpPaths(actor: Actor.Implementation): ResourcePaths | undefined {
  if (game.system?.id === "dnd5e") return DND5E_HP;
  const bar = actor.prototypeToken?.bar1?.attribute ?? game.system?.primaryTokenAttribute;
  return bar ? tokenBarPaths(bar) : undefined;
}

/** The mapping used for `actor` under `profile`. */
export function mappingFor(actor: Actor.Implementation, profile: Profile): ActorTypeMapping {
  const stored = worldMapping().mapping[actor.type];
  if (stored !== undefined) return stored;
  const hp = detectHpPaths(actor);
  return hp === undefined ? {} : defaultMapping(profile, hp);
}
