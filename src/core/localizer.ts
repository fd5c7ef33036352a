/**
 * The translation table the core words its messages through (the trace
 * formatter `explain.ts`, the validation messages `messages.ts`), in a file
 * of its own so that the data model, which states its validation keys, does
 * not depend on the explanation (no import circle
 * `model/* → messages.ts → explain.ts → context.ts → model/*`).
 */

/**
 * What the formatter needs of a translation table. `format` returns the text
 * of `key` with `{name}` placeholders filled from `params` (an unknown key is
 * returned as is, as Foundry does); `has` tells whether the key exists.
 */
export interface Localizer {
  format(key: string, params?: Record<string, string>): string;
  has(key: string): boolean;
}
