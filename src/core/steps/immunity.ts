/**
 * Immunity (RULES.md §2.1): the first check when damage arrives (004 "The
 * first thing you do when you take damage ... is check to see if you have any
 * immunity effects").
 *
 * - Tag immunity (003 Immunity): if the source has any tag the defender is
 *   immune to (`ctx.tags`: source tags, event traits and damage types), the
 *   whole hit does no damage, the chain stops as prevented, and an
 *   `ignoreNonDamageEffects` effect is emitted per matching tag, because the
 *   non-damage effects of features with that tag are ignored too.
 * - Type immunity (001 "Damage Immune: Poison", 004 Poison Immunity): a part
 *   whose EVERY type is covered by an applicable immunity becomes 0. A part of
 *   several types with only some of them immune is left alone: the 001
 *   resistance step counts that immunity as 100% mitigation in its
 *   multi-type averaging. If no damage is left after this, the hit is
 *   prevented ("4 Poison vs Poison Immunity -> No Effect", 004): it did not
 *   happen, it was not reduced to 0 (002 rule 7). Immunity beats a
 *   vulnerability of the same type because the part is already 0 (001).
 * - `unpreventable` (002 rule 3) does NOT bypass immunity: it only makes the
 *   prevention step do nothing. Immunity is not a prevention effect in 002's
 *   sense (002 has no immunities), and 004 checks immunity before prevention.
 *
 * Entries whose condition fails or that the event ignores are skipped
 * (`applies`). `all` is never an immunity type (refused by the schema).
 */
import { applies } from "../conditions.ts";
import { typeTable, type TypeTable } from "../resist/candidates.ts";
import { total, stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import type { Immunity } from "../model/defenses.ts";
import { addOnce, defenseRef } from "./refs.ts";
import { PF2E_UNAFFECTED_TAG } from "../import/pf2e-tag.ts";
import { onceWeaknessActs } from "./pf2eWeaknessOnce.ts";

const KEY = "DAMAGECHAIN.Trace.immunity";
/** The note of a hit no immunity acted on (shared: notes are only read). */
const NONE: StepNote = Object.freeze(stepNote(`${KEY}.none`));

/** The first type immunity that applies to this event and covers damage of `type` in a part of `types`. */
function typeImmunity(ctx: StepContext, table: TypeTable, type: string, types: readonly string[]): Immunity | undefined {
  // Only the immunities that cover `type` (indexed once per list: `resist/candidates.ts`), in list order.
  const { entries, always } = table.get(type).immune;
  for (let k = 0; k < entries.length; k++) if (always[k] === true || applies(entries[k]!, ctx.event, types)) return entries[k];
  return undefined;
}

/**
 * The immunity step. Notes: `tag` {tags} (the tags the defender is immune
 * to), `prevented` / `partial` {points, types} (points that did not happen,
 * the immune damage types), `none`. Defenses: the immunities that acted.
 */
export const immunity: Step = (ctx) => {
  if (ctx.defenses.immunities.length === 0) return NONE;
  const table = typeTable(ctx.defenses);
  let byTag: Immunity[] | undefined;
  for (const i of table.tagged) {
    if (ctx.tags.has(i.tag!) && applies(i, ctx.event)) (byTag ??= []).push(i);
  }
  if (byTag !== undefined) {
    for (const p of ctx.parts) p.amount = 0;
    ctx.stop = "prevented";
    const tags: string[] = [];
    for (const i of byTag) addOnce(tags, i.tag!);
    for (const tag of tags) ctx.effects.push({ kind: "ignoreNonDamageEffects", tag });
    return stepNote(`${KEY}.tag`, { tags }, byTag.map((i) => defenseRef("tagImmunity", i)));
  }

  let used: Immunity[] | undefined;
  let types: string[] | undefined;
  let points = 0;
  for (const p of ctx.parts) {
    if (p.types.length === 0) continue;
    let covered = true;
    for (const t of p.types) {
      if (typeImmunity(ctx, table, t, p.types) === undefined) {
        covered = false;
        break;
      }
    }
    if (!covered) continue;
    used ??= [];
    types ??= [];
    for (const t of p.types) {
      addOnce(used, typeImmunity(ctx, table, t, p.types)!);
      addOnce(types, t);
    }
    points += p.amount;
    p.amount = 0;
  }
  if (used === undefined || types === undefined) return NONE;
  // pf2e's "unaffected" (`import/pf2e.ts` `pf2eUnaffected`) acts as an immunity but is named as pf2e names it.
  const defenses = used.map((i) => defenseRef(i.template === PF2E_UNAFFECTED_TAG ? "unaffected" : "immunity", i));
  // pf2e adds an apply-once weakness (holy, water…) even to a hit its immunities took to 0 (`pf2eWeaknessOnce.ts`): no stop then.
  if (total(ctx) === 0 && !onceWeaknessActs(ctx)) {
    ctx.stop = "prevented";
    return stepNote(`${KEY}.prevented`, { points, types }, defenses);
  }
  return points > 0 ? stepNote(`${KEY}.partial`, { points, types }, defenses) : NONE;
};
