/**
 * A stored card row written out for the reader (issue 8 §3, issue 10 §5):
 * the collapsed row's chain strip (`src/core/strip.ts`), the other
 * resources, the conditions, and — only when the reader opens the row — the
 * step-by-step explanation (`src/core/explain.ts`). Everything is worded in
 * the reader's language when the card is shown, not when it was posted.
 */
import type { TraceEntry } from "../../core/context.ts";
import { conditionLabel, explainEntry, resourceLabel, type Localizer } from "../../core/explain.ts";
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
  /** The collapsed row's picture: incoming ▸ steps ▸ dealt, and the resource bar (`templates/parts/chain-strip.hbs`). */
  strip: ChainStrip;
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
}

/** The row `row` of a card, for the reader (`l`). */
export function targetView(t: StoredTarget, row: number, l: Localizer): CardTarget {
  // The strip draws HP (or the first resource changed) with a bar; the others are listed under it.
  const shown = (t.changes.find((c) => c.key === "hp") ?? t.changes[0])?.key;
  return {
    row,
    uuid: t.uuid,
    name: t.name,
    img: t.img,
    strip: chainStrip({ incoming: t.incoming, dealt: t.final, trace: t.entries, changes: t.changes }, l),
    noEffect: t.state === "noEffect",
    negated: t.state === "negated",
    bypassed: t.state === "bypassed",
    explain: t.entries.length > 0,
    resources: t.changes.filter((c) => c.key !== shown).map((c) => ({ label: resourceLabel(c.key, l), before: c.before, after: c.after })),
    conditions: t.conditions.map((c) => conditionLabel(c, l)),
    warnings: [...t.warnings],
    ...(t.share === undefined ? {} : { share: shareText(t.share, l) }),
  };
}

/** The explanation of a row: each stored trace entry written out. */
export function explainSteps(entries: readonly TraceEntry[], l: Localizer): CardStep[] {
  return entries.map((e) => {
    const x = explainEntry(e, l);
    const step: CardStep = { label: x.step, before: e.in, after: e.out, text: x.text, details: x.details };
    if (x.defense !== "") step.defense = x.defense;
    return step;
  });
}

/** What `templates/chat-card.hbs` draws. */
export interface CardView {
  summary: string;
  profile: string;
  targets: CardTarget[];
  variableResistance: { text: string; chosen?: string }[];
  /** A GM part: GM title, no Undo button. */
  gmPart: boolean;
  reverted: boolean;
}
