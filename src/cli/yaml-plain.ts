/**
 * The quick reader of scenario YAML: js-yaml, whose parser starts in a few
 * milliseconds where the `yaml` package's takes some 30 ms before it has
 * warmed up (half the CLI's start). It reads only plain data, and resolves
 * plain scalars exactly as `yaml` does under the YAML 1.2 core schema (the
 * tests in `yaml/dist/schema/core/{int,float,bool}.js` and
 * `schema/common/null.js` of yaml 2.9, which follow YAML 1.2.2 §10.3.2), so it
 * gives the same data as `load.ts`'s `yaml` reading would.
 *
 * Whatever it cannot be sure of, it leaves to `yaml` (it returns undefined):
 * a text with a directive (`%YAML 1.1` changes the schema), a tag, an anchor or
 * an alias (`yaml` caps alias expansion), an explicit key (`? `); a flow
 * collection or quoted scalar that goes on to another line, or a flow
 * collection as a key (`simpleLines`); a key that js-yaml writes otherwise
 * (null, `__proto__`); an empty document; and any text js-yaml rejects, so
 * every error message, line and column still comes from `yaml`.
 */
import { FAILSAFE_SCHEMA, Type, loadAll } from "js-yaml";

/** Parse the whole plain scalar `text` with `resolve` when it matches `test`. */
const scalar = (tag: string, test: RegExp, construct: (text: string) => unknown): Type =>
  new Type(`tag:yaml.org,2002:${tag}`, { kind: "scalar", resolve: (text: string | null) => text !== null && test.test(text), construct });

/** YAML 1.2 core schema, as `yaml` 2.9 resolves it (`schema/core/schema.js`): null, bool, int (octal, decimal, hex), float (.inf/.nan, exponent, plain). */
const CORE = FAILSAFE_SCHEMA.extend({
  implicit: [
    scalar("null", /^(?:~|[Nn]ull|NULL)?$/, () => null),
    scalar("bool", /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"),
    scalar("int", /^(?:0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+)$/, (text) =>
      text.startsWith("0o") ? parseInt(text.substring(2), 8) : text.startsWith("0x") ? parseInt(text.substring(2), 16) : parseInt(text, 10),
    ),
    scalar("float", /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/, (text) =>
      /nan$/i.test(text) ? NaN : /inf$/i.test(text) ? (text[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY) : parseFloat(text),
    ),
  ],
});

/**
 * A directive (`%` at a line's start); a tag, anchor, alias or explicit key
 * indicator (`!`, `&`, `*`, `? `) where a node can start (at a line's start or
 * after a space, `-`, `:`, `,`, `[`, `{` or `?`); a line that is only `-` (an
 * entry whose content starts on the next line, or none: after an empty entry,
 * js-yaml 4.3 takes a less indented `- ` for the same list); a document marker
 * with content on its line (`--- a: 1`, which `yaml` refuses for a collection
 * and js-yaml reads). Also true for such characters inside a string
 * (harmless: that text goes to `yaml`).
 */
const NOT_PLAIN = /^%|(?:^|[\s\-:,[{?])(?:[!&*]|\?(?:\s|$))|^[ \t]*-[ \t]*(?:#.*)?$|^(?:---|\.\.\.)[ \t]+[^\s#]/m;

/** Where a quoted scalar ending at `from - 1` closes on `line` (the index of its closing quote), or -1. */
function closingQuote(line: string, from: number, quote: string): number {
  for (let i = from; i < line.length; i++) {
    if (quote === '"' && line[i] === "\\") i++;
    else if (line[i] === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/**
 * True when every line of `text` is at most 1024 characters long, closes the flow collections (`[…]`, `{…}`) and
 * quoted scalars it opens, no comment touches a quote or bracket (`"a"#b`), and
 * no flow collection is a key (`[a]: b`, `{ [a] }`). `yaml` checks the
 * indentation of flow collections and quoted scalars that go on over several
 * lines, which js-yaml does not, and writes a collection key otherwise than
 * js-yaml; such text goes to `yaml`.
 */
function simpleLines(text: string): boolean {
  for (const line of text.split("\n")) {
    // `yaml` refuses an implicit key longer than 1024 characters (its error KEY_OVER_1024_CHARS); js-yaml does not.
    if (line.length > 1024) return false;
    const open: string[] = [];
    let keyNext = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (c === " " || c === "\t" || c === "\r") continue;
      const prev = i === 0 ? " " : line[i - 1]!;
      const tokenStart = " \t[{,:-?".includes(prev);
      if (c === "#" && (prev === " " || prev === "\t")) break;
      if (c === "#" && "\"']}".includes(prev)) return false;
      if ((c === '"' || c === "'") && tokenStart) {
        i = closingQuote(line, i + 1, c);
        if (i < 0) return false;
      } else if (c === "[" || c === "{") {
        if (keyNext) return false;
        open.push(c);
      } else if (c === "]" || c === "}") {
        if (open.pop() !== (c === "]" ? "[" : "{")) return false;
        if (/^\s*:/.test(line.slice(i + 1))) return false;
      }
      keyNext = (c === "{" || c === ",") && open.at(-1) === "{";
    }
    if (open.length > 0) return false;
  }
  return true;
}

/** Keys js-yaml writes otherwise than `yaml`: null (`yaml`: ""), a list or map (`yaml`: YAML or JSON text), or an own `__proto__`. */
function oddKey(key: string): boolean {
  return key === "null" || key === "" || key === "__proto__" || key.includes(",") || key.startsWith("[object ");
}

/** True when some object in `data` has a key `oddKey` flags. */
function hasOddKey(data: unknown): boolean {
  if (Array.isArray(data)) return data.some(hasOddKey);
  if (typeof data !== "object" || data === null) return false;
  return Object.keys(data).some((key) => oddKey(key) || hasOddKey((data as Record<string, unknown>)[key]));
}

/** The documents of plain YAML `text`, or undefined when `yaml` must read it (see above). Never throws. */
export function readPlainYaml(text: string): unknown[] | undefined {
  if (NOT_PLAIN.test(text) || !simpleLines(text)) return undefined;
  let docs: unknown[];
  try {
    docs = loadAll(text, undefined, { schema: CORE });
  } catch {
    return undefined;
  }
  // A document that is only comments or empty: `yaml` leaves it out or keeps it as null, js-yaml keeps null.
  return docs.some((doc) => doc === null || doc === undefined || hasOddKey(doc)) ? undefined : docs;
}
