/**
 * The localizer of the Defenses tab: the two calls of `game.i18n` it needs,
 * and their adapter to the trace formatter's localizer (`src/core/explain.ts`).
 * A file of its own so that the field specs, the draft and the validation can
 * all take it without importing each other.
 */
import type { Localizer as TraceLocalizer } from "../../core/explain.ts";
import type { DurationUnit, UnitLetters } from "../../core/duration.ts";
import { rewordedKey, type Words } from "../../core/words.ts";

/** The two calls of `game.i18n` the tab needs (the browser test passes its own over lang/en.json). */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

/** `t` as the trace formatter's localizer (`src/core/explain.ts`): a key exists when it localizes to something else. */
export function traceLocalizer(t: Localizer): TraceLocalizer {
  return { format: (key, params) => (params === undefined ? t.localize(key) : t.format(key, params)), has: (key) => t.localize(key) !== key };
}

/** The duration unit letters of the reader's language (`DAMAGECHAIN.Sheet.DurationUnit.*`: "w d h m s", German "W T Std Min s"). */
export function unitLetters(t: Localizer): UnitLetters {
  const letter = (u: DurationUnit) => t.localize(`DAMAGECHAIN.Sheet.DurationUnit.${u}`);
  return { w: letter("w"), d: letter("d"), h: letter("h"), m: letter("m"), s: letter("s") };
}

/** `t` speaking `words` (`core/words.ts`): under the pf2e profile the tab names FDR and DV as pf2e's resistance and weakness. */
export function sheetInWords(t: Localizer, words: Words | undefined): Localizer {
  if (words === undefined) return t;
  return { localize: (key) => t.localize(rewordedKey(key, words)), format: (key, data) => t.format(rewordedKey(key, words), data) };
}
