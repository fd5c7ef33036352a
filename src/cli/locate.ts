/**
 * The slow half of reading a scenario file, loaded only when it is needed:
 * YAML that the quick reader (`yaml-plain.ts`) leaves alone, read with the
 * `yaml` package; syntax errors with their line and column; and, for a file
 * that does not validate, where each bad field stands and the closest known
 * field (`hints.ts`). The text is parsed again here, so the quick path keeps
 * no positions.
 */
import { parse as parseJsonc, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import { LineCounter, parseAllDocuments } from "yaml";
import type { InputProblem } from "../core/validate.ts";
import { didYouMean, jsonOffset, lineColumn, lineColumnText, pathSegments, yamlOffset } from "./hints.ts";

/** A scenario file's format. */
export type Format = "json" | "yaml";

/** Where the node at a path starts in the text (line and column from 1). */
type Locate = (path: readonly (string | number)[]) => { line: number; column: number } | undefined;

/** The YAML documents of `text` and a locator for each (1.2 core schema: plain data only). Throws a SyntaxError with the first error's line and column. */
function yamlDocuments(text: string): { data: unknown; locate: Locate }[] {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { prettyErrors: true, uniqueKeys: true, lineCounter: lines });
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const first = doc.errors[0];
    if (first !== undefined) throw new SyntaxError(`invalid YAML: ${first.message}`);
  }
  return list.map((doc) => ({
    data: doc.toJS() as unknown,
    locate: (path) => {
      const offset = yamlOffset(doc, path);
      if (offset === undefined) return undefined;
      const { line, col } = lines.linePos(offset);
      return { line, column: col };
    },
  }));
}

/** Every YAML document of `text`, read with the `yaml` package. Throws a SyntaxError (`invalid YAML: …` with line and column). */
export function parseYaml(text: string): unknown[] {
  return yamlDocuments(text).map((doc) => doc.data);
}

/**
 * The error for JSON text that `JSON.parse` rejected with `error`:
 * jsonc-parser (strict options) locates it, because V8's messages do not
 * always give a position: `invalid JSON: line 4, column 14: value expected`.
 * `error` itself when jsonc-parser finds nothing wrong.
 */
export function jsonSyntaxError(text: string, error: unknown): unknown {
  const found: ParseError[] = [];
  parseJsonc(text, found, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = found[0];
  if (first === undefined) return error;
  const { line, column } = lineColumn(text, first.offset);
  const what = printParseErrorCode(first.error).replace(/(?<=[a-z])(?=[A-Z])/g, " ").toLowerCase();
  return new SyntaxError(`invalid JSON: line ${line}, column ${column}: ${what}`, { cause: error });
}

/** The locator of document `index` of `text`. */
function locator(text: string, format: Format, index: number): Locate {
  if (format === "yaml") return yamlDocuments(text)[index]?.locate ?? (() => undefined);
  const tree = parseTree(text);
  return (path) => {
    const offset = jsonOffset(tree, path);
    return offset === undefined ? undefined : lineColumn(text, offset);
  };
}

/** The value at `path` in plain data (undefined when absent). */
function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let cur = data;
  for (const seg of path) cur = typeof cur === "object" && cur !== null ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}

/**
 * One line per problem of document `index` of `text` (whose data is `data`):
 * `path (line L, column C): message Did you mean “x”?`.
 */
export function describeProblems(problems: readonly InputProblem[], text: string, format: Format, index: number, data: unknown): string {
  const locate = locator(text, format, index);
  return problems
    .map((p) => {
      const path = pathSegments(p.path);
      const at = locate(path);
      const hint = didYouMean(path, valueAt(data, path));
      return `${p.path}${at === undefined ? "" : ` (${lineColumnText(at.line, at.column)})`}: ${p.message}${hint === undefined ? "" : ` ${hint}`}`;
    })
    .join("\n");
}
