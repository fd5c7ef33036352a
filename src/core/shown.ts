/**
 * Which steps of a hit's trace a reader is shown in short form (the chat
 * card's explanation, the CLI's `--changed-only`): the steps that changed the
 * damage, and the resource steps (pools, guard, life: they distribute the
 * hit without changing its amount) when the hit took something. Pure.
 */
import type { TraceEntry } from "./context.ts";

/** Steps that take a hit's points from resources (004 pools, 001/003 guard, life) rather than change them. */
export const RESOURCE_STEPS: ReadonlySet<string> = new Set(["pools", "guard", "life"]);

/**
 * The trace entries that changed something: `in ≠ out`, a step that changed
 * some part although the total stayed (`changed`: a resistance and a
 * vulnerability that cancel out), a step that asks to be shown
 * (`shown`: a dnd5e trait the tray ignored), or a resource step of a hit that
 * took more than 0 points from some resource.
 * @param trace the hit's trace, in chain order
 * @param taken points taken per resource key (`ResolveResult.taken`)
 */
export function shownEntries(trace: readonly TraceEntry[], taken: Readonly<Record<string, number>>): TraceEntry[] {
  const tookSomething = Object.values(taken).some((n) => n > 0);
  return trace.filter((e) => e.in !== e.out || e.changed === true || e.shown === true || (RESOURCE_STEPS.has(e.step) && tookSomething));
}
