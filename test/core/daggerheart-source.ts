/**
 * Loads methods of Daggerheart's own actor class from a source tree at run
 * time, for the differential test: the text of `module/documents/actor.mjs`,
 * each named method cut out by matching its braces and evaluated on its own,
 * so none of the file's imports (dialogs, sockets: Foundry at load) run.
 * Nothing of the system is copied into the project.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The source text of method `name` of a class in `text` (`    name(args) { … }`), or throws naming it. */
export function methodSource(text: string, name: string): string {
  const head = new RegExp(`\\n {4}(?:async )?${name}\\(`).exec(text);
  if (head === null) throw new Error(`method ${name} not found`);
  const start = head.index + 1;
  let depth = 0;
  for (let i = text.indexOf("{", start); i < text.length; i++) {
    const c = text[i];
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`method ${name} has no end`);
}

/** Methods `names` of the class in `text`, as plain functions to call with a `this` of one's own. */
export function loadMethods(text: string, names: readonly string[]): Record<string, (...args: unknown[]) => unknown> {
  const body = names.map((n) => methodSource(text, n)).join(",\n");
  return new Function(`return ({\n${body}\n});`)() as Record<string, (...args: unknown[]) => unknown>;
}

/** The methods of `module/documents/actor.mjs` under the Daggerheart source tree `root`. */
export function loadDaggerheartActor(root: string, names: readonly string[]): Record<string, (...args: unknown[]) => unknown> {
  return loadMethods(readFileSync(join(root, "module", "documents", "actor.mjs"), "utf8"), names);
}
