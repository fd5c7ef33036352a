/**
 * dnd5e damage modification `dm`, as dnd5e 5.3.3
 * `Actor5e#calculateDamage` does it (foundryvtt/dnd5e, commit
 * 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449, `module/documents/actor/actor.mjs`
 * lines 819-831 and 843-848):
 *
 * - each modification (`dm.amount[type]`, and `all`) is spent ONCE per
 *   application: going through the parts in order, a part of that type takes
 *   the modification; a reduction larger than the part takes the part to 0
 *   and what is left of it goes on to the next part of the type; an addition
 *   goes whole to the first part of the type that carries damage (line 830
 *   keeps the unspent rest);
 * - a part takes its type's modification first, then the `all` one (lines
 *   846-847; `all` never covers dnd5e's healing types);
 * - damage never changes sign: a modification that would take a part past 0
 *   leaves it at 0 (line 827);
 * - a physical part with a property that `dm.bypasses` names takes no
 *   modification at all (lines 844-845);
 * - the damage tray's `ignore.modification` (`true` or types, `all` for the
 *   `all` modification) switches it off for that target (lines 825, 975-978).
 *
 * Runs after `dnd5eImmunity` (an immune part is 0 and spends nothing) and
 * before `dnd5eResistance`. Every amount stays a whole number ≥ 0 (the
 * modifications are whole numbers, `model/dnd5e.ts`).
 */
import { stepNote, type DefenseRef, type Step, type TraceDetail, type WorkingPart } from "../context.ts";
import { bypassedBy, isHealing, isPhysical } from "../dnd5e/rules.ts";
import { addDetail, applicationOf, dnd5ePart, propertyTraits, traitsOf } from "../dnd5e/trace.ts";
import type { Dnd5eApplication } from "../model/dnd5e.ts";

const KEY = "DAMAGECHAIN.Trace.dnd5eModification";

/** True when the tray's `ignore` switches off the modification of `key` (a type or `all`). */
function ignored(app: Dnd5eApplication, key: string): boolean {
  const ig = app.ignore;
  if (typeof ig === "boolean") return ig;
  const m = ig.modification;
  return m === true || (Array.isArray(m) && m.includes(key));
}

/**
 * The step. Notes: `none`, `changed` {before, after} (the hit's total before
 * and after). Defenses: the modifications that changed a part ("Damage
 * modification -3 Fire"). Details: per part changed `DAMAGECHAIN.Detail.dnd5e.modified`
 * {type, before, after}; modifications bypassed or ignored by the tray.
 */
export const dnd5eModification: Step = (ctx) => {
  const traits = traitsOf(ctx);
  // What is left of each modification this application (line 830), own keys only.
  const left = new Map<string, number>();
  for (const [key, value] of Object.entries(traits.dm.amount)) if (value !== 0) left.set(key, value);
  if (left.size === 0) return stepNote(`${KEY}.none`);
  const app = applicationOf(ctx);
  const refs: DefenseRef[] = [];
  const details: TraceDetail[] = [];
  let before = 0;
  let after = 0;
  const apply = (part: WorkingPart, key: string, type: string): void => {
    const m = left.get(key);
    if (m === undefined || m === 0) return;
    if (ignored(app, key)) {
      addDetail(details, { key: "DAMAGECHAIN.Detail.dnd5e.ignored", params: { type }, defenses: [{ kind: "modification", type: key, value: traits.dm.amount[key]! }] });
      return;
    }
    const was = part.amount;
    part.amount = Math.sign(was) !== Math.sign(was + m) ? 0 : was + m;
    left.set(key, m + was - part.amount);
    if (!refs.some((r) => r.type === key)) refs.push({ kind: "modification", type: key, value: traits.dm.amount[key]! });
  };
  for (const part of ctx.parts) {
    if (part.amount === 0) continue;
    const { type, properties } = dnd5ePart(ctx, part);
    const was = part.amount;
    before += was;
    if (isPhysical(type) && properties.length > 0 && bypassedBy(traits.dm.bypasses, properties)) {
      if (left.has(type) || left.has("all")) addDetail(details, { key: "DAMAGECHAIN.Detail.dnd5e.bypassed", params: { type, traits: propertyTraits(properties) }, defenses: [{ kind: "modification", type: left.has(type) ? type : "all", value: traits.dm.amount[left.has(type) ? type : "all"]! }] });
      after += was;
      continue;
    }
    apply(part, type, type);
    if (!isHealing(type)) apply(part, "all", type);
    after += part.amount;
    if (part.amount !== was) details.push({ key: "DAMAGECHAIN.Detail.dnd5e.modified", params: { type, before: was, after: part.amount } });
  }
  const lines = details.length > 0 ? details : undefined;
  if (refs.length === 0) return stepNote(`${KEY}.none`, undefined, undefined, lines, details.length > 0);
  return stepNote(`${KEY}.changed`, { before, after }, refs, lines);
};
