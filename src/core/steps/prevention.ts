/**
 * Prevention (RULES.md §2.2; 002 rules 3 and 7; 004 "Taking Damage" and
 * "Defensive Effects").
 *
 * - `unpreventable` damage (an event trait) ignores every prevention effect
 *   (002 rule 3): the step changes nothing and says so.
 * - Phases run in `options.phases` order, default ongoing then one-time (004:
 *   "a relevant immunity applies before any one-time effects apply").
 * - An entry matches a part when it applies to the event (condition met, not
 *   ignored), its `types` is empty or covers one of the part's types, its
 *   `tags` is empty or shares a tag with the source (`ctx.tags`), and, for a
 *   damage requirement `requires: X` ("only silvered weapons hurt me"), the
 *   part LACKS X (X is looked for in the event's traits, the source's tags and
 *   the part's own types).
 * - Ongoing: every matching part becomes 0.
 * - One-time (spirit shield): among the entries that match a part still
 *   carrying damage and have uses left, the higher `level` goes first; at equal
 *   level the more limited one (its coverage — types, source tags, condition,
 *   ignore rules, requirement — contained in the other's) goes first; where
 *   neither contains the other, list order (004; `prevention-order.ts`). The chosen
 *   one prevents every part it matches — an effect limited to fire does not
 *   prevent the slashing part of the same hit — and spends one use in
 *   `state.oneTimeUses[id]` (id = `entry.id`, else `prevention-<index>` by its
 *   position in the defenses in force — give one-time entries an `id` so the
 *   count survives edits to the list). While parts still carry damage, the
 *   next one-time effect by the same order may prevent those it matches
 *   (parts are resolved on their own, RULES.md §1); each effect is spent at
 *   most once per hit.
 * - When no damage is left the hit was prevented: it did not happen (002 rule
 *   7; 004 "No Effect"), and the chain stops.
 */
import { applies, coversType } from "../conditions.ts";
import { total, stepNote, type DefenseRef, type Step, type StepContext, type StepNote, type WorkingPart } from "../context.ts";
import type { Prevention } from "../model/defenses.ts";
import { preventionOptionsSchema } from "../model/profile.ts";
import { firstOneTime } from "./prevention-order.ts";
import { addOnce, defenseRef } from "./refs.ts";
import { optionsReader } from "./stepOptions.ts";

const KEY = "DAMAGECHAIN.Trace.prevention";
const readOptions = optionsReader("prevention", preventionOptionsSchema);

/** The trace reference of a prevention entry: a damage requirement, a one-time or an ongoing prevention. */
function refOf(e: Prevention): DefenseRef {
  return defenseRef(e.requires !== undefined ? "damageRequirement" : e.kind === "oneTime" ? "oneTimePrevention" : "prevention", e);
}

/** True when one of the entry's `types` covers one of the part's types. */
function coversPart(types: readonly string[], part: WorkingPart): boolean {
  for (const et of types) for (const t of part.types) if (coversType(et, t)) return true;
  return false;
}

/** True when `entry` prevents damage of `part` in this event (see the module doc). */
function matches(entry: Prevention, part: WorkingPart, ctx: StepContext): boolean {
  // The damage types first: they turn away most entries, and every test here is free of side effects, so the order only changes the cost.
  if (entry.types.length > 0 && !coversPart(entry.types, part)) return false;
  if (entry.requires !== undefined) {
    const x = entry.requires;
    if (ctx.event.traits.includes(x) || ctx.event.source.tags.includes(x) || part.types.includes(x)) return false;
  }
  if (!applies(entry, ctx.event)) return false;
  if (entry.tags.length > 0) {
    let shared = false;
    for (const tag of entry.tags) if (ctx.tags.has(tag)) shared = true;
    if (!shared) return false;
  }
  return true;
}

/** True when `entry` matches a part still carrying damage. */
function matchesAny(entry: Prevention, ctx: StepContext): boolean {
  for (const p of ctx.parts) if (p.amount > 0 && matches(entry, p, ctx)) return true;
  return false;
}

/** Ongoing prevention: every part still carrying damage that an ongoing entry matches becomes 0. */
function ongoing(ctx: StepContext, used: Prevention[]): void {
  for (const part of ctx.parts) {
    if (part.amount <= 0) continue;
    for (const entry of ctx.defenses.prevention) {
      if (entry.kind !== "ongoing" || !matches(entry, part, ctx)) continue;
      part.amount = 0;
      addOnce(used, entry);
      break;
    }
  }
}

/**
 * One-time prevention: among the entries with uses left that match a part
 * still carrying damage, the one {@link firstOneTime} picks (highest level,
 * then the more limited, then list order: 004); entries in `spent` (already
 * used on this hit) are passed over. It prevents every part it matches and
 * spends one use. Returns the uses it has left, or undefined when none applied.
 */
function oneTime(ctx: StepContext, used: Prevention[], spent: Set<Prevention>): number | undefined {
  const list = ctx.defenses.prevention;
  const candidates: { entry: Prevention; id: string; uses: number }[] = [];
  for (let index = 0; index < list.length; index++) {
    const entry = list[index]!;
    if (entry.kind !== "oneTime" || spent.has(entry)) continue;
    const id = entry.id ?? `prevention-${index}`;
    const uses = ctx.state.oneTimeUses[id] ?? entry.uses;
    if (uses > 0 && matchesAny(entry, ctx)) candidates.push({ entry, id, uses });
  }
  const chosen = firstOneTime(candidates);
  if (chosen === undefined) return undefined;
  ctx.own("oneTimeUses")[chosen.id] = chosen.uses - 1;
  for (const p of ctx.parts) if (p.amount > 0 && matches(chosen.entry, p, ctx)) p.amount = 0;
  spent.add(chosen.entry);
  addOnce(used, chosen.entry);
  return chosen.uses - 1;
}

/** One-time effects, one after another, while damage is left and one matches (each at most once per hit). Returns the uses left of the last one spent. */
function oneTimes(ctx: StepContext, used: Prevention[]): number | undefined {
  const spent = new Set<Prevention>();
  let left: number | undefined;
  while (total(ctx) > 0) {
    const next = oneTime(ctx, used, spent);
    if (next === undefined) break;
    left = next;
  }
  return left;
}

/**
 * The prevention step. Options: {@link preventionOptionsSchema} (`phases`).
 * Notes: `unpreventable`, `none`, `prevented` {points} (ongoing stopped all of
 * it), `oneTime` {points, left} (`left`: uses left of the one-time effect spent
 * last), `partial` {points}. Defenses: the entries that prevented.
 */
export const prevention: Step = (ctx, options): StepNote => {
  if (ctx.event.traits.includes("unpreventable")) return stepNote(`${KEY}.unpreventable`);
  const { phases } = readOptions(options);
  const before = total(ctx);
  const used: Prevention[] = [];
  let oneTimeLeft: number | undefined;

  for (const phase of phases) {
    if (total(ctx) <= 0) break;
    if (phase === "ongoing") ongoing(ctx, used);
    else oneTimeLeft = oneTimes(ctx, used) ?? oneTimeLeft;
  }

  if (used.length === 0) return stepNote(`${KEY}.none`);
  const points = before - total(ctx);
  const defenses = used.map(refOf);
  if (total(ctx) > 0) return stepNote(`${KEY}.partial`, { points }, defenses);
  ctx.stop = "prevented";
  if (oneTimeLeft !== undefined) return stepNote(`${KEY}.oneTime`, { points, left: oneTimeLeft }, defenses);
  return stepNote(`${KEY}.prevented`, { points }, defenses);
};
