/**
 * The one definition of when a defense's exception (its `ignoredBy` words)
 * turns the defense off for some damage, shared by every chain step (through
 * `conditions.ts` `applies`), the pf2e importer, the pf2e adapter and the
 * bestiary report.
 *
 * pf2e reads an IWR entry's exceptions as predicates over a damage
 * instance's description (foundryvtt/pf2e 05141a62
 * `src/module/actor/data/iwr.ts` `IWR#describe`, `IWR#predicate`: a damage
 * type → `damage:type:<t>`, `physical` / `energy` → `damage:category:<c>`, a
 * material → `damage:material:<m>`, `all-damage` → any damage, other words →
 * item traits; any exception that holds negates the entry). Here an
 * exception word holds for a part of a hit when it is one of the hit's
 * traits (the adapter gives materials and item traits as traits), one of the
 * part's damage types, a category one of them belongs to, or `all-damage`.
 */

/**
 * pf2e's damage categories and their types (foundryvtt/pf2e 01189349
 * `src/module/system/damage/values.ts` `PHYSICAL_DAMAGE_TYPES`,
 * `ENERGY_DAMAGE_TYPES`; the remaster renames positive/negative to
 * vitality/void). `physical` covers bleed.
 */
export const PF2E_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  physical: ["bludgeoning", "piercing", "slashing", "bleed"],
  energy: ["acid", "cold", "electricity", "fire", "sonic", "force", "vitality", "void"],
};

/** The damage types a defense `type` covers: a category's types, or the type itself. */
export function typesOf(type: string): readonly string[] {
  return Object.hasOwn(PF2E_CATEGORIES, type) ? PF2E_CATEGORIES[type]! : [type];
}

/** True when `word` names a category that `type` belongs to. */
function inCategory(word: string, type: string): boolean {
  return Object.hasOwn(PF2E_CATEGORIES, word) && PF2E_CATEGORIES[word]!.includes(type);
}

/**
 * True when `word` holds for damage of `types` in a hit with `traits`, as in
 * {@link exceptedBy}; a word `non-<w>` holds when `<w>` does not (pf2e's
 * `non-magical`: foundryvtt/pf2e `src/module/actor/data/iwr.ts`
 * `IWR#describe`, "non-magical" → `{ not: "item:magical" }`).
 */
export function holds(word: string, traits: readonly string[], types: readonly string[] = []): boolean {
  if (word.startsWith("non-") && word.length > 4) return !holds(word.slice(4), traits, types);
  return exceptedBy([word], traits, types);
}

/**
 * True when one of `words` (a defense's `ignoredBy`) holds for damage of
 * `types` in a hit with `traits`: the word is a trait of the hit, one of
 * `types`, a category of one of them, or `all-damage` (any damage: `types`
 * not empty). Pure; `words` undefined or empty → false.
 */
export function exceptedBy(words: readonly string[] | undefined, traits: readonly string[], types: readonly string[] = []): boolean {
  if (words === undefined) return false;
  for (const w of words) {
    if (traits.includes(w)) return true;
    if (types.length > 0 && w === "all-damage") return true;
    for (const t of types) if (t === w || inCategory(w, t)) return true;
  }
  return false;
}
