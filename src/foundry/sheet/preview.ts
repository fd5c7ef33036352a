/**
 * The live preview of the Defenses tab: runs one hit, typed as amount, types
 * and traits, through the real chain (`src/core/chain.ts` `resolve`) against
 * the draft, before anything is saved or applied, and turns the result into
 * localized lines for `templates/parts/preview-result.hbs` (written out by
 * `src/core/explain.ts`, as the chat card is).
 * Randomness (001 Variable Resistance) uses a fixed seed, so the preview is
 * stable while typing; the real hit may pick another elemental type.
 */
import { chainStrip, type ChainStrip } from "../../core/strip.ts";
import { resolve } from "../../core/chain.ts";
import { conditionLabel, explainEntry, explainWarning, profileLabel, resourceLabel } from "../../core/explain.ts";
import type { Profile } from "../../core/model/profile.ts";
import { seededRandom } from "../../core/random.ts";
import { VALIDATION_KEYS } from "../../core/messages.ts";
import { parseDefender, parseEvent } from "../../core/validate.ts";
import { draftInput, type DefenderDraft } from "./draft.ts";
import { traceLocalizer, type Localizer } from "./localizer.ts";

/** The preview's inputs as typed: amount (points), comma-separated types and source tags, checked traits, attacker level. */
export interface PreviewInput {
  amount: string;
  types: string;
  traits: string[];
  level: string;
  tags: string;
}

/** One line of the explanation: the step, total points in play before/after, what happened and its per-part lines. */
export interface PreviewLine {
  step: string;
  in: number;
  out: number;
  text: string;
  details: string[];
  defense?: string;
  changed: boolean;
}

/** What `preview-result.hbs` shows. `ok` false: only `problems`. */
export interface PreviewView {
  ok: boolean;
  problems: string[];
  profile: string;
  incoming: number;
  final: number;
  dealt: boolean;
  prevented: boolean;
  negated: boolean;
  taken: { label: string; points: number }[];
  conditions: string[];
  lines: PreviewLine[];
  warnings: string[];
  /** The hit drawn as on the chat card: incoming ▸ each step that changed it ▸ dealt, and HP before → after (`core/strip.ts`). */
  strip?: ChainStrip;
}

export const PREVIEW_SEED = 1;

/** Comma-separated words: trimmed, lower case, empties dropped. */
export function words(text: string): string[] {
  return text.split(",").map((w) => w.trim().toLowerCase()).filter((w) => w !== "");
}

/** A whole number >= 0 from text, or undefined. */
function wholeNumber(text: string): number | undefined {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

const empty = (problems: string[], profile: string): PreviewView => ({
  ok: false, problems, profile, incoming: 0, final: 0, dealt: false, prevented: false, negated: false, taken: [], conditions: [], lines: [], warnings: [],
});

/**
 * Resolve the previewed hit against the draft with `profile` at game time
 * `now` (seconds). Never throws: bad input comes back as `problems`.
 */
export function runPreview(draft: DefenderDraft, input: PreviewInput, profile: Profile, now: number, t: Localizer): PreviewView {
  const problems: string[] = [];
  const amount = wholeNumber(input.amount);
  if (amount === undefined) problems.push(`${t.localize("DAMAGECHAIN.Sheet.Preview.Amount")}: ${t.localize(VALIDATION_KEYS.wholeNumber)}`);
  const level = input.level.trim() === "" ? undefined : wholeNumber(input.level);
  if (input.level.trim() !== "" && level === undefined) problems.push(`${t.localize("DAMAGECHAIN.Sheet.Preview.Level")}: ${t.localize(VALIDATION_KEYS.wholeNumber)}`);
  const d = draftInput(draft);
  const defender = parseDefender({ name: draft.name, traits: d.traits, resources: d.resources, defenses: d.defenses, state: draft.state });
  if (!defender.ok) problems.push(t.localize("DAMAGECHAIN.Sheet.Preview.Invalid"));
  if (problems.length > 0 || !defender.ok || amount === undefined) return empty(problems, profileLabel(profile, traceLocalizer(t)));
  const event = parseEvent({
    parts: [{ amount, types: words(input.types) }],
    traits: input.traits,
    source: level === undefined ? { tags: words(input.tags) } : { level, tags: words(input.tags) },
  });
  if (!event.ok) return empty(event.problems.map((p) => `${p.path}: ${p.message}`), profileLabel(profile, traceLocalizer(t)));

  const r = resolve({ event: event.value, defender: defender.value, profile, random: seededRandom(PREVIEW_SEED), now });
  const l = traceLocalizer(t);
  const changes = Object.entries(defender.value.resources).flatMap(([key, before]) => {
    const after = r.resources[key];
    return after === undefined || after.value === before.value ? [] : [before.max === undefined ? { key, before: before.value, after: after.value } : { key, before: before.value, after: after.value, max: before.max }];
  });
  return {
    strip: chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes }, l),
    ok: true,
    problems: [],
    profile: profileLabel(profile, l),
    incoming: r.incoming,
    final: r.final,
    dealt: r.dealt,
    prevented: r.prevented,
    negated: r.negated,
    taken: Object.entries(r.taken).map(([key, points]) => ({ label: resourceLabel(key, l), points })),
    conditions: r.conditionsGained.map((c) => conditionLabel(c, l)),
    lines: r.trace.map((e) => {
      const x = explainEntry(e, l);
      const line: PreviewLine = { step: x.step, in: e.in, out: e.out, text: x.text, details: x.details, changed: e.in !== e.out };
      if (x.defense !== "") line.defense = x.defense;
      return line;
    }),
    warnings: r.warnings.map((w) => explainWarning(w, l)),
  };
}
