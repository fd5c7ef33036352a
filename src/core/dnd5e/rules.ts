/**
 * When a dnd5e damage trait acts on a part, as dnd5e 5.3.3 decides it
 * (foundryvtt/dnd5e, commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449,
 * `module/documents/actor/actor.mjs`): `#changeHasEffect` (lines 918-957) and
 * `#changeIsIgnored` (lines 971-988), written out again over plain data
 * ({@link Dnd5eTraits}, {@link Dnd5eApplication}) for the `dnd5e` profile's
 * steps. Pure. Ids are lower case; `all` is dnd5e's `ALL`.
 */
import type { DamageEvent } from "../model/event.ts";
import { DND5E_HEALING_TYPES, DND5E_PHYSICAL_TYPES, DND5E_TRAIT_PROPERTIES, type Dnd5eApplication, type Dnd5eTrait, type Dnd5eTraits } from "../model/dnd5e.ts";

/** A category of dnd5e trait (`DamageAffectCategory`): `di`, `dr`, `dv`, `dm`. */
export type Dnd5eCategory = "immunity" | "resistance" | "vulnerability" | "modification";

/** No traits, no options: what a defender or event without dnd5e data has. */
export const NO_DND5E_TRAITS: Dnd5eTraits = Object.freeze({
  di: { value: [], bypasses: [] },
  dr: { value: [], bypasses: [] },
  dv: { value: [], bypasses: [] },
  dm: { amount: {}, bypasses: [] },
}) as Dnd5eTraits;
export const NO_DND5E_APPLICATION: Dnd5eApplication = Object.freeze({ multiplier: 1, ignore: false, downgrade: false });

/** True for dnd5e's physical types, which alone can be bypassed (`isPhysical`, lines 942-943, 844). */
export const isPhysical = (type: string): boolean => DND5E_PHYSICAL_TYPES.includes(type);
/** True for dnd5e's healing types, which `all` never covers (lines 847, 933, 946). */
export const isHealing = (type: string): boolean => DND5E_HEALING_TYPES.includes(type);

/** `true`, or a list holding `type`. */
function covers(v: boolean | readonly string[], type: string): boolean {
  return v === true || (v !== false && v.includes(type));
}

/** True when the tray downgrades immunity to `type` (`options.downgrade`: `true` or a set of types). */
export function downgraded(app: Dnd5eApplication, type: string): boolean {
  return covers(app.downgrade, type);
}

/** True when the tray's `ignore` names this category and type (lines 975-978). */
function ignoredByTray(app: Dnd5eApplication, category: Dnd5eCategory, type: string): boolean {
  const ig = app.ignore;
  if (typeof ig === "boolean") return ig;
  const c = ig[category];
  return c !== undefined && covers(c, type);
}

/**
 * Immunity to `type` regardless of the tray and of bypasses: `all` (unless a
 * healing type) or the type itself. dnd5e asks this without options (lines
 * 933, 936, 984), so no tray toggle and no property changes it.
 */
export function immuneAtAll(traits: Dnd5eTraits, type: string): boolean {
  return (!isHealing(type) && traits.di.value.includes("all")) || traits.di.value.includes(type);
}

/**
 * `#changeIsIgnored` (lines 971-988): the tray ignores the category for the
 * type; a downgraded type's immunity is ignored (unless `skipDowngrade`); a
 * downgraded type's resistance is ignored unless the creature is immune to it.
 */
export function isIgnored(traits: Dnd5eTraits, app: Dnd5eApplication, category: Dnd5eCategory, type: string): boolean {
  if (ignoredByTray(app, category, type)) return true;
  if (category === "immunity" && downgraded(app, type)) return true;
  return category === "resistance" && downgraded(app, type) && !immuneAtAll(traits, type);
}

/**
 * How a trait acted on one part: `type` or `all` (the trait entry that
 * applied), `downgrade` (an immunity the tray downgraded counts as a
 * resistance, lines 932-939); or why a trait the creature has did not:
 * `bypassed` (a physical part with a property the trait's bypasses name,
 * lines 942-943), `ignored` (a tray toggle, lines 975-984).
 */
export type Dnd5eEffect =
  | { applies: true; via: "type" | "all" | "downgrade"; entry: string }
  | { applies: false; why: "bypassed" | "ignored"; entry: string }
  | { applies: false; why: "absent" };

const ABSENT: Dnd5eEffect = Object.freeze({ applies: false, why: "absent" });

function traitOf(traits: Dnd5eTraits, category: Exclude<Dnd5eCategory, "modification">): Dnd5eTrait {
  return category === "immunity" ? traits.di : category === "resistance" ? traits.dr : traits.dv;
}

/** True when a property of the part is among `bypasses`. */
export function bypassedBy(bypasses: readonly string[], properties: readonly string[]): boolean {
  for (const p of properties) if (bypasses.includes(p)) return true;
  return false;
}

/**
 * `#changeHasEffect(category, damage, { options })` (lines 918-957) for a
 * part of damage `type` with `properties`: does the creature's immunity,
 * resistance or vulnerability act on it, and through which entry.
 */
export function hasEffect(traits: Dnd5eTraits, app: Dnd5eApplication, category: Exclude<Dnd5eCategory, "modification">, type: string, properties: readonly string[]): Dnd5eEffect {
  const healing = isHealing(type);
  if (category === "resistance") {
    // A downgraded immunity counts as a resistance (lines 932-939; dnd5e asks without options or properties).
    if (!healing && downgraded(app, "all") && traits.di.value.includes("all")) return { applies: true, via: "downgrade", entry: "all" };
    if (downgraded(app, type) && immuneAtAll(traits, type)) return { applies: true, via: "downgrade", entry: traits.di.value.includes(type) ? type : "all" };
  }
  const trait = traitOf(traits, category);
  const hasAll = !healing && trait.value.includes("all");
  const hasType = trait.value.includes(type);
  if (!hasAll && !hasType) return ABSENT;
  // A physical part with a property the trait's bypasses name: the trait does nothing (lines 941-943).
  if (isPhysical(type) && properties.length > 0 && bypassedBy(trait.bypasses, properties)) return { applies: false, why: "bypassed", entry: hasType ? type : "all" };
  if (hasAll && !isIgnored(traits, app, category, "all")) return { applies: true, via: "all", entry: "all" };
  if (hasType && !isIgnored(traits, app, category, type)) return { applies: true, via: "type", entry: type };
  return { applies: false, why: "ignored", entry: hasType ? type : "all" };
}

/**
 * The dnd5e properties of a part: its own `properties` when the event gives
 * them, else those the event's traits stand for (`magical` → `mgc`,
 * `silvered` → `sil`, `adamantine` → `ada`).
 */
export function partProperties(event: Pick<DamageEvent, "traits">, own: readonly string[] | undefined): readonly string[] {
  if (own !== undefined) return own;
  const out: string[] = [];
  for (const t of event.traits) {
    const p = Object.hasOwn(DND5E_TRAIT_PROPERTIES, t) ? DND5E_TRAIT_PROPERTIES[t] : undefined;
    if (p !== undefined && !out.includes(p)) out.push(p);
  }
  return out;
}

/** The one damage type dnd5e reads of a part: its first (a dnd5e part has exactly one; a part of several types is not dnd5e's). */
export function partType(types: readonly string[]): string {
  return types[0] ?? "";
}
