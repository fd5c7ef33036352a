/**
 * pf2e's weaknesses and resistances to `holy`, `unholy` and `area-damage`:
 * not damage types but words of the hit, which the chain applies to hits that
 * carry them (the pf2e adapter puts them on the event, `describeRoll` in
 * `src/foundry/systems/pf2e/apply-damage.ts`).
 *
 * When pf2e applies them (foundryvtt/pf2e):
 * - `src/module/actor/data/iwr.ts` at 05141a62, `IWR#describe`: `holy` is the
 *   predicate `{ or: ["origin:action:trait:holy", "item:trait:holy"] }`,
 *   `unholy` likewise, `area-damage` the bare roll option `area-damage`; an
 *   entry's exceptions negate it (`IWR#predicate`).
 * - `src/module/system/damage/iwr.ts` at 05066b10, `applyIWR`: each instance
 *   is tested with its own description and the roll's options; the highest
 *   applicable weakness is added and the highest applicable resistance taken
 *   off per instance, so a weakness or resistance to `area-damage` and a
 *   resistance to `holy` / `unholy` are per instance and compete with the
 *   instance's own (DV / FDR of type `all`, `onlyWith` the word: the flat steps
 *   take the highest). A weakness to `holy` or `unholy` is an apply-once
 *   weakness (`applyOnceWeaknesses`; at 05141a62 `NON_DAMAGE_WEAKNESSES`,
 *   "applied separately as untyped damage"; the Weakness rule element's
 *   `applyOnce`, "e.g. from contact with a holy weapon"): added once per roll,
 *   apart from the instances (a DV with `perHit` and `apart`, the
 *   `pf2eWeaknessOnce` step).
 * - `src/module/item/spell/document.ts` (stored copy id 8950104142, ~30,900,
 *   `SpellPF2e#getRollOptions`): a spell with an area that deals damage adds
 *   `area-damage`.
 */
import type { FlatDefense } from "../model/defenses.ts";

/** The pf2e IWR types that are words of the hit, not damage types. */
export const PF2E_HIT_WORDS: ReadonlySet<string> = new Set(["holy", "unholy", "area-damage"]);

/** Weaknesses pf2e applies once per roll, apart from its instances. */
const APPLY_ONCE = new Set(["holy", "unholy"]);

/**
 * The chain's entry for a pf2e weakness or resistance of `value` points to
 * `word` (one of {@link PF2E_HIT_WORDS}); `extra` holds its exceptions
 * (`ignoredBy`). Pure.
 */
export function hitWordEntry(kind: "weaknesses" | "resistances", word: string, value: number, template: string, extra: { ignoredBy?: string[] }): FlatDefense {
  const entry: FlatDefense = { type: "all", kind: kind === "weaknesses" ? "DV" : "FDR", value, natural: false, template, onlyWith: [word], ...extra };
  if (kind === "weaknesses" && APPLY_ONCE.has(word)) return { ...entry, perHit: true, apart: true };
  return entry;
}
