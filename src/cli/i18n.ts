/**
 * Text for the CLI, read from the module's lang files (`lang/en.json`,
 * `lang/de.json`) — the same files the Foundry module localises from, so the
 * CLI and the chat card explain a hit in the same words. Placeholders `{name}` are filled like Foundry's
 * `game.i18n.format`.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, as a path (a `file:` URL object is not accepted under test DOM environments such as happy-dom, whose `URL` is not Node's). */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

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

/** The languages the module ships (module.json `languages`): code -> lang file path. */
export function languages(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(ROOT, "module.json"), "utf8")) as { languages?: { lang: string; path: string }[] };
  return new Map((manifest.languages ?? []).map((l) => [l.lang, l.path]));
}

/**
 * The translator for language `lang` (a code from module.json, e.g. `en`,
 * `de`). Throws an Error naming the code and the known codes if it is not
 * shipped, or naming the file if it cannot be read or parsed.
 */
export function loadLanguage(lang: string): Translator {
  const path = languages().get(lang);
  if (path === undefined) throw new Error(`unknown language "${lang}" (known: ${[...languages().keys()].join(", ")})`);
  const file = join(ROOT, path);
  try {
    return translator(JSON.parse(readFileSync(file, "utf8")) as LangTree);
  } catch (error) {
    throw new Error(`cannot load ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** The translator for `lang/en.json`. */
export function loadEnglish(): Translator {
  return loadLanguage("en");
}
