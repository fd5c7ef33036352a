/**
 * A hit worked out without writing anything (`api.preview`, the Apply Damage
 * dialog's per-target preview): the chain's result and the update a hit
 * would write, from the actor as this client's writes in flight leave it.
 */
import type { ResolveResult } from "../../core/chain.ts";
import type { FlatUpdate } from "../../core/update-paths.ts";
import type { InputProblem } from "../../core/validate.ts";
import { parseEventOrThrow, pickProfile, preResolve, type ApplyOptions } from "./apply.ts";
import type { ResourceChange } from "./plan.ts";
import { loadPlan } from "./load-plan.ts";
import { say } from "../../core/messages.ts";

export interface Preview {
  /** The chain's result; undefined when the chain would be skipped (unusable flags, see `problems`). */
  result: ResolveResult | undefined;
  /** Points of damage the hit would deal. */
  final: number;
  changes: ResourceChange[];
  problems: InputProblem[];
  /** The update that would be written. */
  update: FlatUpdate;
  /** A `damage-chain.preResolve` handler cancelled the hit. */
  cancelled: boolean;
}

/**
 * What `event` (validated here; an invalid one throws an Error naming each
 * bad field) would do to `actor` under `options.profile` (default the
 * active profile). Points are points of damage. Writes nothing. Throws an
 * Error (in the user's language) too before the planner has loaded (`load-plan.ts`: it loads from
 * `init`, without Foundry waiting for it, and is there long before `ready`).
 */
export function previewHit(actor: Actor.Implementation, event: unknown, options: Pick<ApplyOptions, "profile"> = {}): Preview {
  const planner = loadPlan.peek();
  if (planner === undefined) {
    void loadPlan().catch(() => undefined); // a load that failed is tried again
    throw new Error(say("DAMAGECHAIN.Api.StillLoading"));
  }
  const { planContext, planHit } = planner;
  const parsed = parseEventOrThrow(event);
  const ev = preResolve(actor, parsed, options);
  if (ev === null) return { result: undefined, final: 0, changes: [], problems: [], update: {}, cancelled: true };
  const plan = planHit(actor, ev, planContext(pickProfile(options.profile)));
  return { result: plan.result, final: plan.final, changes: plan.changes, problems: plan.problems, update: plan.delta.apply, cancelled: false };
}
