/**
 * English text for the CLI, read from `lang/en.json` — the same file the
 * Foundry module localises from, so the CLI and the chat card explain a hit in
 * the same words. Placeholders `{name}` are filled like Foundry's
 * `game.i18n.format`.
 */
import { readFileSync } from "node:fs";

/** A lang file: nested objects of strings. */
type LangTree = { [key: string]: string | LangTree };

function flatten(tree: LangTree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix === "" ? k : `${prefix}.${k}`;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

/** Looks up and formats lang keys. */
export interface Translator {
  /** The text of `key` with `{param}` placeholders filled; an unknown key is returned as is (as Foundry does). */
  format(key: string, params?: Record<string, string | number>): string;
  /** True when `key` exists. */
  has(key: string): boolean;
}

/** Make a translator from a lang tree (the parsed content of a lang file). */
export function translator(tree: LangTree): Translator {
  const strings = flatten(tree, "", new Map());
  return {
    has: (key) => strings.has(key),
    format(key, params = {}) {
      const text = strings.get(key);
      if (text === undefined) return key;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    },
  };
}

/** The translator for `lang/en.json`. Throws an Error naming the file if it cannot be read or parsed. */
export function loadEnglish(): Translator {
  const file = new URL("../../lang/en.json", import.meta.url);
  try {
    return translator(JSON.parse(readFileSync(file, "utf8")) as LangTree);
  } catch (error) {
    throw new Error(`cannot load ${file.pathname}: ${(error as Error).message}`, { cause: error });
  }
}
