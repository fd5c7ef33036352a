/**
 * The module's data in an actor's flags (`flags["damage-chain"]`): schema
 * and version. No released version of the module wrote another layout, so
 * there is nothing to migrate yet; the first change of layout adds its
 * migration here. Pure: the Foundry adapter reads the raw flag object
 * and hands it here; nothing in this file touches Foundry.
 *
 * Layout (schema version 1):
 * ```
 * { schemaVersion: 1, traits: string[], defenses: Defenses, state: DefenderState, pools: Resources, hits?: number }
 * ```
 * - `defenses`: every defense list (RULES.md §2), validated by `defensesSchema`.
 * - `state`: what persists between hits (round counters, shell cooldowns in
 *   game seconds, one-time uses, conditions, wounds, counters).
 * - `pools`: resources the game system lacks (magic armor, guard...), in points.
 * - `traits`: defender traits (`immortal`, `champion`, `ally`; 002).
 * - `hits`: how many writes of the module's hits the actor has had, so that
 *   each hit's write is told from an older one that left equal values
 *   (undo's newest-first check). Absent before the first.
 */
import { compiled, z } from "./zod.ts";
import { tally } from "./model/common.ts";
import { say, VALIDATION_KEYS } from "./messages.ts";
import { defenderStateSchema, resourcesSchema } from "./model/defender.ts";
import { defensesSchema } from "./model/defenses.ts";
import { plainDataProblem } from "./plain-data.ts";
import { formatPath, parseWith, type InputProblem } from "./validate.ts";

/** The version this code writes. */
export const STORED_SCHEMA_VERSION = 1;

/** Root used in problem paths, so a GM sees where the bad field lives. */
export const STORED_ROOT = "flags.damage-chain";

/** The stored flag object, current version. Missing parts default to empty. */
export const storedFlagsSchema = z.strictObject({
  schemaVersion: z.literal(STORED_SCHEMA_VERSION),
  traits: z._default(z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))), []),
  // A missing part is the schema's own parse of `{}`, which a compiled parse (`zod.ts` `compiled`) makes inline, without the runtime parser.
  defenses: z.prefault(defensesSchema, {}),
  state: z.prefault(defenderStateSchema, {}),
  pools: z._default(resourcesSchema, {}),
  hits: z.optional(tally),
});

export type StoredFlags = z.output<typeof storedFlagsSchema>;

/** An empty, valid flag object. */
export function emptyStored(): StoredFlags {
  return storedFlagsSchema.parse({ schemaVersion: STORED_SCHEMA_VERSION });
}

/** The result of reading stored flags: the value, or the problems. */
export type StoredRead = { ok: true; value: StoredFlags } | { ok: false; problems: InputProblem[] };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const unreadable = (path: string, message: string): StoredRead => ({ ok: false, problems: [{ path, message }] });

/**
 * Read raw flag data. `undefined` (no flags) and an empty object give empty
 * flags. Everything else must be plain data (no BigInt, cycle or `__proto__`
 * key: `plain-data.ts`) stamped with {@link STORED_SCHEMA_VERSION}; then it
 * is validated. Never throws. Problems name the field under
 * `flags.damage-chain` (e.g.
 * `flags.damage-chain.defenses.resistances[0].limit: must be a whole number`).
 * `null`, flags without a version (not written by Damage Chain: no released
 * version wrote any) and flags of a newer version cannot be read; the caller
 * then leaves them as they are.
 */
export function readStored(raw: unknown): StoredRead {
  if (raw === undefined) return { ok: true, value: emptyStored() };
  if (!isPlainObject(raw)) return unreadable(STORED_ROOT, say(VALIDATION_KEYS.group));
  const plain = plainDataProblem(raw);
  if (plain !== undefined) return unreadable(formatPath(STORED_ROOT, plain.path), plain.message);
  if (Object.keys(raw).length === 0) return { ok: true, value: emptyStored() };
  const version = raw.schemaVersion;
  if (version === undefined) return unreadable(`${STORED_ROOT}.schemaVersion`, say("DAMAGECHAIN.Validation.NotOurs"));
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    return unreadable(`${STORED_ROOT}.schemaVersion`, typeof version === "number" && Number.isInteger(version) ? say(VALIDATION_KEYS.min, { min: 1 }) : say(VALIDATION_KEYS.wholeNumber));
  }
  if (version > STORED_SCHEMA_VERSION) {
    return unreadable(`${STORED_ROOT}.schemaVersion`, say("DAMAGECHAIN.Validation.NewerVersion", { version, known: STORED_SCHEMA_VERSION }));
  }
  return parseWith(compiled(storedFlagsSchema), raw, STORED_ROOT, { plain: true }); // plain data was checked above
}
