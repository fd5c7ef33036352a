/**
 * Reads a scenario file (JSON, or YAML by extension `.yaml` / `.yml`) and
 * validates it. Every failure becomes one message that names the file and,
 * for syntax errors, the line and column; for invalid data, each bad field's
 * path and the reason.
 */
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { parseScenario, type Scenario } from "../core/scenario.ts";
import { describeProblems } from "../core/validate.ts";

/** A loaded scenario, or why it could not be loaded. */
export type Loaded = { ok: true; scenario: Scenario } | { ok: false; message: string };

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
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const found: ParseError[] = [];
    parseJsonc(text, found, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = found[0];
    if (first === undefined) throw error;
    const { line, column } = lineColumn(text, first.offset);
    const what = printParseErrorCode(first.error).replace(/(?<=[a-z])(?=[A-Z])/g, " ").toLowerCase();
    throw new SyntaxError(`line ${line}, column ${column}: ${what}`, { cause: error });
  }
}

/** Parse YAML (1.2 core schema: plain data only). Throws YAMLParseError with line and column. */
function parseYamlText(text: string): unknown {
  return parseYaml(text, { prettyErrors: true, uniqueKeys: true }) as unknown;
}

/** Read, parse and validate the scenario in `file`. Never throws. */
export function loadScenario(file: string): Loaded {
  const ext = extname(file).toLowerCase();
  const parser = ext === ".json" ? parseJson : ext === ".yaml" || ext === ".yml" ? parseYamlText : undefined;
  if (parser === undefined) return { ok: false, message: `${file}: unknown file type "${ext}"; use .json, .yaml or .yml` };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (error as Error).message;
    return { ok: false, message: `${file}: cannot read: ${reason}` };
  }
  let data: unknown;
  try {
    data = parser(text);
  } catch (error) {
    const kind = error instanceof YAMLParseError ? "YAML" : "JSON";
    return { ok: false, message: `${file}: invalid ${kind}: ${(error as Error).message}` };
  }
  const parsed = parseScenario(data);
  if (!parsed.ok) return { ok: false, message: `${file}: invalid scenario\n${describeProblems(parsed.problems).replace(/^/gm, "  ")}` };
  return { ok: true, scenario: parsed.value };
}
