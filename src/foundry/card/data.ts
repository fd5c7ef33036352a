/**
 * What the chat card shows (issue 3 §5), built from planned hits: per target
 * the incoming damage, each chain step that changed something (step, defense,
 * before → after, explanation), the resources depleted, the conditions gained,
 * and "No Effect" when the hit was prevented. Every text comes from the lang
 * files through `game.i18n`; the trace is written out by `src/core/explain.ts`.
 */
import type { TraceEntry } from "../../core/context.ts";
import { conditionLabel, explainEntry, explainWarning, profileLabel, resourceLabel, type Localizer } from "../../core/explain.ts";
import type { DamageEvent } from "../../core/model/event.ts";
import { chainStrip, type ChainStrip } from "../../core/strip.ts";
import type { HitPlan } from "../hit/plan.ts";

/** One explained step (`explain.ts`): `details` are its per-part / per-pool lines. */
export interface CardStep {
  label: string;
  defense?: string;
  before: number;
  after: number;
  text: string;
  details: string[];
}

/** One target's block on the card. */
export interface CardTarget {
  uuid: string;
  name: string;
  img: string | null;
  /** No player owns the actor: hidden from players under the `hideNpc` visibility. */
  npc: boolean;
  incoming: number;
  final: number;
  /** The collapsed row's picture: incoming ▸ steps ▸ dealt, and the resource bar (`templates/parts/chain-strip.hbs`). */
  strip: ChainStrip;
  noEffect: boolean;
  negated: boolean;
  steps: CardStep[];
  resources: { label: string; before: number; after: number }[];
  conditions: string[];
  /** Notes for the GM (refused defenses, bad data): only ever in the GM part of a card. */
  warnings: string[];
  /** The chain was skipped because the actor's flags were unusable. */
  bypassed: boolean;
}

/** The whole card. */
export interface CardData {
  summary: string;
  profile: string;
  targets: CardTarget[];
  reverted: boolean;
}

const RESOURCE_STEPS = new Set(["pools", "guard", "life"]);

/** `game.i18n` as the trace formatter's {@link Localizer} (`src/core/explain.ts`). */
export function localizer(): Localizer {
  const i18n = game.i18n!;
  return {
    format: (key, params) => (params === undefined || Object.keys(params).length === 0 ? i18n.localize(key) : i18n.format(key, params)),
    has: (key) => i18n.has(key, false),
  };
}

function shownSteps(trace: TraceEntry[], tookSomething: boolean, l: Localizer): CardStep[] {
  return trace
    .filter((e) => e.in !== e.out || (RESOURCE_STEPS.has(e.step) && tookSomething))
    .map((e) => {
      const x = explainEntry(e, l);
      const step: CardStep = { label: x.step, before: e.in, after: e.out, text: x.text, details: x.details };
      if (x.defense !== "") step.defense = x.defense;
      return step;
    });
}

function targetData(plan: HitPlan): CardTarget {
  const { actor, result } = plan;
  const took = result !== undefined && Object.values(result.taken).some((n) => n > 0);
  const l = localizer();
  const warnings = (result?.warnings ?? []).map((w) => `${w.path}: ${explainWarning(w, l)}`);
  for (const p of plan.problems) warnings.push(`${p.path}: ${p.message}`);
  const incoming = result?.incoming ?? plan.final;
  // The strip draws HP (or the first resource changed) with a bar; the others are listed under it.
  const shown = (plan.changes.find((c) => c.key === "hp") ?? plan.changes[0])?.key;
  return {
    uuid: actor.uuid,
    name: actor.name ?? actor.id ?? "",
    img: actor.img ?? null,
    npc: !actor.hasPlayerOwner,
    incoming,
    final: plan.final,
    strip: chainStrip({ incoming, dealt: plan.final, trace: result?.trace ?? [], changes: plan.changes }, l),
    noEffect: result?.prevented ?? false,
    negated: result?.negated ?? false,
    steps: result === undefined ? [] : shownSteps(result.trace, took, l),
    resources: plan.changes.filter((c) => c.key !== shown).map((c) => ({ label: resourceLabel(c.key, l), before: c.before, after: c.after })),
    conditions: (result?.conditionsGained ?? []).map((c) => conditionLabel(c, l)),
    warnings,
    bypassed: result === undefined,
  };
}

/** "27 fire + 5 slashing/cold" followed by the traits. */
export function eventSummary(event: DamageEvent, defaultType: string): string {
  const parts = event.parts.map((p) => `${p.amount} ${(p.types.length > 0 ? p.types : [defaultType]).join("/")}`).join(" + ");
  const extra = event.modifiers.filter((m) => m.kind === "extraDamage").map((m) => ` + ${m.amount}`).join("");
  const traits = event.traits.length > 0 ? ` (${event.traits.join(", ")})` : "";
  return `${event.label ? `${event.label}: ` : ""}${parts}${extra}${traits}`;
}

/**
 * The card for hits on `plans` (one entry per target). The summary describes
 * the first target's event: an area hit is one event; when a system applies
 * a different amount per target (a halving save) each target shows its own
 * incoming damage.
 */
export function cardData(plans: readonly HitPlan[], profile: { id: string; name: string; options: { defaultType: string } }): CardData {
  const first = plans[0];
  const summary = first === undefined ? "" : eventSummary(first.event, profile.options.defaultType);
  return { summary, profile: profileLabel(profile, localizer()), targets: plans.map(targetData), reverted: false };
}
