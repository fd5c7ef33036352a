/**
 * Reads a scenario file (JSON, or YAML by extension `.yaml` / `.yml`; `-`
 * reads YAML or JSON from standard input) and validates it. A YAML file may
 * hold several documents (`---`): each is a scenario, run in order. Every
 * failure becomes one message that names the file and, for syntax errors,
 * the line and column; for invalid data, each bad field's path and the reason.
 */
import { readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import { parse as parseJsonc, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import { LineCounter, parseAllDocuments } from "yaml";
import { parseScenario, type Scenario } from "../core/scenario.ts";
import type { InputProblem } from "../core/validate.ts";
import { didYouMean, jsonOffset, lineColumn, lineColumnText, pathSegments, yamlOffset } from "./hints.ts";

/** The loaded scenarios (one per YAML document), or why they could not be loaded. */
export type Loaded = { ok: true; scenarios: Scenario[] } | { ok: false; message: string };

/** One parsed document: its data, and where a path's node starts in the text (line and column from 1). */
interface ParsedDoc {
  data: unknown;
  locate(path: readonly (string | number)[]): { line: number; column: number } | undefined;
}

/**
 * Parse JSON strictly (`JSON.parse`). On a syntax error, jsonc-parser (strict
 * options) locates it, because V8's messages do not always give a position:
 * the error reads `line 4, column 14: value expected`.
 */
function parseJson(text: string): ParsedDoc[] {
  try {
    const data = JSON.parse(text) as unknown;
    let tree: ReturnType<typeof parseTree> | null = null;
    const locate = (path: readonly (string | number)[]) => {
      tree ??= parseTree(text);
      const offset = jsonOffset(tree, path);
      return offset === undefined ? undefined : lineColumn(text, offset);
    };
    return [{ data, locate }];
  } catch (error) {
    const found: ParseError[] = [];
    parseJsonc(text, found, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = found[0];
    if (first === undefined) throw error;
    const { line, column } = lineColumn(text, first.offset);
    const what = printParseErrorCode(first.error).replace(/(?<=[a-z])(?=[A-Z])/g, " ").toLowerCase();
    throw new SyntaxError(`invalid JSON: line ${line}, column ${column}: ${what}`, { cause: error });
  }
}

/** Parse every YAML document (1.2 core schema: plain data only). Throws with the first error's line and column. */
function parseYamlText(text: string): ParsedDoc[] {
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

/** The value at `path` in plain data (undefined when absent). */
function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let cur = data;
  for (const seg of path) cur = typeof cur === "object" && cur !== null ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}

/** One line per problem: `path (line L, column C): message Did you mean “x”?`. */
function describeWithHints(problems: readonly InputProblem[], doc: ParsedDoc): string {
  return problems
    .map((p) => {
      const path = pathSegments(p.path);
      const at = doc.locate(path);
      const hint = didYouMean(path, valueAt(doc.data, path));
      return `${p.path}${at === undefined ? "" : ` (${lineColumnText(at.line, at.column)})`}: ${p.message}${hint === undefined ? "" : ` ${hint}`}`;
    })
    .join("\n");
}

/** Read `file` (`-`: standard input), or say why not. */
function readText(file: string): { text: string } | { message: string } {
  try {
    if (file === "-") return { text: readFileSync(0, "utf8") };
    if (statSync(file).isDirectory()) return { message: `${file}: is a folder; name a scenario file (.json, .yaml or .yml) in it` };
    return { text: readFileSync(file, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : (error as Error).message;
    return { message: `${file}: cannot read: ${reason}` };
  }
}

/** Read, parse and validate the scenarios in `file`. Never throws. */
export function loadScenario(file: string): Loaded {
  const ext = extname(file).toLowerCase();
  const fromStdin = file === "-";
  const read = readText(file);
  if ("message" in read) return { ok: false, message: read.message };
  // Standard input: JSON when it starts with `{`, else YAML (JSON is YAML too, but JSON errors read better).
  const parser = fromStdin ? (read.text.trimStart().startsWith("{") ? parseJson : parseYamlText) : ext === ".json" ? parseJson : ext === ".yaml" || ext === ".yml" ? parseYamlText : undefined;
  if (parser === undefined) return { ok: false, message: `${file}: unknown file type "${ext}"; use .json, .yaml or .yml` };
  let data: ParsedDoc[];
  try {
    data = parser(read.text);
  } catch (error) {
    return { ok: false, message: `${file}: ${(error as Error).message}` };
  }
  if (data.length === 0) return { ok: false, message: `${file}: no scenario in the file` };
  const scenarios: Scenario[] = [];
  for (const [i, doc] of data.entries()) {
    const parsed = parseScenario(doc.data);
    const where = data.length > 1 ? `${file} (document ${i + 1})` : file;
    if (!parsed.ok) return { ok: false, message: `${where}: invalid scenario\n${describeWithHints(parsed.problems, doc).replace(/^/gm, "  ")}` };
    scenarios.push(parsed.value);
  }
  return { ok: true, scenarios };
}
