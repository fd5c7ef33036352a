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
 *   level the more limited one (fewer listed types + tags; an entry with no
 *   list is the least limited) goes first; then list order (004). The chosen
 *   one prevents the whole hit and spends one use in
 *   `state.oneTimeUses[id]` (id = `entry.id`, else `prevention-<index>` by its
 *   position in the defenses in force — give one-time entries an `id` so the
 *   count survives edits to the list).
 * - When no damage is left the hit was prevented: it did not happen (002 rule
 *   7; 004 "No Effect"), and the chain stops.
 */
import { applies, coversType } from "../conditions.ts";
import { total, type Step, type StepContext, type StepNote, type WorkingPart } from "../context.ts";
import type { Prevention } from "../model/defenses.ts";
import { preventionOptionsSchema } from "../model/profile.ts";
import { defenseLabel } from "./defenseLabel.ts";
import { optionsReader } from "./stepOptions.ts";

const KEY = "DAMAGECHAIN.Trace.prevention";
const readOptions = optionsReader("prevention", preventionOptionsSchema);

/** "One-time prevention (fire)", "Damage requirement: silvered". */
function describe(e: Prevention): string {
  if (e.requires !== undefined) return `Damage requirement: ${e.requires}`;
  const scope = [...e.types, ...e.tags];
  const name = e.kind === "oneTime" ? "One-time prevention" : "Prevention";
  return scope.length > 0 ? `${name} (${scope.join(", ")})` : name;
}

/** How many things an entry is limited to; an unlimited entry counts as the most. */
function breadth(e: Prevention): number {
  const n = e.types.length + e.tags.length;
  return n === 0 ? Number.POSITIVE_INFINITY : n;
}

/** True when `entry` prevents damage of `part` in this event (see the module doc). */
function matches(entry: Prevention, part: WorkingPart, ctx: StepContext): boolean {
  if (!applies(entry, ctx.event)) return false;
  if (entry.types.length > 0 && !entry.types.some((et) => part.types.some((t) => coversType(et, t)))) return false;
  if (entry.tags.length > 0 && !entry.tags.some((tag) => ctx.tags.has(tag))) return false;
  if (entry.requires !== undefined) {
    const x = entry.requires;
    if (ctx.event.traits.includes(x) || ctx.event.source.tags.includes(x) || part.types.includes(x)) return false;
  }
  return true;
}

/**
 * The prevention step. Options: {@link preventionOptionsSchema} (`phases`).
 * Notes: `unpreventable`, `none`, `prevented` {points} (ongoing stopped all of
 * it), `oneTime` {points, left}, `partial` {points}.
 */
export const prevention: Step = (ctx, options): StepNote => {
  if (ctx.event.traits.includes("unpreventable")) return { key: `${KEY}.unpreventable` };
  const { phases } = readOptions(options);
  const before = total(ctx);
  const used: Prevention[] = [];
  let oneTimeLeft: number | undefined;

  for (const phase of phases) {
    if (total(ctx) === 0) break;
    const entries = ctx.defenses.prevention.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.kind === phase);
    if (phase === "ongoing") {
      for (const part of ctx.parts) {
        if (part.amount === 0) continue;
        const e = entries.find(({ entry }) => matches(entry, part, ctx));
        if (e === undefined) continue;
        part.amount = 0;
        used.push(e.entry);
      }
      continue;
    }
    const candidates = entries
      .filter(({ entry }) => ctx.parts.some((p) => p.amount > 0 && matches(entry, p, ctx)))
      .map((c) => ({ ...c, id: c.entry.id ?? `prevention-${c.index}` }))
      .filter((c) => (ctx.state.oneTimeUses[c.id] ?? c.entry.uses) > 0)
      // Infinity - Infinity is NaN, which `||` passes over to list order.
      .sort((a, b) => b.entry.level - a.entry.level || breadth(a.entry) - breadth(b.entry) || a.index - b.index);
    const chosen = candidates[0];
    if (chosen === undefined) continue;
    oneTimeLeft = (ctx.state.oneTimeUses[chosen.id] ?? chosen.entry.uses) - 1;
    ctx.state.oneTimeUses[chosen.id] = oneTimeLeft;
    for (const p of ctx.parts) p.amount = 0;
    used.push(chosen.entry);
  }

  const points = before - total(ctx);
  if (used.length === 0) return { key: `${KEY}.none` };
  const defense = defenseLabel(used, describe)!;
  if (total(ctx) > 0) return { key: `${KEY}.partial`, params: { points }, defense };
  ctx.stop = "prevented";
  if (oneTimeLeft !== undefined) return { key: `${KEY}.oneTime`, params: { points, left: oneTimeLeft }, defense };
  return { key: `${KEY}.prevented`, params: { points }, defense };
};
