/**
 * A stand-in for Foundry's `game.i18n` over a lang file, for tests: `localize`
 * looks the dotted key up, `format` also replaces `{name}` placeholders, and
 * a missing key comes back as the key itself (as Foundry does).
 */
import type { Localizer } from "../../../src/foundry/sheet/localizer.ts";

export interface TestLocalizer extends Localizer {
  has(key: string): boolean;
}

/** A localizer over `lang` (the parsed JSON of a lang file). */
export function makeLocalizer(lang: unknown): TestLocalizer {
  const lookup = (key: string): string | undefined => {
    let cur: unknown = lang;
    for (const seg of key.split(".")) cur = cur !== null && typeof cur === "object" ? (cur as Record<string, unknown>)[seg] : undefined;
    return typeof cur === "string" ? cur : undefined;
  };
  return {
    has: (key) => lookup(key) !== undefined,
    localize: (key) => lookup(key) ?? key,
    format: (key, data) => (lookup(key) ?? key).replace(/\{([^}]+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m)),
  };
}
