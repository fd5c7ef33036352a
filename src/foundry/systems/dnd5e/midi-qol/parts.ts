/**
 * The damage of one midi-qol hit, as the chain resolves it.
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
 *
 * Where midi-qol puts a save and its damage reduction (midi-qol 11.6.32):
 * - the save, in its default `SaveDRdr` order, is dnd5e's own tray
 *   multiplier: `calcDamageOptions.multiplier = saveMultiplier` and
 *   `midi.saveMultiplier = 1` (`src/module/utils.ts` lines 274-279; the
 *   default: `src/module/settings.ts` line 79); dnd5e then multiplies each
 *   part before resistance and vulnerability and truncates the sum once
 *   (dnd5e 5.3.3 `actor.mjs` lines 851-863, 880);
 * - the damage reduction (`system.traits.dm.midi`, where
 *   `flags.midi-qol.DR.*` land) in its `dnd5e.calculateDamage` handler, after
 *   every dnd5e trait: one `{ type: "none", value < 0, active.DR }` part,
 *   capped at the damage (`src/module/Hooks.ts` lines 1078-1176).
 */
import type { Dnd5eApplicationInput } from "../../../../core/model/dnd5e.ts";
import type { Dnd5eDamage } from "../../../hook-types.ts";
import { midiReduction, takeOff } from "../damage.ts";

/** The key of the stash in midi-qol's damage options (travels through its socket to the GM). */
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

/**
 * What travels to the GM: the parts, and, when the `dnd5e` profile resolves
 * dnd5e's traits itself, the target's dnd5e application (`event.dnd5e`: the
 * tray multiplier with the save in it, the ignored traits, midi-qol's damage
 * reduction in points).
 */
export interface MidiStash {
  parts: StashedPart[];
  dnd5e?: Dnd5eApplicationInput;
}

/** How the chain resolves this hit: `own` (replace mode, a profile with dnd5e's steps), `drStep` (that profile takes midi-qol's DR with its `midiDr` step). */
export interface MidiMode {
  own: boolean;
  drStep: boolean;
}

/** Types that are not damage to the chain: midi-qol's placeholder, healing and temp HP (dnd5e `healingTypes`). */
const SKIP = new Set(["midi-none", "healing", "temphp", "maximum"]);

const num = (x: unknown, fallback: number): number => (typeof x === "number" && Number.isFinite(x) ? x : fallback);
const plain = (d: MidiDamage): StashedPart => ({ type: d.type, value: d.value, properties: [...(d.properties ?? [])].filter((p): p is string => typeof p === "string") });

/** True when midi-qol already applied its save multiplier to `damages` (its SaveDRdr order marks the parts `active.saved`…, in `dnd5e.preCalculateDamage`, Hooks.ts lines 909-923). */
export function saveApplied(damages: readonly MidiDamage[]): boolean {
  return damages.some((d) => d.active?.saved === true || d.active?.superSaver === true || d.active?.semiSuperSaver === true);
}

/**
 * The stash for one midi-qol hit.
 * - `raw` given (dnd5e's `replace` mode) and `mode.own`: the descriptions
 *   before dnd5e's traits, unmultiplied; dnd5e's multiplier times midi-qol's
 *   save multiplier (unless midi-qol applied it already) goes in
 *   `dnd5e.multiplier` (`application`: the target's other tray options), so
 *   that the `dnd5e` profile multiplies, applies the traits and truncates
 *   the sum once, as dnd5e does;
 * - `raw` given, not `own`: those descriptions times both multipliers;
 * - no `raw` (`after`): the calculated values, as midi-qol would write them.
 * Never midi-qol's damage-reduction entry as a part: with `mode.own` and
 * `mode.drStep` its points go in `dnd5e.midiDr` (the profile's `midiDr` step);
 * otherwise they are taken off the parts in order, before the chain's steps.
 * Healing, temp HP and midi-qol's placeholder type are left out.
 */
export function midiStash(raw: readonly MidiDamage[] | undefined, calculated: readonly MidiDamage[], options: MidiOptions, mode: MidiMode, application: Dnd5eApplicationInput = {}): MidiStash {
  const damage = (d: MidiDamage) => !SKIP.has(d.type) && d.active?.DR !== true && d.value > 0;
  const factor = num(options.multiplier, 1) * (raw !== undefined && !saveApplied(raw) ? num(options.midi?.saveMultiplier, 1) : 1);
  const dr = midiReduction(calculated as Dnd5eDamage[]);
  if (raw !== undefined && mode.own) {
    const parts = raw.filter(damage).map(plain);
    const dnd5e: Dnd5eApplicationInput = { ...application, multiplier: factor, ...(mode.drStep && dr > 0 ? { midiDr: dr } : {}) };
    return { parts: mode.drStep ? parts : takeOff(parts, dr).filter((p) => p.value > 0), dnd5e };
  }
  const parts = raw === undefined ? calculated.filter(damage).map(plain) : raw.filter(damage).map((d) => ({ ...plain(d), value: d.value * factor }));
  return { parts: takeOff(parts, dr).filter((p) => p.value > 0) };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * The stash of midi-qol's options, checked for shape (it comes from the
 * rolling client): `{ parts, dnd5e? }`, parts an array of `{ type: string,
 * value: finite >= 0, properties: string[] }`, 1 to 64 of them; `dnd5e` a
 * plain object (its fields are checked with the event: `event.dnd5e`).
 * Undefined when there is no stash or it is not that shape (midi-qol's own
 * write then goes ahead untouched). Parts returned as dnd5e descriptions.
 */
export function readStash(options: Record<string, unknown>): { parts: Dnd5eDamage[]; dnd5e?: Record<string, unknown> } | undefined {
  if (!Object.hasOwn(options, STASH)) return undefined;
  const stash: unknown = options[STASH];
  if (!isRecord(stash)) return undefined;
  const { parts: list, dnd5e } = stash;
  if (!Array.isArray(list) || list.length === 0 || list.length > 64) return undefined;
  if (dnd5e !== undefined && !isRecord(dnd5e)) return undefined;
  const parts: Dnd5eDamage[] = [];
  for (const p of list as unknown[]) {
    if (!isRecord(p)) return undefined;
    const { type, value, properties } = p;
    if (typeof type !== "string" || typeof value !== "number" || !Number.isFinite(value) || value < 0) return undefined;
    if (!Array.isArray(properties) || !properties.every((x) => typeof x === "string")) return undefined;
    parts.push({ type, value, properties: new Set(properties as string[]) });
  }
  return dnd5e === undefined ? { parts } : { parts, dnd5e };
}
