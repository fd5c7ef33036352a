/**
 * A dnd5e hit read with its save on a line of its own. The `dnd5eResistance`
 * step does the damage tray's multiplier, a halving reaction (Uncanny Dodge,
 * a factor of the multiplier), resistance and vulnerability in one go, with
 * one rounding toward 0 of the parts' sum (dnd5e 5.3.3
 * `Actor5e#calculateDamage`, `module/documents/actor/actor.mjs` lines
 * 851-880), so its trace entry holds them all. A reader wants them apart:
 * "Saved ×½ → 13, Resist Fire → 6" for a saved, fire-resistant ogre hit by
 * 27 fire.
 *
 * The figures between the lines (13: 27 × ½ rounded toward 0) are for
 * reading only. The entry's own `in` and `out` are kept, so the lines still
 * go from the hit's figures to its result, which are exactly dnd5e's (27 × ½
 * halved is 6.75, rounded once: 6). Pure: reads old cards' entries too (the
 * multiplier is read from the entry's per-part details, which carry it).
 */
import type { DefenseRef, MessageParams, TraceEntry } from "../context.ts";

/** The step whose entry holds the tray's multiplier. */
const STEP = "dnd5eResistance";
const PART_DETAIL = "DAMAGECHAIN.Detail.dnd5e.part";
const TEXT = "DAMAGECHAIN.Trace.dnd5eSave";

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

/** The factor `entry` (a `dnd5eResistance` entry) multiplied each part by: the tray's multiplier times ½ per halving reaction; undefined when it is ×1 without a reaction, or not such an entry. */
function partFactor(entry: TraceEntry): number | undefined {
  if (entry.step !== STEP) return undefined;
  for (const d of entry.details ?? []) {
    const m = d.params.multiplier;
    if (d.key.startsWith(PART_DETAIL) && typeof m === "number" && Number.isFinite(m) && (m !== 1 || entry.defenses.some((r) => r.kind === "reaction"))) return m;
  }
  return undefined;
}

const FRACTIONS = new Map([[0.125, "⅛"], [0.25, "¼"], [0.5, "½"], [0.75, "¾"]]);

/** A multiplier as a reader writes it after "×": ½, ¼, ¾, ⅛, otherwise the number (2, 0.1). */
export function multiplierText(m: number): string {
  return FRACTIONS.get(m) ?? String(m);
}

/** `n` with at most two decimals (13.5, 6.75), for reading. */
function figure(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** One reading line from `from` to `from × factor` (rounded toward 0, or `out` when it is the entry's last line). */
function line(from: number, factor: number, last: boolean, out: number): { to: number; params: MessageParams; key: string } {
  const exact = from * factor;
  const to = last ? out : Math.trunc(exact);
  return { to, params: { amount: from, multiplier: multiplierText(factor), exact: figure(exact), total: to }, key: last ? `${TEXT}.rounded` : `${TEXT}.then` };
}

/**
 * One `dnd5eResistance` entry with a factor other than ×1, as its lines: the
 * tray's multiplier (below ×1 a save: "Saved ×½"; above it "Damage tray
 * ×2"), then each halving reaction (named by its defense), then, when a
 * resistance or vulnerability acted, the traits (the entry's details and
 * its rounding). The last line ends at the entry's `out` and carries the
 * entry's details.
 */
function splitEntry(entry: TraceEntry, factor: number): ReadStep[] {
  const reactions = entry.defenses.filter((d) => d.kind === "reaction");
  const traits = entry.defenses.filter((d) => d.kind !== "reaction");
  const tray = factor * 2 ** reactions.length;
  const phases: { factor: number; defenses: readonly DefenseRef[] }[] = [];
  if (tray !== 1) phases.push({ factor: tray, defenses: [] });
  if (reactions.length > 0) phases.push({ factor: 0.5 ** reactions.length, defenses: reactions });
  const out: ReadStep[] = [];
  let from = entry.in;
  phases.forEach((p, i) => {
    const last = i === phases.length - 1 && traits.length === 0;
    const l = line(from, p.factor, last, entry.out);
    const read: TraceEntry = { step: p.defenses.length > 0 ? "reaction" : STEP, in: from, out: l.to, key: l.key, params: l.params, defenses: p.defenses };
    if (last && entry.details !== undefined) read.details = entry.details;
    if (p.defenses.length > 0) out.push({ entry: read });
    else out.push({ entry: read, label: { key: tray < 1 ? "DAMAGECHAIN.Save.saved" : "DAMAGECHAIN.Save.multiplied", params: { multiplier: multiplierText(tray) } } });
    from = l.to;
  });
  if (traits.length > 0) out.push({ entry: { ...entry, in: from, defenses: traits }, step: "DAMAGECHAIN.Save.traits" });
  return out;
}

/**
 * `entries` (a hit's trace entries, in chain order) as the reader gets them:
 * each `dnd5eResistance` entry that multiplied the damage becomes its lines
 * (see {@link splitEntry}); other entries are passed through.
 */
export function readSteps(entries: readonly TraceEntry[]): ReadStep[] {
  const out: ReadStep[] = [];
  for (const entry of entries) {
    const factor = partFactor(entry);
    if (factor === undefined) out.push({ entry });
    else out.push(...splitEntry(entry, factor));
  }
  return out;
}
