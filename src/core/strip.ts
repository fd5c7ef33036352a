/**
 * The chain strip: a hit drawn as a picture, "incoming ▸ each
 * step that changed it (defense and amount) ▸ dealt", plus one resource's
 * before → after with a small bar. The Defenses tab's preview draws it with
 * `templates/parts/chain-strip.hbs`; the chat card draws the same data in its
 * rows, each step with the points left after it ("Resist Fire → 6").
 * Pure: the trace (`context.ts` {@link TraceEntry}) is written out through an
 * injected {@link Localizer}, the same one `explain.ts` uses.
 *
 * Lang keys: `DAMAGECHAIN.Strip.*` (the words a screen reader hears around the
 * figures), `DAMAGECHAIN.Step.<id>` for a step that no named defense caused.
 */
import type { TraceEntry } from "./context.ts";
import { describeDefenses, resourceLabel, type Localizer } from "./explain.ts";
import { readSteps } from "./dnd5e/saved.ts";

/** One step that changed the damage: who did it and by how much (signed text, "−5" / "+3"). */
export interface StripStep {
  /** The defenses responsible ("Resist 5 Fire"), or the step's name when none is named. */
  defense: string;
  /** Points added (positive) or taken off (negative), as a number. */
  change: number;
  /** Points of damage in play after the step. */
  after: number;
  /** `change` written with a real minus or a plus sign: "−5", "+3". */
  delta: string;
  /** The step added damage (a vulnerability, a gain). */
  up: boolean;
}

/** A resource the hit changed, for the bar: points before and after, `max` when known. */
export interface StripResource {
  label: string;
  before: number;
  after: number;
  /** Width of the bar after the hit, 0–100 (percent of `max`, or of `before` without a max). */
  percent: number;
  /** Width the hit took off the bar, 0–100. */
  lost: number;
}

/** What `chain-strip.hbs` draws. */
export interface ChainStrip {
  /** Points of damage coming in. */
  incoming: number;
  /** Points of damage dealt. */
  dealt: number;
  steps: StripStep[];
  /** The resource shown with a bar (the first one changed, HP first), if any. */
  resource?: StripResource;
}

/** Input of {@link chainStrip}: the hit's points, its trace, and the resources it changed (points, `max` optional). */
export interface StripInput {
  incoming: number;
  dealt: number;
  trace: readonly TraceEntry[];
  changes: readonly { key: string; before: number; after: number; max?: number }[];
}

/** "−5" (U+2212) or "+3"; 0 is "±0". */
export function signed(n: number): string {
  if (n === 0) return "±0";
  return n < 0 ? `\u2212${-n}` : `+${n}`;
}

function clampPercent(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(100, Math.round(n)));
}

function stripResource(changes: StripInput["changes"], l: Localizer): StripResource | undefined {
  const c = changes.find((x) => x.key === "hp") ?? changes[0];
  if (c === undefined) return undefined;
  const full = c.max !== undefined && c.max > 0 ? c.max : Math.max(c.before, c.after, 1);
  const percent = clampPercent((Math.max(c.after, 0) / full) * 100);
  const lost = Math.max(0, clampPercent((Math.max(c.before, 0) / full) * 100) - percent);
  return { label: resourceLabel(c.key, l), before: c.before, after: c.after, percent, lost };
}

/**
 * The strip of one hit. A step appears when it changed the points of damage
 * in play (`in !== out`); its name is the defenses it lists, or the step's
 * name. A dnd5e save is a step of its own, apart from resistance
 * (`dnd5e/saved.ts`: "Saved ×½"). Never throws; figures are passed through as
 * given (points of damage).
 */
export function chainStrip(input: StripInput, l: Localizer): ChainStrip {
  const steps: StripStep[] = [];
  for (const { entry: e, label } of readSteps(input.trace)) {
    if (e.in === e.out) continue;
    const change = e.out - e.in;
    const named = label === undefined ? describeDefenses(e.defenses, l) : l.format(label.key, label.params);
    steps.push({ defense: named === "" ? l.format(`DAMAGECHAIN.Step.${e.step}`) : named, change, after: e.out, delta: signed(change), up: change > 0 });
  }
  const strip: ChainStrip = { incoming: input.incoming, dealt: input.dealt, steps };
  const resource = stripResource(input.changes, l);
  if (resource !== undefined) strip.resource = resource;
  return strip;
}
