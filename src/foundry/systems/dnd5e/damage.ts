/**
 * dnd5e 5.x support: turning dnd5e damage descriptions into a
 * damage event that keeps their types and properties. dnd5e's physical
 * properties become event traits: `mgc` → `magical`, `sil` → `silvered`
 * (the 001 Silvered condition), `ada` → `adamantine`.
 */
import type { Dnd5eApplicationInput } from "../../../core/model/dnd5e.ts";
import { wholeParts } from "../../../core/share.ts";
import type { DamageEventInput } from "../../../core/model/event.ts";
import type { Dnd5eDamage, Dnd5eDamageOptions } from "../../hook-types.ts";
import type { HitPlan } from "../../hit/plan.ts";

/** dnd5e property ids → event traits. */
export const PROPERTY_TRAITS: Readonly<Record<string, string>> = { mgc: "magical", sil: "silvered", ada: "adamantine" };

/** dnd5e types that are not damage (CONFIG.DND5E.healingTypes, and max-HP changes). */
const NOT_DAMAGE = new Set(["healing", "temphp", "maximum"]);

/** True when every description is damage (no healing, temp HP or max-HP change) and some damage is above 0. */
export function isDamage(damages: readonly Dnd5eDamage[]): boolean {
  return damages.every((d) => !NOT_DAMAGE.has(d.type) && d.value >= 0) && damages.some((d) => d.value > 0);
}

/**
 * The damage event for dnd5e descriptions (values as dnd5e has computed them
 * so far, possibly fractional after the tray's multiplier). dnd5e sums the
 * parts and truncates the sum once (`damages.amount = Math.trunc(...)`,
 * dnd5e 5.3.3 `Actor5e#calculateDamage`), so the parts are made whole so
 * that they add up to the truncated sum: each part is rounded down, and the
 * points the rounding lost go, one each, to the parts with the largest
 * fractions (the first on a tie). Ice Storm at ×½: 4.5 bludgeoning + 6.5 cold
 * become 5 + 6 = 11, not 4 + 6. Each part keeps its dnd5e
 * properties (`mgc`, `sil`, `ada`...) for the `dnd5e` profile's bypasses.
 */
export function eventFromDnd5e(damages: readonly Dnd5eDamage[]): DamageEventInput {
  const traits = new Set<string>();
  const kept = damages.filter((d) => d.value > 0);
  const whole = wholeParts(kept.map((d) => d.value), Math.trunc(kept.reduce((sum, d) => sum + d.value, 0)));
  const parts = kept.map((d, i) => {
    for (const p of d.properties ?? []) if (PROPERTY_TRAITS[p] !== undefined) traits.add(PROPERTY_TRAITS[p]);
    const properties = [...(d.properties ?? [])].filter((x): x is string => typeof x === "string" && x.trim() !== "");
    return { amount: whole[i]!, types: d.type ? [d.type] : [], ...(properties.length > 0 ? { properties } : {}) };
  });
  return { parts, traits: [...traits], label: "dnd5e" };
}

/**
 * midi-qol's damage reduction in dnd5e's calculated list, in whole points:
 * midi-qol 11.6.32 adds it in its `dnd5e.calculateDamage` handler as one
 * `{ type: "none", value < 0, active: { DR: true } }` entry, capped at the
 * damage (github:Trahloc/midi-qol 35bd9c8 `src/module/Hooks.ts` lines
 * 1149-1175). A DR formula rolls whole numbers; a fraction is rounded to the
 * nearest point. 0 when there is none (every world without midi-qol).
 */
export function midiReduction(damages: readonly Dnd5eDamage[]): number {
  return Math.round(damages.reduce((sum, d) => sum + (isMidiDr(d) ? -d.value : 0), 0));
}

/** True for midi-qol's damage-reduction entry (see {@link midiReduction}). */
export function isMidiDr(d: Dnd5eDamage): boolean {
  return (d as { active?: { DR?: unknown } }).active?.DR === true && d.value < 0;
}

