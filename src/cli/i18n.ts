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

/**
 * The text of `key` in `tree`: `A.B.C` is `tree.A.B.C`, and a key written with
 * dots in the file (`"A.B": { "C": … }`) is found too. Looked up on demand,
 * not flattened up front: the CLI reads a handful of the file's thousand keys,
 * and flattening them all took some 5 ms of its start-up. When a key is
 * written both ways, the longer name at the outer level wins (`"A.B"` before
 * `"A": { "B" }`).
 */
function lookup(tree: LangTree, key: string): string | undefined {
  const own = Object.hasOwn(tree, key) ? tree[key] : undefined;
  if (typeof own === "string") return own;
  for (let dot = key.indexOf("."); dot > 0; dot = key.indexOf(".", dot + 1)) {
    const head = Object.hasOwn(tree, key.slice(0, dot)) ? tree[key.slice(0, dot)] : undefined;
    const found = typeof head === "object" ? lookup(head, key.slice(dot + 1)) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
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
  return {
    has: (key) => lookup(tree, key) !== undefined,
    format(key, params = {}) {
      const text = lookup(tree, key);
      if (text === undefined) return key;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    },
  };
}

let shipped: Map<string, string> | undefined;

/** The languages the module ships (module.json `languages`): code -> lang file path. Read once. */
export function languages(): Map<string, string> {
  if (shipped === undefined) {
    const manifest = JSON.parse(readFileSync(join(ROOT, "module.json"), "utf8")) as { languages?: { lang: string; path: string }[] };
    shipped = new Map((manifest.languages ?? []).map((l) => [l.lang, l.path]));
  }
  return new Map(shipped);
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
