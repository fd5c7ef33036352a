/**
 * A dnd5e hit read with its save on a line of its own. The `dnd5eResistance`
 * step does the damage tray's multiplier, resistance and vulnerability in one
 * go, with one rounding toward 0 of the parts' sum (dnd5e 5.3.3
 * `Actor5e#calculateDamage`, `module/documents/actor/actor.mjs` lines 851-880),
 * so its trace entry holds both. A reader wants them apart: "Saved ×½ → 13,
 * Resist Fire → 6" for a saved, fire-resistant ogre hit by 27 fire.
 *
 * The figure between the two (13: 27 × ½ rounded toward 0) is for reading
 * only. The entry's own `in` and `out` are kept, so every step's figures
 * still add up to the hit's, which are exactly dnd5e's (27 × ½ halved is
 * 6.75, rounded once: 6). Pure: reads old cards' entries too (the multiplier
 * is read from the entry's per-part details, which carry it).
 */
import type { MessageParams, TraceEntry } from "../context.ts";

/** The step whose entry holds the tray's multiplier. */
const STEP = "dnd5eResistance";
const PART_DETAIL = "DAMAGECHAIN.Detail.dnd5e.part";

/**
 * A step as the reader gets it: its trace entry; `label`, the lang key (and
 * params) naming the line instead of its defenses or step (the strip and the
 * explanation); `step`, the lang key naming the step in the explanation
 * instead of `DAMAGECHAIN.Step.<id>`.
 */
export interface ReadStep {
  entry: TraceEntry;
  label?: { key: string; params: Record<string, string> };
  step?: string;
}

/** The damage tray's multiplier in `entry` (a `dnd5eResistance` entry that applied one other than ×1), or undefined. */
export function trayMultiplier(entry: TraceEntry): number | undefined {
  if (entry.step !== STEP) return undefined;
  for (const d of entry.details ?? []) {
    const m = d.params.multiplier;
    if (d.key.startsWith(PART_DETAIL) && typeof m === "number" && Number.isFinite(m) && m !== 1) return m;
  }
  return undefined;
}

const FRACTIONS = new Map([[0.25, "¼"], [0.5, "½"], [0.75, "¾"]]);

/** A multiplier as a reader writes it after "×": ½, ¼, ¾, otherwise the number (2, 0.1). */
export function multiplierText(m: number): string {
  return FRACTIONS.get(m) ?? String(m);
}

/** `n` with at most two decimals (13.5, 6.75), for reading. */
function figure(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/**
 * The save's line for the tray's `multiplier` on `entry`: below ×1 the tray
 * halves (or quarters, or zeroes) a target's damage for a successful save
 * ("Saved ×½"); above it doubles it ("Damage tray ×2"). `alone`: no trait
 * acted, so this line also rounds (dnd5e's one rounding).
 */
function saveEntry(entry: TraceEntry, multiplier: number, alone: boolean): ReadStep {
  const shown = multiplierText(multiplier);
  const exact = entry.in * multiplier;
  const params: MessageParams = { amount: entry.in, multiplier: shown, exact: figure(exact), total: alone ? entry.out : Math.trunc(exact) };
  const key = alone ? "DAMAGECHAIN.Trace.dnd5eSave.rounded" : "DAMAGECHAIN.Trace.dnd5eSave.then";
  const out = alone ? entry.out : Math.trunc(exact);
  const read: TraceEntry = { step: STEP, in: entry.in, out, key, params, defenses: [] };
  if (alone && entry.details !== undefined) read.details = entry.details;
  const label = multiplier < 1 ? "DAMAGECHAIN.Save.saved" : "DAMAGECHAIN.Save.multiplied";
  return { entry: read, label: { key: label, params: { multiplier: shown } } };
}

/**
 * `entries` (a hit's trace entries, in chain order) as the reader gets them:
 * each `dnd5eResistance` entry with a tray multiplier becomes the save's line
 * (from the entry's `in` to `in × multiplier` rounded toward 0), then, when a
 * resistance or vulnerability acted, the traits' line (from there to the
 * entry's `out`, with its details). Other entries are passed through.
 */
export function readSteps(entries: readonly TraceEntry[]): ReadStep[] {
  const out: ReadStep[] = [];
  for (const entry of entries) {
    const m = trayMultiplier(entry);
    if (m === undefined) {
      out.push({ entry });
      continue;
    }
    const alone = entry.defenses.length === 0;
    const save = saveEntry(entry, m, alone);
    out.push(save);
    if (!alone) out.push({ entry: { ...entry, in: save.entry.out }, step: "DAMAGECHAIN.Save.traits" });
  }
  return out;
}