/** `parts` with `points` taken off in order, none below 0 (a flat reduction of the whole hit, as midi-qol's one negative entry). */
export function takeOff<T extends { value: number }>(parts: readonly T[], points: number): T[] {
  let left = points;
  return parts.map((p) => {
    const off = Math.min(Math.max(0, p.value), Math.max(0, left));
    left -= off;
    return { ...p, value: p.value - off };
  });
}

/**
 * Replace mode: a copy of the raw descriptions dnd5e was asked to calculate,
 * kept by dnd5e's own working list (`Actor5e#calculateDamage` passes the same
 * array to `dnd5e.preCalculateDamage` and `dnd5e.calculateDamage`). The
 * module resolves from this copy and never touches dnd5e's options, which
 * the damage tray stores per target.
 */
const rawDamages = new WeakMap<object, Dnd5eDamage[]>();

/** Keep a copy of `damages` as they are before dnd5e's immunities, resistances and modifications. */
export function keepRawDamages(damages: Dnd5eDamage[]): void {
  rawDamages.set(damages, damages.map((d) => ({ ...d, properties: d.properties === undefined ? undefined : new Set(d.properties) })));
}

/** The kept raw copy for dnd5e's list `damages`, each value times `multiplier` (the tray's ×½, ×2…), or undefined. */
export function rawDamagesFor(damages: object, multiplier: number): Dnd5eDamage[] | undefined {
  return rawDamages.get(damages)?.map((d) => ({ ...d, value: d.value * multiplier }));
}

/** Id of the chat message a dnd5e damage application comes from (its hits share one card), if any. */
export function originId(options: Dnd5eDamageOptions): string | undefined {
  const origin = (options.origin ?? options.originatingMessage) as { id?: string | null } | null | undefined;
  return origin?.id ?? undefined;
}

/**
 * dnd5e's `amount` for the planned hit: the damage the chain leaves for the
 * hit points, uncapped (dnd5e 5.3.3 `Actor5e#calculateDamage`: the damage
 * after traits, not limited to the hit points left; `applyDamage` then takes
 * temp HP first and clamps). The tray, `dnd5e.applyDamage` and every module
 * reading `amount` (massive damage, overkill) see it: 27 fire
 * on a goblin at 7 HP is 27, not 7. Points of damage, a whole number >= 0.
 */
export function dnd5eAmount(plan: HitPlan): number {
  return Math.max(0, plan.final);
}

/** A tray choice (`true`, a Set or array of dnd5e type ids, `ALL` for every type) as the profile's plain form, or undefined. */
function typesOrAll(v: unknown): boolean | string[] | undefined {
  if (v === true || v === false) return v;
  const list = v instanceof Set ? [...(v as Set<unknown>)] : Array.isArray(v) ? v : undefined;
  return list?.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim().toLowerCase());
}

/**
 * dnd5e's `DamageApplicationOptions` for one target (the tray's multiplier,
 * `ignore` and `downgrade`, dnd5e 5.3.3 `module/documents/_types.mjs` lines
 * 57-75) as the `dnd5e` profile's plain `event.dnd5e`: Sets become lists
 * of lower-case ids (`ALL` → `all`); a shape dnd5e does not give is left out.
 * `multiplier` is the tray's (default 1); the caller leaves a negative one
 * (healing) to dnd5e.
 */
export function dnd5eApplication(options: Dnd5eDamageOptions): Dnd5eApplicationInput {
  const o = options as { multiplier?: unknown; ignore?: unknown; downgrade?: unknown };
  const out: Dnd5eApplicationInput = { multiplier: typeof o.multiplier === "number" && Number.isFinite(o.multiplier) ? o.multiplier : 1 };
  if (o.ignore === true) out.ignore = true;
  else if (typeof o.ignore === "object" && o.ignore !== null) {
    const i = o.ignore as Record<string, unknown>;
    const ignore: Exclude<Dnd5eApplicationInput["ignore"], boolean | undefined> = {};
    for (const k of ["immunity", "resistance", "vulnerability", "modification"] as const) {
      const c = typesOrAll(i[k]);
      if (c !== undefined) ignore[k] = c;
    }
    if (i.threshold === true) ignore.threshold = true;
    out.ignore = ignore;
  }
  const downgrade = typesOrAll(o.downgrade);
  if (downgrade !== undefined) out.downgrade = downgrade;
  return out;
}
