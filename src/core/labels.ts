/**
 * Labels of ids in the reader's language, each falling back to the id itself
 * when the language has no key for it: damage types, traits, resources,
 * conditions, hit locations, profiles, a defense's per-event condition. Apart
 * from the trace's formatter (`explain.ts`, which re-exports them) so that
 * what needs only a label does not load the formatter.
 */
import type { Condition } from "./model/common.ts";
import type { Localizer } from "./localizer.ts";

/** `key`'s text, or `id` when the language has no such key. */
function orId(l: Localizer, key: string, id: string): string {
  return l.has(key) ? l.format(key) : id;
}

/** Label of a damage type id (`fire` → "Fire"); unknown types show their id. Tags use it too. */
export function typeLabel(id: string, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.Type.${id}`, id);
}

/** Label of an event trait (`burst` → "Burst", `unpreventable`, 001-004); unknown traits show their id. */
export function traitLabel(id: string, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.Trait.${id}`, id);
}

/** Label of a resource key (`hp`, `magicArmor`, and the taken keys `wound`, `counters`, `temporaryDamage`). */
export function resourceLabel(key: string, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.Resource.${key}`, key);
}

/** Label of a character condition id (`slowed`, `dying`, `broken`). */
export function conditionLabel(id: string, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.Condition.${id}`, id);
}

/** Label of a hit location (`leftArm`, 004). */
export function locationLabel(id: string, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.Location.${id}`, id);
}

/** Name of a profile: a built-in's name in the reader's language (`DAMAGECHAIN.Profile.<id>`), a GM's own profile by its name. */
export function profileLabel(profile: { id: string; name: string }, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.Profile.${profile.id}`, profile.name);
}

/** Label of a defense's per-event condition (`advantage` → "Advantage", 001). */
export function whenLabel(condition: Condition, l: Localizer): string {
  return orId(l, `DAMAGECHAIN.When.${condition}`, condition);
}
