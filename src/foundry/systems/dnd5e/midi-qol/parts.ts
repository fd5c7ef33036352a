/**
 * The damage of one midi-qol hit, as the chain resolves it (issue 22 §3).
 * Read against midi-qol 11.6.32 (the newest public mirror of its GitLab
 * source, github:Trahloc/midi-qol 35bd9c8; see test/foundry/README.md):
 * the rolling client calls dnd5e's `actor.calculateDamage(damages, options)`
 * per target with `options.midi` set (`src/module/utils.ts` `applyTokenDamage`,
 * `processDamageRoll`), keeps a deep clone of the result, and sends it to the
 * GM (socketlib `createReverseDamageCard`), whose `prepareDamageListItems`
 * (`src/module/GMAction.ts`) writes HP with `dnd5e.preApplyDamage`,
 * `actor.update`, `dnd5e.applyDamage` and a copy of those options. The
 * calculation's options object is not the one the GM writes with, so the parts
 * travel inside them, under {@link STASH}: plain data, checked again on the GM.
 * Nothing here touches Foundry.
 */
import type { Dnd5eDamage } from "../../../hook-types.ts";

/** The key of the parts in midi-qol's damage options (travels through its socket to the GM). */
export const STASH = "damageChain";

/** A damage description as dnd5e and midi-qol hand it around (`active` is dnd5e's and midi-qol's bookkeeping). */
export interface MidiDamage {
  value: number;
  type: string;
  properties?: Iterable<string> | undefined;
  active?: Record<string, unknown> | undefined;
}

/** What the chain reads of midi-qol's options: dnd5e's multiplier and midi-qol's save multiplier. */
export interface MidiOptions {
  multiplier?: unknown;
  midi?: { saveMultiplier?: unknown } | undefined;
}

/** One stashed part: plain data (properties as an array: it crosses the socket). */
export interface StashedPart {
  type: string;
  value: number;
  properties: string[];
}

/** Types that are not damage to the chain: midi-qol's placeholder, healing and temp HP (dnd5e `healingTypes`). */
const SKIP = new Set(["midi-none", "healing", "temphp", "maximum"]);

const num = (x: unknown, fallback: number): number => (typeof x === "number" && Number.isFinite(x) ? x : fallback);
const plain = (d: MidiDamage): StashedPart => ({ type: d.type, value: d.value, properties: [...(d.properties ?? [])].filter((p): p is string => typeof p === "string") });

/** midi-qol's damage reduction in a calculated list: its `{ type: "none", value < 0, active.DR }` entry (Hooks.ts `dnd5e.calculateDamage`). 0 when absent. */
export function midiReduction(damages: readonly MidiDamage[]): number {
  return damages.reduce((sum, d) => sum + (d.active?.DR === true && d.value < 0 ? -d.value : 0), 0);
}

/** True when midi-qol already applied its save multiplier to `damages` (its SaveDRdr order marks the parts `active.saved`…, in `dnd5e.preCalculateDamage`). */
export function saveApplied(damages: readonly MidiDamage[]): boolean {
  return damages.some((d) => d.active?.saved === true || d.active?.superSaver === true || d.active?.semiSuperSaver === true);
}

/** Take `points` off the parts in order, none below 0 (a flat reduction of the whole hit). */
function reduce(parts: StashedPart[], points: number): StashedPart[] {
  let left = points;
  return parts.map((p) => {
    const off = Math.min(p.value, Math.max(0, left));
    left -= off;
    return { ...p, value: p.value - off };
  });
}

/**
 * The parts the chain resolves for one midi-qol hit.
 * - `raw` (dnd5e's `replace` mode): the descriptions before dnd5e's traits,
 *   times dnd5e's `options.multiplier` and, unless already applied,
 *   midi-qol's `options.midi.saveMultiplier`;
 * - otherwise (`after`): the calculated values, as midi-qol would write them.
 * Both without midi-qol's damage-reduction entry; with `midiDr` its points are
 * taken off the parts in order (midi-qol reduces first). Healing, temp HP and
 * midi-qol's placeholder type are left out.
 */
export function midiParts(raw: readonly MidiDamage[] | undefined, calculated: readonly MidiDamage[], options: MidiOptions, midiDr: boolean): StashedPart[] {
  const damage = (d: MidiDamage) => !SKIP.has(d.type) && d.active?.DR !== true && d.value > 0;
  const factor = num(options.multiplier, 1) * (raw !== undefined && !saveApplied(raw) ? num(options.midi?.saveMultiplier, 1) : 1);
  const parts = raw === undefined ? calculated.filter(damage).map(plain) : raw.filter(damage).map((d) => ({ ...plain(d), value: d.value * factor }));
  return midiDr ? reduce(parts, midiReduction(calculated)).filter((p) => p.value > 0) : parts;
}

/**
 * The stashed parts of midi-qol's options, checked (they come from the
 * rolling client): an array of `{ type: string, value: finite >= 0,
 * properties: string[] }`, at most 64 parts. Undefined when there is no stash
 * or it is not that shape (midi-qol's own write then goes ahead untouched).
 * Returned as dnd5e descriptions.
 */
export function readStash(options: Record<string, unknown>): Dnd5eDamage[] | undefined {
  if (!Object.hasOwn(options, STASH)) return undefined;
  const stash: unknown = options[STASH];
  if (!Array.isArray(stash) || stash.length === 0 || stash.length > 64) return undefined;
  const out: Dnd5eDamage[] = [];
  for (const p of stash as unknown[]) {
    if (typeof p !== "object" || p === null || Array.isArray(p)) return undefined;
    const { type, value, properties } = p as Record<string, unknown>;
    if (typeof type !== "string" || typeof value !== "number" || !Number.isFinite(value) || value < 0) return undefined;
    if (!Array.isArray(properties) || !properties.every((x) => typeof x === "string")) return undefined;
    out.push({ type, value, properties: new Set(properties as string[]) });
  }
  return out;
}
