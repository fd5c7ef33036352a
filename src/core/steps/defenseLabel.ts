/**
 * Small helpers shared by the defense steps (immunity, prevention, negates,
 * flat reductions, armor value, tag resistance, reduction): how a defense is
 * named in the trace, and how a part with several damage types picks the type
 * a per-type defense is measured on.
 */

/** `fire` -> `Fire`, `non-physical` -> `Non-physical`. */
export function titleCase(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}

/**
 * The trace label of the defenses that acted: each entry's own `label`, or
 * `describe(entry)` when it has none; duplicates removed, joined with ", ".
 * Returns undefined when no defense acted (the trace then names none).
 */
export function defenseLabel<T extends { label?: string | undefined }>(entries: Iterable<T>, describe: (entry: T) => string): string | undefined {
  const names = new Set<string>();
  for (const e of entries) names.add(e.label ?? describe(e));
  return names.size === 0 ? undefined : [...names].join(", ");
}

/** A per-type measure of a defense: its value in points of damage and the entries that make it up. */
export interface TypeValue<T> {
  type: string;
  value: number;
  used: T[];
}

/**
 * The type of a part whose per-type defense value is largest (the first listed
 * type wins ties). This project's reading of 000, which measures BDR, FDR, DV,
 * negates and armor "for each Damage Type" but does not say what a part of
 * several types uses: the part is measured on its type with the largest value
 * (the strongest negate, reduction or armor; for DV the largest addition).
 * Returns undefined for a part with no types (never produced by the chain).
 */
export function bestType<T>(types: readonly string[], measure: (type: string) => TypeValue<T>): TypeValue<T> | undefined {
  let best: TypeValue<T> | undefined;
  for (const t of types) {
    const v = measure(t);
    if (best === undefined || v.value > best.value) best = v;
  }
  return best;
}
