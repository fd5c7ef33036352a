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
import { applies, coversType } from "../conditions.ts";
import { total, type Step } from "../context.ts";
import type { Immunity } from "../model/defenses.ts";
import { defenseLabel, titleCase } from "./defenseLabel.ts";

const KEY = "DAMAGECHAIN.Trace.immunity";

/** "Poison Immunity", or "Immunity: undead" for a tag. */
function describe(i: Immunity): string {
  return i.type !== undefined ? `${titleCase(i.type)} Immunity` : `Immunity: ${i.tag ?? ""}`;
}

/** The immunity step. Notes: `tag` {tag}, `prevented` / `partial` {points, types}, `none`. */
export const immunity: Step = (ctx) => {
  const active = ctx.defenses.immunities.filter((i) => applies(i, ctx.event));

  const byTag = active.filter((i) => i.tag !== undefined && ctx.tags.has(i.tag));
  if (byTag.length > 0) {
    for (const p of ctx.parts) p.amount = 0;
    ctx.stop = "prevented";
    const tags = [...new Set(byTag.map((i) => i.tag!))];
    for (const tag of tags) ctx.effects.push({ kind: "ignoreNonDamageEffects", tag });
    return { key: `${KEY}.tag`, params: { tag: tags.join(", ") }, defense: defenseLabel(byTag, describe)! };
  }

  const byType = active.filter((i): i is Immunity & { type: string } => i.type !== undefined);
  const used = new Set<Immunity>();
  const types = new Set<string>();
  let points = 0;
  let immuneParts = 0;
  for (const p of ctx.parts) {
    if (p.types.length === 0) continue;
    const cover = p.types.map((t) => byType.find((i) => coversType(i.type, t)));
    if (cover.some((c) => c === undefined)) continue;
    immuneParts++;
    points += p.amount;
    p.amount = 0;
    for (const c of cover) used.add(c!);
    for (const t of p.types) types.add(t);
  }
  if (immuneParts === 0) return { key: `${KEY}.none` };
  const params = { points, types: [...types].join(", ") };
  const defense = defenseLabel(used, describe)!;
  if (total(ctx) === 0) {
    ctx.stop = "prevented";
    return { key: `${KEY}.prevented`, params, defense };
  }
  return points > 0 ? { key: `${KEY}.partial`, params, defense } : { key: `${KEY}.none` };
};
