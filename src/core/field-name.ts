/**
 * What a GM reads instead of a data path. A problem's path
 * (`flags.damage-chain.defenses.resistances[2].limit`, `defender.resources.hp.value`,
 * `customProfiles[0].steps[3].options.mode`) is written as the section, the
 * row and the field the GM knows from the Defenses tab and the editors:
 * "Resistances, row 3, Limit". Section and field names are the tab's lang
 * keys (`DAMAGECHAIN.Sheet.Section.<list>`, `DAMAGECHAIN.Sheet.Field.<field>`);
 * a name the lang files do not have is shown as it is. Pure: no Foundry.
 */
import type { Localizer } from "./explain.ts";

/** Leading path segments that only say where the data is stored. */
const STORAGE = new Set(["flags", "damage-chain", "defender", "defenses", "state", "pools", "event", "system", "(root)"]);

/** The segments of a path: names and row numbers (`a.b[2].c` → `a`, `b`, 2, `c`). */
function segments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

/** The lang text of `key`, or `fallback` when the language lacks it. */
const orName = (l: Localizer, key: string, fallback: string) => (l.has(key) ? l.format(key) : fallback);

/**
 * The field at `path` in the reader's words: each section or field name
 * localized, each row as "row N" (counting from 1), joined by ", ". The
 * storage prefix (`flags.damage-chain.`, `defender.`, `defenses.`) is left
 * out; an empty remainder gives `DAMAGECHAIN.Validation.Whole` ("the data as a whole").
 */
export function fieldName(path: string, l: Localizer): string {
  const parts = segments(path);
  let start = 0;
  while (start < parts.length && typeof parts[start] === "string" && STORAGE.has(parts[start] as string)) start++;
  const words: string[] = [];
  for (const seg of parts.slice(start)) {
    if (seg === "options") continue;
    if (typeof seg === "number") words.push(l.format("DAMAGECHAIN.Validation.Row", { row: String(seg + 1) }));
    else if (seg === "customProfiles" || seg === "profiles") words.push(l.format("DAMAGECHAIN.Validation.Profile"));
    else if (seg === "steps") words.push(l.format("DAMAGECHAIN.Validation.Step"));
    else if (seg === "schemaVersion") words.push(l.format("DAMAGECHAIN.Validation.SchemaVersion"));
    else if (l.has(`DAMAGECHAIN.Sheet.Section.${seg}`)) words.push(l.format(`DAMAGECHAIN.Sheet.Section.${seg}`));
    else words.push(orName(l, `DAMAGECHAIN.Sheet.Field.${seg}`, seg));
  }
  return words.length === 0 ? l.format("DAMAGECHAIN.Validation.Whole") : words.join(", ");
}

/** One problem as a GM reads it: "Resistances, row 3, Limit: Must be a whole number." */
export function describeProblem(problem: { path: string; message: string }, l: Localizer): string {
  return l.format("DAMAGECHAIN.Validation.Problem", { field: fieldName(problem.path, l), message: problem.message });
}
