/**
 * The module's data in an actor's flags (`flags["damage-chain"]`): schema,
 * version and migrations. Pure: the Foundry adapter reads the raw flag object
 * and hands it here; nothing in this file touches Foundry.
 *
 * Layout (schema version 1):
 * ```
 * { schemaVersion: 1, traits: string[], defenses: Defenses, state: DefenderState, pools: Resources }
 * ```
 * - `defenses`: every defense list (RULES.md §2), validated by `defensesSchema`.
 * - `state`: what persists between hits (round counters, shell cooldowns in
 *   game seconds, one-time uses, conditions, wounds, counters).
 * - `pools`: resources the game system lacks (magic armor, guard...), in points.
 * - `traits`: defender traits (`immortal`, `champion`, `ally`; 002).
 */
import { z } from "zod";
import { defenderStateSchema, resourcesSchema } from "./model/defender.ts";
import { defensesSchema } from "./model/defenses.ts";
import { parseWith, type InputProblem } from "./validate.ts";

/** The version this code writes. */
export const STORED_SCHEMA_VERSION = 1;

/** Root used in problem paths, so a GM sees where the bad field lives. */
export const STORED_ROOT = "flags.damage-chain";

/** The stored flag object, current version. Missing parts default to empty. */
export const storedFlagsSchema = z.strictObject({
  schemaVersion: z.literal(STORED_SCHEMA_VERSION),
  traits: z.array(z.string().trim().toLowerCase().min(1)).default([]),
  defenses: defensesSchema.default(() => defensesSchema.parse({})),
  state: defenderStateSchema.default(() => defenderStateSchema.parse({})),
  pools: resourcesSchema.default({}),
});

export type StoredFlags = z.output<typeof storedFlagsSchema>;

/** An empty, valid flag object. */
export function emptyStored(): StoredFlags {
  return storedFlagsSchema.parse({ schemaVersion: STORED_SCHEMA_VERSION });
}

/** The result of reading stored flags: the value (possibly migrated), or the problems. */
export type StoredRead =
  | { ok: true; value: StoredFlags; migratedFrom?: number }
  | { ok: false; problems: InputProblem[] };

type Raw = Record<string, unknown>;

const DEFENSE_KEYS = Object.keys(defensesSchema.shape);

/**
 * Migrations, by the version they upgrade FROM. Each takes a plain object of
 * that version and returns one of the next version.
 * - 0 → 1: flags written before versioning (by hand or by macro) have no
 *   `schemaVersion`, and may hold defense lists (`resistances`, `armor`...)
 *   directly at the top level; those move under `defenses`.
 */
const MIGRATIONS: Record<number, (data: Raw) => Raw> = {
  0: (data) => {
    const out: Raw = {};
    const defenses: Raw = isPlainObject(data.defenses) ? { ...data.defenses } : {};
    for (const [key, value] of Object.entries(data)) {
      if (DEFENSE_KEYS.includes(key) && !(key in defenses)) defenses[key] = value;
      else if (!DEFENSE_KEYS.includes(key)) out[key] = value;
    }
    out.defenses = defenses;
    out.schemaVersion = 1;
    return out;
  },
};

function isPlainObject(v: unknown): v is Raw {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Read raw flag data: `undefined`/`null` give empty flags; older versions are
 * migrated step by step; then the result is validated. Never throws. Problems
 * name the field under `flags.damage-chain` (e.g.
 * `flags.damage-chain.defenses.resistances[0].limit: must be a whole number`).
 * A version newer than {@link STORED_SCHEMA_VERSION} cannot be read.
 */
export function readStored(raw: unknown): StoredRead {
  if (raw === undefined || raw === null) return { ok: true, value: emptyStored() };
  if (!isPlainObject(raw)) return { ok: false, problems: [{ path: STORED_ROOT, message: `expected an object, got ${Array.isArray(raw) ? "an array" : typeof raw}` }] };
  const declared = raw.schemaVersion;
  const version = declared === undefined ? 0 : declared;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    return { ok: false, problems: [{ path: `${STORED_ROOT}.schemaVersion`, message: `expected a whole number, got ${JSON.stringify(declared)}` }] };
  }
  if (version > STORED_SCHEMA_VERSION) {
    return { ok: false, problems: [{ path: `${STORED_ROOT}.schemaVersion`, message: `version ${version} was written by a newer Damage Chain (this one reads up to ${STORED_SCHEMA_VERSION})` }] };
  }
  let data: Raw = { ...raw };
  for (let v = version; v < STORED_SCHEMA_VERSION; v++) {
    const migrate = MIGRATIONS[v];
    if (migrate === undefined) return { ok: false, problems: [{ path: `${STORED_ROOT}.schemaVersion`, message: `no migration from version ${v}` }] };
    data = migrate(data);
  }
  const parsed = parseWith(storedFlagsSchema, data, STORED_ROOT);
  if (!parsed.ok) return parsed;
  return version < STORED_SCHEMA_VERSION ? { ok: true, value: parsed.value, migratedFrom: version } : { ok: true, value: parsed.value };
}
