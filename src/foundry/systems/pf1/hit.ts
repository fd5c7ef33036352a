/**
 * What a PF1 damage application is, as the chain's event: its parts from
 * PF1's damage instances, the weapon's materials, alignments and `magic` as
 * event traits (what overcomes DR), and whether it is nonlethal or critical.
 *
 * Read in foundryvtt/pf1 v10.8 (bee79fd5):
 * - `module/documents/item/item-pf.mjs` lines 1692-1731: the chat card's
 *   button gives `value` (the total, or `damage.half` for the half button:
 *   `public/templates/chat/attack-roll.hbs` lines 4 and 10), `asNonlethal`
 *   (the button's `nonlethal` tag), `isCritical`, `message` and
 *   `instances = [{ value, types }]`, `types` being the roll's `damageType`
 *   `{ values: [ids], custom }` (`module/dice/damage-roll.mjs` line 16);
 * - `module/action-use/action-use.mjs` lines 1185-1240: the attack's
 *   material is the action's `material.normal.value`, else the item's
 *   `material.normal.value`, else its `material.base.value`; its addons
 *   (`magic`, `epic`, alchemical silver) the action's `material.addon`, else
 *   the item's; its alignments those the action marks true, or leaves null
 *   and the item marks true; `generateChatMetadata` (lines 1300-1315) keeps
 *   `actor` (uuid), `item` and `action` ids in `flags.pf1.metadata`;
 * - `module/registry/material-types.mjs`: `treatedAs` (mithral is treated as
 *   alchemical silver for DR, nexavaran steel as cold iron).
 */
import type { DamageEventInput } from "../../../core/model/event.ts";

/** One of PF1's damage instances as the chat button passes it. */
export interface Pf1Instance {
  value?: unknown;
  types?: { values?: unknown; custom?: unknown } | unknown;
}

/** The options of `ActorPF.applyDamage` read here. */
export interface Pf1ApplyOptions {
  asNonlethal?: boolean;
  asWounds?: boolean;
  isCritical?: boolean;
  instances?: readonly Pf1Instance[] | null;
  targets?: readonly unknown[] | null;
  forceDialog?: boolean;
  message?: { getFlag?(scope: string, key: string): unknown; flags?: Record<string, unknown> } | null;
}

/** The weapon's data as far as read: `system.material`, `system.alignments`, its actions' `data`, and its name. */
export interface Pf1Weapon {
  name?: unknown;
  system?: { material?: Pf1Material; alignments?: Record<string, unknown> };
  action?: { material?: Pf1Material; alignments?: Record<string, unknown> } | undefined;
}
type Pf1Material = { base?: { value?: unknown }; normal?: { value?: unknown }; addon?: unknown };

const id = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined);
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map(id).filter((x): x is string => x !== undefined) : []);

/**
 * The event traits of an attack with `weapon`: its material (and what it is
 * treated as: `treatedAs(material)`), its addons, its alignments. Lower case,
 * as the chain keeps traits (`coldIron` → `coldiron`).
 */
export function weaponTraits(weapon: Pf1Weapon | undefined, treatedAs: (material: string) => string | undefined): string[] {
  if (weapon === undefined) return [];
  const own = weapon.system?.material;
  const act = weapon.action?.material;
  const material = id(act?.normal?.value) ?? id(own?.normal?.value) ?? id(own?.base?.value);
  const addons = ids(act?.addon).length > 0 ? ids(act?.addon) : ids(own?.addon);
  const out = new Set<string>();
  for (const m of material === undefined ? addons : [material, ...addons]) {
    out.add(m);
    const as = treatedAs(m);
    if (as !== undefined) out.add(as.toLowerCase());
  }
  const actAlign = weapon.action?.alignments;
  const itemAlign = weapon.system?.alignments ?? {};
  for (const a of ["lawful", "chaotic", "good", "evil"]) {
    const set = actAlign === undefined ? itemAlign[a] === true : actAlign[a] === true || (actAlign[a] === null && itemAlign[a] === true);
    if (set) out.add(a);
  }
  return [...out];
}

/** The damage type ids of an instance (`types.values`); `untyped` and unknown shapes give none. */
function instanceTypes(i: Pf1Instance): string[] {
  const t = i.types as { values?: unknown } | undefined;
  return ids(t?.values).filter((x) => x !== "untyped");
}

/**
 * The chain's event for `ActorPF.applyDamage(value, options)`: one part per
 * instance when the instances add up to `value`; the same parts at half
 * (a share of ×0.5, returned as `multiplier`) when `value` is their half
 * rounded down (the half button); otherwise one part of `value` carrying every
 * instance's types (PF1 gave a total that cannot be split). Traits: the
 * weapon's, `nonlethal`, `critical`. Undefined for anything that is no
 * damage (a value not above 0 or not finite).
 */
export function pf1Event(value: number, options: Pf1ApplyOptions, traits: readonly string[], label?: string): { event: DamageEventInput; multiplier: number } | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const amount = Math.trunc(value);
  const parts = (options.instances ?? [])
    .filter((i) => typeof i.value === "number" && Number.isFinite(i.value) && i.value > 0)
    .map((i) => ({ amount: Math.trunc(i.value as number), types: instanceTypes(i) }));
  const sum = parts.reduce((s, p) => s + p.amount, 0);
  const all = new Set([...traits, ...(options.asNonlethal === true ? ["nonlethal"] : []), ...(options.isCritical === true ? ["critical"] : [])]);
  const base = { traits: [...all], ...(label === undefined ? {} : { label }) };
  if (parts.length > 0 && sum === amount) return { event: { ...base, parts }, multiplier: 1 };
  if (parts.length > 0 && Math.floor(sum / 2) === amount) return { event: { ...base, parts }, multiplier: 0.5 };
  return { event: { ...base, parts: [{ amount, types: [...new Set(parts.flatMap((p) => p.types))] }] }, multiplier: 1 };
}
