/**
 * Reads a scenario file (JSON, or YAML by extension `.yaml` / `.yml`; `-`
 * reads YAML or JSON from standard input) and validates it. A YAML file may
 * hold several documents (`---`): each is a scenario, run in order. Every
 * failure becomes one message that names the file and, for syntax errors,
 * the line and column; for invalid data, each bad field's path and the reason.
 * A valid file is read with `JSON.parse` or the quick YAML reader
 * (`yaml-plain.ts`); everything else (other YAML, errors and where they stand)
 * is `locate.ts`, loaded only then.
 */
import { readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import { parseScenario, type Scenario } from "../core/scenario.ts";
import type { Format } from "./locate.ts";
import { readPlainYaml } from "./yaml-plain.ts";

/** The loaded scenarios (one per YAML document), or why they could not be loaded. */
export type Loaded = { ok: true; scenarios: Scenario[] } | { ok: false; message: string };

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

/** The documents of `text`. JSON is parsed strictly (`JSON.parse`); YAML is 1.2 core schema, plain data only. Throws a SyntaxError with the line and column. */
async function parse(text: string, format: Format): Promise<unknown[]> {
  if (format === "yaml") return readPlainYaml(text) ?? (await import("./locate.ts")).parseYaml(text);
  try {
    return [JSON.parse(text) as unknown];
  } catch (error) {
    throw (await import("./locate.ts")).jsonSyntaxError(text, error);
  }
}

/** Read, parse and validate the scenarios in `file`. Never rejects. */
export async function loadScenario(file: string): Promise<Loaded> {
  const ext = extname(file).toLowerCase();
  const read = readText(file);
  if ("message" in read) return { ok: false, message: read.message };
  // Standard input: JSON when it starts with `{`, else YAML (JSON is YAML too, but JSON errors read better).
  const format: Format | undefined = file === "-" ? (read.text.trimStart().startsWith("{") ? "json" : "yaml") : ext === ".json" ? "json" : ext === ".yaml" || ext === ".yml" ? "yaml" : undefined;
  if (format === undefined) return { ok: false, message: `${file}: unknown file type "${ext}"; use .json, .yaml or .yml` };
  let data: unknown[];
  try {
    data = await parse(read.text, format);
  } catch (error) {
    return { ok: false, message: `${file}: ${(error as Error).message}` };
  }
  if (data.length === 0) return { ok: false, message: `${file}: no scenario in the file` };
  const scenarios: Scenario[] = [];
  for (const [i, doc] of data.entries()) {
    const parsed = parseScenario(doc);
    const where = data.length > 1 ? `${file} (document ${i + 1})` : file;
    if (!parsed.ok) {
      const { describeProblems } = await import("./locate.ts");
      return { ok: false, message: `${where}: invalid scenario\n${describeProblems(parsed.problems, read.text, format, i, doc).replace(/^/gm, "  ")}` };
    }
    scenarios.push(parsed.value);
  }
  return { ok: true, scenarios };
}
