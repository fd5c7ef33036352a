/**
 * Which steps a defender uses: a link marked `whenUsed` runs only when its
 * step has something to act on, so a system profile can carry the chain's
 * own defenses on top of the system's rules and an actor without them gets
 * exactly the system's numbers, with no extra trace entries.
 *
 * A step absent from {@link USED_BY} always counts as used.
 */
import type { StepContext } from "../context.ts";
import type { StepId } from "../model/profile.ts";

/** True when the defender has something for the step to act on. `options` are the link's own. */
export type UsedBy = (ctx: StepContext, options: Record<string, unknown>) => boolean;

/** The pool keys a `pools` link takes damage from (its `order` option; the built-in ward link names `ward`). */
function poolOrder(options: Record<string, unknown>): readonly string[] {
  const order = options.order;
  return Array.isArray(order) ? (order as string[]) : ["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"];
}

/** A resource with points in it. */
const hasPoints = (ctx: StepContext, key: string): boolean => (ctx.resources[key]?.value ?? 0) > 0;

export const USED_BY: Partial<Record<StepId, UsedBy>> = {
  prevention: (ctx) => ctx.defenses.prevention.length > 0,
  bdn: (ctx) => ctx.defenses.negates.some((n) => n.kind === "BDN"),
  fdn: (ctx) => ctx.defenses.negates.some((n) => n.kind === "FDN"),
  bdr: (ctx) => ctx.defenses.flat.some((f) => f.kind === "BDR"),
  fdr: (ctx) => ctx.defenses.flat.some((f) => f.kind === "FDR"),
  dv: (ctx) => ctx.defenses.flat.some((f) => f.kind === "DV"),
  pools: (ctx, options) => ctx.state.nextHitPool !== undefined || poolOrder(options).some((k) => hasPoints(ctx, k)),
  guard: (ctx, options) => hasPoints(ctx, typeof options.resource === "string" ? options.resource : "guard"),
  damageLimit: (ctx) => ctx.defenses.damageLimits.length > 0,
  damageShell: (ctx) => ctx.defenses.shells.length > 0 || ctx.state.shellImmune,
  endurance: (ctx) => ctx.defenses.endurance.length > 0,
  reaction: (ctx) => ctx.defenses.reactions.length > 0 && (ctx.event.reactions?.length ?? 0) > 0,
  triggers: (ctx) => ctx.defenses.triggers.length > 0,
  midiDr: (ctx) => (ctx.event.dnd5e?.midiDr ?? 0) > 0,
  pf2eWeaknessOnce: (ctx) => ctx.defenses.flat.some((f) => f.apart === true),
};
