/**
 * Reads a scenario file (JSON, or YAML by extension `.yaml` / `.yml`; `-`
 * reads YAML or JSON from standard input) and validates it. A YAML file may
 * hold several documents (`---`): each is a scenario, run in order. Every
 * failure becomes one message that names the file and, for syntax errors,
 * the line and column; for invalid data, each bad field's path and the reason.
 */
import { readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import { parseAllDocuments } from "yaml";
import { parseScenario, type Scenario } from "../core/scenario.ts";
import { describeProblems } from "../core/validate.ts";

/** The loaded scenarios (one per YAML document), or why they could not be loaded. */
export type Loaded = { ok: true; scenarios: Scenario[] } | { ok: false; message: string };

/** Line and column (from 1) of character `offset` in `text`. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * Parse JSON strictly (`JSON.parse`). On a syntax error, jsonc-parser (strict
 * options) locates it, because V8's messages do not always give a position:
 * the error reads `line 4, column 14: value expected`.
 */
function parseJson(text: string): unknown[] {
  try {
    return [JSON.parse(text) as unknown];
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
function parseYamlText(text: string): unknown[] {
  const docs = parseAllDocuments(text, { prettyErrors: true, uniqueKeys: true });
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const first = doc.errors[0];
    if (first !== undefined) throw new SyntaxError(`invalid YAML: ${first.message}`);
  }
  return list.map((d) => d.toJS() as unknown);
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
  let data: unknown[];
  try {
    data = parser(read.text);
  } catch (error) {
    return { ok: false, message: `${file}: ${(error as Error).message}` };
  }
  if (data.length === 0) return { ok: false, message: `${file}: no scenario in the file` };
  const scenarios: Scenario[] = [];
  for (const [i, doc] of data.entries()) {
    const parsed = parseScenario(doc);
    const where = data.length > 1 ? `${file} (document ${i + 1})` : file;
    if (!parsed.ok) return { ok: false, message: `${where}: invalid scenario\n${describeProblems(parsed.problems).replace(/^/gm, "  ")}` };
    scenarios.push(parsed.value);
  }
  return { ok: true, scenarios };
}
