/**
 * pf2e's weaknesses and resistances to words of the hit, not damage types
 * (`holy`, `unholy`, `area-damage`, `water`, the magic traditions, `spells`,
 * `ghost-touch`…), which the chain applies to hits that carry the word (the
 * pf2e adapter puts them on the event from the roll's options,
 * {@link pf2eRollWords}, `describeRoll` in
 * `src/foundry/systems/pf2e/apply-damage.ts`).
 *
 * When pf2e applies them (foundryvtt/pf2e):
 * - `src/module/actor/data/iwr.ts` at 05141a62, `IWR#describe` (l. 51–206):
 *   `air`, `earth`, `metal`, `radiation`, `water`, `wood` are the item trait
 *   (`item:trait:<w>`, l. 55–64); `arcane`, `divine`, `occult`, `primal` the
 *   item trait or the origin action's trait (`origin:action:trait:<t>`,
 *   l. 67–71); `area-damage` the bare roll option (l. 72–73); `ghost-touch`
 *   the astral, ghost-touch or greater astral property rune
 *   (`item:rune:property:<r>`, l. 96–105); `holy` / `unholy` the origin
 *   action's or the item's trait (l. 106–107, 167–168); `spells` a spell, an
 *   item from a spell or an impulse (`item:type:spell`, `item:from-spell`,
 *   `impulse`, l. 162–163); `magical` a magical item (`item:magical`), a
 *   magical action or a tradition action (`origin:action:trait:magical`,
 *   `origin:action:trait:<tradition>`, l. 108–117) while `non-magical` is
 *   only `not item:magical` (l. 120–121). `plant`, `salt`, `salt-water` have
 *   no case: `unhandled:<w>` (l. 206), which no roll has, so pf2e never
 *   applies them (the importer keeps them as effects, not applied).
 *   An entry's exceptions negate it (`IWR#predicate`).
 * - `src/module/system/damage/iwr.ts` at 05066b10, `applyIWR`: each instance
 *   is tested with its own description and the roll's options; the highest
 *   applicable weakness is added and the highest applicable resistance taken
 *   off per instance, so a weakness to `area-damage` and a resistance to any
 *   of these words are per instance and compete with the instance's own (DV /
 *   FDR of type `all`, `onlyWith` the word: the flat steps take the highest).
 *   A weakness of the apply-once set (`applyOnceWeaknesses`, ~l. 40; at
 *   05141a62 the set `NON_DAMAGE_WEAKNESSES`, ~l. 392: the traditions, air,
 *   earth, ghost-touch, holy, metal, plant, radiation, salt-water, salt,
 *   spells, unholy, water, wood, "applied separately as untyped damage") is
 *   added once per roll, apart from the instances (a DV with `perHit` and
 *   `apart`, the `pf2eWeaknessOnce` step).
 * - `src/module/item/spell/document.ts` (stored copy id 8950104142, ~30,900,
 *   `SpellPF2e#getRollOptions`): a spell with an area that deals damage adds
 *   `area-damage`; `src/module/item/base/document.ts` at 00a15c3e
 *   `ItemPF2e#getRollOptions` (l. 152–153, 162–164): a spell or an item with
 *   the magical or a tradition trait has `item:magical`; every item has
 *   `item:type:<type>`.
 */
import type { FlatDefense } from "../model/defenses.ts";

/** pf2e's magic traditions (`MAGIC_TRADITIONS`, `src/module/item/spell/values.ts`). */
const TRADITIONS = ["arcane", "divine", "occult", "primal"] as const;

/** Weaknesses pf2e applies once per roll, apart from its instances, and that some roll can carry. */
const APPLY_ONCE: ReadonlySet<string> = new Set([...TRADITIONS, "air", "earth", "ghost-touch", "holy", "metal", "radiation", "spells", "unholy", "water", "wood"]);

/** The pf2e IWR types that are words of the hit, not damage types. */
export const PF2E_HIT_WORDS: ReadonlySet<string> = new Set([...APPLY_ONCE, "area-damage"]);

/**
 * The word of a hit whose origin action is magical (`origin:action:trait:magical`):
 * not `magical`, which stands for pf2e's `item:magical` alone, the one its
 * `non-magical` reads.
 */
export const PF2E_MAGICAL_ACTION = "magical-action";

/** The words that hold where pf2e's `magical` predicate does: a magical item, a magical action, a tradition (item or action). */
const MAGICAL_WORDS: readonly string[] = ["magical", PF2E_MAGICAL_ACTION, ...TRADITIONS];

/** pf2e roll options → the words of the hit they give, beyond an item's traits (`item:trait:<w>` → `<w>`, read by the adapter). */
const OPTION_WORDS: ReadonlyMap<string, string> = new Map([
  // A magical item (runes or the magical trait): what pf2e's `non-magical` reads (`not item:magical`).
  ["item:magical", "magical"],
  ...TRADITIONS.map((t): [string, string] => [`origin:action:trait:${t}`, t]),
  ["origin:action:trait:magical", PF2E_MAGICAL_ACTION],
  ["origin:action:trait:holy", "holy"],
  ["origin:action:trait:unholy", "unholy"],
  ["area-damage", "area-damage"],
  ["item:type:spell", "spells"],
  ["item:from-spell", "spells"],
  ["impulse", "spells"],
  ["item:rune:property:ghost-touch", "ghost-touch"],
  ["item:rune:property:astral", "ghost-touch"],
  ["item:rune:property:greater-astral", "ghost-touch"],
]);

/**
 * The words of the hit that pf2e roll `options` give for its IWR to words of
 * the hit (see the file's docstring), each once, in the order first given;
 * options that give none are skipped. Pure; never throws.
 */
export function pf2eRollWords(options: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const option of options) {
    const word = OPTION_WORDS.get(option);
    if (word !== undefined) out.add(word);
  }
  return [...out];
}

/**
 * pf2e's exception or `doubleVs` words as the chain's: `magical` becomes
 * every word that holds where pf2e's `magical` predicate does (a magical
 * item, a magical action, a tradition); the others stay. Pure.
 */
export function pf2eExceptionWords(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((w) => (w === "magical" ? MAGICAL_WORDS : [w])))];
}

/**
 * The chain's entry for a pf2e weakness or resistance of `value` points to
 * `word` (one of {@link PF2E_HIT_WORDS}); `extra` holds its exceptions
 * (`ignoredBy`). An apply-once weakness gets `perHit` and `apart`. Pure.
 */
export function hitWordEntry(kind: "weaknesses" | "resistances", word: string, value: number, template: string, extra: { ignoredBy?: string[] }): FlatDefense {
  const entry: FlatDefense = { type: "all", kind: kind === "weaknesses" ? "DV" : "FDR", value, natural: false, template, onlyWith: [word], ...extra };
  if (kind === "weaknesses" && APPLY_ONCE.has(word)) return { ...entry, perHit: true, apart: true };
  return entry;
}
