/**
 * What the chat card keeps, built from planned
 * hits: per target the incoming and dealt damage, the trace entries of the
 * steps that changed something, the resources depleted, the conditions
 * gained, "No Effect" when the hit was prevented, and the GM notes. The rows
 * are written out for the reader by `view.ts` (texts from the lang files, the
 * trace through `src/core/explain.ts`).
 */
import type { ResolveResult } from "../../core/chain.ts";
import type { TraceEntry, Warning } from "../../core/context.ts";
import { inWords, wordsOf, type Words } from "../../core/words.ts";
import { describeEntry, explainWarning, profileLabel, traitLabel, typeLabel, type Localizer } from "../../core/explain.ts";
import { describeProblem } from "../../core/field-name.ts";
import { shownEntries } from "../../core/shown.ts";
import type { DamageEvent } from "../../core/model/event.ts";
import type { InputProblem } from "../../core/validate.ts";
import type { HitPlan, ResourceChange } from "../actor/hit-plan.ts";
import { localizer } from "../localizer.ts";

/**
 * One target's row as a card stores it: language-neutral (ids, numbers, the
 * trace entries to explain), written out in the reader's language when the
 * card is shown (`view.ts`). `warnings` are the GM notes, already worded;
 * they only ever go into a GM part (`audience.ts`).
 */
export interface StoredTarget {
  uuid: string;
  name: string;
  img: string | null;
  /** No player owns the actor: hidden from players under the `hideNpc` visibility. */
  npc: boolean;
  /** Points of damage coming in and dealt. */
  incoming: number;
  final: number;
  /** `noEffect`: prevented; `negated`; `bypassed`: the chain was skipped (unusable flags); `hit` otherwise. */
  state: "hit" | "noEffect" | "negated" | "bypassed";
  /** The trace entries the explanation shows (steps that changed the damage, and the resource steps when something was taken). */
  entries: TraceEntry[];
  /** Resources the hit changed (points; `max` when known). */
  changes: ResourceChange[];
  /** Character condition ids gained. */
  conditions: string[];
  /** GM notes: refused defenses, bad data. */
  warnings: string[];
  /** This target's share of an area hit when not all of it: the multiplier, and the damage type ids of the parts it took when some were left out. */
  share?: { multiplier: number; types?: string[] };
}

/** The whole card, before it is split per audience and stored. */
export interface CardData {
  summary: string;
  /** The profile's name, or empty when the card does not name it (the world's own profile). */
  profile: string;
  /** Whose words the card's rows speak (`core/words.ts`): the pf2e profile's resistance and weakness. */
  words?: Words;
  targets: StoredTarget[];
  reverted: boolean;
}


/**
 * The GM notes of one target, worded for the reader: each refused defense
 * named by kind and label ("Resist 5 Cold (ring): Not used: …"), never by data
 * path, then each problem with the actor's data.
 */
export function gmNotes(warnings: readonly Warning[], problems: readonly InputProblem[], l: Localizer): string[] {
  const notes = warnings.map((w) => (w.defense === undefined ? explainWarning(w, l) : `${describeEntry(w.defense, l)}: ${explainWarning(w, l)}`));
  for (const p of problems) notes.push(describeProblem(p, l));
  return notes;
}

/** `shownEntries` once per trace: targets that share a hit (`hit/same-hit.ts`) share one list. */
type ShownMemo = Map<readonly TraceEntry[], TraceEntry[]>;

/**
 * One target's row. Its lists are the plan's own, not copies: the row is
 * only read, by packing (`pack-targets.ts`, which copies what it stores), and
 * dropped with the card's data once the card is posted (`card.ts`).
 */
function targetData(plan: HitPlan, l: Localizer, shown: ShownMemo): StoredTarget {
  const { actor, result } = plan;
  const warnings = gmNotes(result?.warnings ?? [], plan.problems, l);
  const state = result === undefined ? "bypassed" : result.prevented ? "noEffect" : result.negated ? "negated" : "hit";
  return {
    uuid: actor.uuid,
    name: actor.name ?? actor.id ?? "",
    img: actor.img ?? null,
    npc: !actor.hasPlayerOwner,
    incoming: result?.incoming ?? plan.final,
    final: plan.final,
    state,
    entries: result === undefined ? [] : shownOnce(result, shown),
    changes: plan.changes,
    conditions: result === undefined ? [] : result.conditionsGained,
    warnings,
    ...(plan.share === undefined ? {} : { share: plan.share }),
  };
}

function shownOnce(result: ResolveResult, memo: ShownMemo): TraceEntry[] {
  let entries = memo.get(result.trace);
  if (entries === undefined) memo.set(result.trace, (entries = shownEntries(result.trace, result.taken)));
  return entries;
}

/** "27 Fire + 5 Slashing/Cold" followed by the traits ("(Burst)"), in the reader's language (`l`). */
export function eventSummary(event: DamageEvent, defaultType: string, l: Localizer): string {
  const parts = event.parts.map((p) => `${p.amount} ${(p.types.length > 0 ? p.types : [defaultType]).map((t) => typeLabel(t, l)).join("/")}`).join(" + ");
  const extra = event.modifiers.map((m) => (m.kind === "extraDamage" || (m.kind === "adjust" && m.amount >= 0) ? ` + ${m.amount}` : m.kind === "adjust" ? ` − ${-m.amount}` : "")).join("");
  const traits = event.traits.length > 0 ? ` (${event.traits.map((t) => traitLabel(t, l)).join(", ")})` : "";
  return `${event.label ? `${event.label}: ` : ""}${parts}${extra}${traits}`;
}

/**
 * The card for hits on `plans` (one entry per target). The summary describes
 * the first target's event (its `headline` when it has one: a dnd5e roll as
 * rolled, named by its item): an area hit is one event; when a system applies
 * a different amount per target (a halving save) each target shows its own
 * incoming damage. `named`: the card names the profile (in the reader's
 * words: a built-in by its label); otherwise its `profile` is empty.
 */
export function cardData(plans: readonly HitPlan[], profile: { id: string; name: string; options: { defaultType: string } }, named = true): CardData {
  const first = plans[0];
  const words = wordsOf(profile.id);
  const l = inWords(localizer(), words);
  const shown: ShownMemo = new Map();
  const summary = first === undefined ? "" : eventSummary(first.headline ?? first.event, profile.options.defaultType, l);
  return { summary, profile: named ? profileLabel(profile, l) : "", ...(words === undefined ? {} : { words }), targets: plans.map((p) => targetData(p, l, shown)), reverted: false };
}
