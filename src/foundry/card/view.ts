/**
 * A stored card row written out for the reader: incoming → dealt, the
 * steps that changed the damage with the points left after each (a dnd5e
 * save apart from resistance: "Saved ×½ → 13, Resist Fire → 6",
 * `src/core/dnd5e/saved.ts`), the HP bar, the other resources, the
 * conditions, and — only when the reader opens the row — the step-by-step
 * explanation (`src/core/explain.ts`). Rows with the same outcome may share
 * one line ({@link sameOutcome}). Everything is worded in the reader's
 * language when the card is shown, not when it was posted.
 */
import type { TraceEntry } from "../../core/context.ts";
import { conditionLabel, explainEntry, resourceLabel, type Localizer } from "../../core/explain.ts";
import { readSteps } from "../../core/dnd5e/saved.ts";
import { shareText } from "../../core/share.ts";
import { chainStrip, type ChainStrip } from "../../core/strip.ts";
import type { StoredTarget } from "./data.ts";

/** One explained step (`explain.ts`): `details` are its per-part / per-pool lines. */
export interface CardStep {
  label: string;
  defense?: string;
  before: number;
  after: number;
  text: string;
  details: string[];
}

/** One target's row as `templates/chat-card.hbs` draws it. */
export interface CardTarget {
  /** Index of the row in its message (the explanation is looked up by it). */
  row: number;
  uuid: string;
  name: string;
  img: string | null;
  /** Incoming and dealt points, each step that changed them with the points after it, and the resource bar. */
  strip: ChainStrip;
  /** How many targets share this line (set when more than one: "Goblin ×3"). */
  count?: number;
  /** The hit left the target at 0 HP or below. */
  down: boolean;
  noEffect: boolean;
  negated: boolean;
  bypassed: boolean;
  /** The row has a step-by-step explanation to open. */
  explain: boolean;
  resources: { label: string; before: number; after: number }[];
  conditions: string[];
  warnings: string[];
  /** "saved: half", "double", "only Fire", in the reader's language; absent for a target that took all of the hit. */
  share?: string;
  /** The hit points (HP and temp HP) the target lost, when not the damage dealt ({@link hpLost}). */
  lost?: number;
}

/**
 * The hit points (HP and temp HP, in points) a row's target lost, when that
 * is not the damage dealt: a hit that takes it to 0 deals more than it loses
 * (HP never drop below 0: RULES.md §2.10, seed 003; the points past 0 are dealt, not lost).
 * Undefined when they are the same, or the hit changed no HP.
 */
export function hpLost(t: Pick<StoredTarget, "changes" | "final">): number | undefined {
  if (!t.changes.some((c) => c.key === "hp")) return undefined;
  const lost = t.changes.reduce((sum, c) => (c.key === "hp" || c.key === "temp" ? sum + c.before - c.after : sum), 0);
  return lost === t.final ? undefined : lost;
}

/** The row `row` of a card, for the reader (`l`). */
export function targetView(t: StoredTarget, row: number, l: Localizer): CardTarget {
  // The strip draws HP (or the first resource changed) with a bar; the others are listed under it.
  const shown = (t.changes.find((c) => c.key === "hp") ?? t.changes[0])?.key;
  const lost = hpLost(t);
  return {
    row,
    uuid: t.uuid,
    name: t.name,
    img: t.img,
    strip: chainStrip({ incoming: t.incoming, dealt: t.final, trace: t.entries, changes: t.changes }, l),
    down: t.changes.some((c) => c.key === "hp" && c.after <= 0),
    noEffect: t.state === "noEffect",
    negated: t.state === "negated",
    bypassed: t.state === "bypassed",
    explain: t.entries.length > 0,
    resources: t.changes.filter((c) => c.key !== shown).map((c) => ({ label: resourceLabel(c.key, l), before: c.before, after: c.after })),
    conditions: t.conditions.map((c) => conditionLabel(c, l)),
    warnings: [...t.warnings],
    ...(t.share === undefined ? {} : { share: shareText(t.share, l) }),
    ...(lost === undefined ? {} : { lost }),
  };
}

/** The explanation of a row: each stored trace entry written out, a dnd5e save on its own line (`dnd5e/saved.ts`). */
export function explainSteps(entries: readonly TraceEntry[], l: Localizer): CardStep[] {
  return readSteps(entries).map(({ entry: e, label, step: name }) => {
    const x = explainEntry(e, l);
    const shown = label !== undefined ? l.format(label.key, label.params) : name !== undefined ? l.format(name) : x.step;
    const step: CardStep = { label: shown, before: e.in, after: e.out, text: x.text, details: x.details };
    if (x.defense !== "") step.defense = x.defense;
    return step;
  });
}

/** A card draws its rows as a compact table, one line per target with the rest folded, from this many rows up. */
export const TABLE_FROM = 4;

/**
 * The rows `views` (of `targets`, index for index) with every row whose
 * outcome is the same as an earlier row's folded into it ("Goblin ×3"):
 * same name, picture, incoming and dealt points, state, trace, resources
 * before and after, conditions, share and GM notes. A shared line keeps the
 * first row's index (its explanation) and uuid.
 */
export function sameOutcome(targets: readonly StoredTarget[], views: readonly CardTarget[]): CardTarget[] {
  const lines = new Map<string, CardTarget>();
  const out: CardTarget[] = [];
  targets.forEach((t, i) => {
    const key = JSON.stringify([t.name, t.img, t.incoming, t.final, t.state, t.entries, t.changes, t.conditions, t.share ?? null, t.warnings]);
    const line = lines.get(key);
    if (line === undefined) {
      const view = { ...views[i]! };
      lines.set(key, view);
      out.push(view);
    } else line.count = (line.count ?? 1) + 1;
  });
  return out;
}

/** What `templates/chat-card.hbs` draws. */
export interface CardView {
  summary: string;
  /** The profile's name when the card names it (not the world's profile); empty otherwise. */
  profile: string;
  /** The rows form a compact table (from {@link TABLE_FROM} rows up): one line each, the rest folded. */
  table: boolean;
  targets: CardTarget[];
  variableResistance: { text: string; chosen?: string }[];
  /** A GM part: GM title, no Undo button. */
  gmPart: boolean;
  reverted: boolean;
}
