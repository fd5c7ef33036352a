/**
 * What the `dnd5e` profile's steps share: the defender's dnd5e traits and the
 * event's dnd5e options with their defaults, and how a dnd5e trait is named in
 * the trace (a language-neutral {@link DefenseRef}; `explain.ts` writes it).
 */
import type { DefenseRef, StepContext, TraceDetail, WorkingPart } from "../context.ts";
import type { Dnd5eApplication, Dnd5eTraits } from "../model/dnd5e.ts";
import { DND5E_TRAIT_PROPERTIES } from "../model/dnd5e.ts";
import { downgraded, NO_DND5E_APPLICATION, NO_DND5E_TRAITS, partProperties, partType, type Dnd5eEffect } from "./rules.ts";

/** The defender's dnd5e traits (none when it has no `dnd5e` data). */
export function traitsOf(ctx: Pick<StepContext, "defender">): Dnd5eTraits {
  return ctx.defender.dnd5e ?? NO_DND5E_TRAITS;
}

/** The event's dnd5e application options (multiplier 1, nothing ignored, when it has none). */
export function applicationOf(ctx: Pick<StepContext, "event">): Dnd5eApplication {
  return ctx.event.dnd5e ?? NO_DND5E_APPLICATION;
}

/** A part as dnd5e reads it: its one damage type and its properties. */
export function dnd5ePart(ctx: Pick<StepContext, "event">, part: WorkingPart): { type: string; properties: readonly string[] } {
  return { type: partType(part.types), properties: partProperties(ctx.event, part.properties) };
}

const KIND = { immunity: "immunity", resistance: "resistance", vulnerability: "vulnerability" } as const;

/** A dnd5e trait named in the trace: "Immune Fire", "Resist All", "Vulnerable Radiant". */
export function traitRef(category: keyof typeof KIND, type: string): DefenseRef {
  return { kind: KIND[category], type };
}

/** The event traits that stand for `properties` (`mgc` → `magical`...); other properties by their id. */
export function propertyTraits(properties: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of properties) {
    const trait = Object.keys(DND5E_TRAIT_PROPERTIES).find((t) => DND5E_TRAIT_PROPERTIES[t] === p) ?? p;
    if (!out.includes(trait)) out.push(trait);
  }
  return out;
}

/**
 * The detail line for a trait that the creature has but that did not act on
 * a part of `type` (bypassed by a property, ignored or downgraded by the
 * damage tray), or undefined when there is nothing to say.
 */
export function notActingDetail(category: keyof typeof KIND, effect: Dnd5eEffect, type: string, properties: readonly string[], app: Dnd5eApplication): TraceDetail | undefined {
  if (effect.applies || effect.why === "absent") return undefined;
  const defenses = [traitRef(category, effect.entry)];
  if (effect.why === "bypassed") return { key: "DAMAGECHAIN.Detail.dnd5e.bypassed", params: { type, traits: propertyTraits(properties) }, defenses };
  if (category === "immunity" && (downgraded(app, type) || downgraded(app, "all"))) return { key: "DAMAGECHAIN.Detail.dnd5e.downgraded", params: { type }, defenses };
  return { key: "DAMAGECHAIN.Detail.dnd5e.ignored", params: { type }, defenses };
}

/** Add `detail` to `list` unless a detail with the same key, params and defense is there already. */
export function addDetail(list: TraceDetail[], detail: TraceDetail | undefined): void {
  if (detail === undefined) return;
  const same = (d: TraceDetail) => d.key === detail.key && JSON.stringify(d.params) === JSON.stringify(detail.params) && JSON.stringify(d.defenses) === JSON.stringify(detail.defenses);
  if (!list.some(same)) list.push(detail);
}
