/**
 * `game.i18n` as the core's {@link Localizer} (`src/core/explain.ts`): the one
 * way the adapter words the core's messages in the reader's language. A leaf
 * every folder may import.
 */
import type { Localizer } from "../core/explain.ts";

/** `game.i18n` as the trace formatter's {@link Localizer}. Keys without params are localized, others formatted. */
export function localizer(): Localizer {
  const i18n = game.i18n!;
  return {
    format: (key, params) => (params === undefined || Object.keys(params).length === 0 ? i18n.localize(key) : i18n.format(key, params)),
    has: (key) => i18n.has(key, false),
  };
}
