/**
 * The door for outside data (scenario files, actor flags, API calls): every
 * input goes through the zod schemas, and a failure names the path of the bad
 * field and the reason, e.g. `defender.defenses.resistances[2].limit: must be
 * a whole number`.
 */
import { compiled, type z } from "./zod.ts";
import { defenderSchema, type Defender } from "./model/defender.ts";
import { damageEventSchema, type DamageEvent } from "./model/event.ts";
import { profileSchema, type Profile } from "./model/profile.ts";
import { plainDataProblem } from "./plain-data.ts";

/** One problem with an input: where (`a.b[2].c`) and why. */
export interface InputProblem {
  path: string;
  message: string;
}

/** Either the parsed value or the problems found. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: InputProblem[] };

/** Format a zod path as `a.b[2].c`, prefixed by `root`. */
export function formatPath(root: string, path: readonly PropertyKey[]): string {
  let out = root;
  for (const seg of path) out += typeof seg === "number" ? `[${seg}]` : out === "" ? String(seg) : `.${String(seg)}`;
  return out === "" ? "(root)" : out;
}

/**
 * Parse `input` with `schema`; problems are reported under `root`. Input that
 * is not plain JSON data (a BigInt, a cycle, a `__proto__` key:
 * {@link plainDataProblem}) is refused before the schema reads it, unless the
 * caller says it already checked (`checked.plain`). Never throws.
 */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown, root: string, checked: { plain?: boolean } = {}): Parsed<z.output<S>> {
  const plain = checked.plain === true ? undefined : plainDataProblem(input);
  if (plain !== undefined) return { ok: false, problems: [{ path: formatPath(root, plain.path), message: plain.message }] };
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, problems: r.error.issues.map((i) => ({ path: formatPath(root, i.path), message: i.message })) };
}

/** One line per problem: `path: message`. */
export function describeProblems(problems: readonly InputProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join("\n");
}

/** Parse a damage event (every hit: compiled once used often, `zod.ts` `compiled`). */
export const parseEvent = (input: unknown, root = "event"): Parsed<DamageEvent> => parseWith(compiled(damageEventSchema), input, root);
/** Parse a defender (defenses, resources, state; compiled once used often, `zod.ts` `compiled`). */
export const parseDefender = (input: unknown, root = "defender"): Parsed<Defender> => parseWith(compiled(defenderSchema), input, root);
/** Parse a profile. */
export const parseProfile = (input: unknown, root = "profile"): Parsed<Profile> => parseWith(profileSchema, input, root);
