/**
 * An actor's Damage Chain data: read it as a core `Defender`, save defenses
 * and state. The flag layout (`flags["damage-chain"]`, schema version and
 * migrations) lives in `src/core/stored.ts`; resources come from the mapped
 * data paths (`actor/resources.ts`) plus the flag-stored `pools`.
 */
import { defenderStateSchema, type Defender, type DefenderState } from "../../core/model/defender.ts";
import { defensesSchema } from "../../core/model/defenses.ts";
import type { Profile } from "../../core/model/profile.ts";
import { readResources, type ActorTypeMapping } from "../../core/resource-map.ts";
import { STORED_SCHEMA_VERSION, emptyStored, readStored, type StoredFlags } from "../../core/stored.ts";
import { diffUpdate } from "../../core/update-paths.ts";
import { plainDataProblem } from "../../core/plain-data.ts";
import { parseWith, type InputProblem } from "../../core/validate.ts";
import { FLAG_ROOT, MODULE_ID } from "../constants.ts";
import { activeProfile } from "../settings/profiles.ts";
import { mappingFor } from "./resources.ts";
import { liveDefenses, liveDnd5eTraits } from "./system-traits.ts";
import { systemData } from "./system-support.ts";
import { internalWrite } from "./write-options.ts";
import { writeForm } from "./write-form.ts";
import { viewOf, whileWriting } from "./in-flight.ts";

/** The raw flag object of the module on `actor` (unvalidated). */
export function rawFlags(actor: Actor.Implementation): unknown {
  return (actor.flags as Record<string, unknown> | undefined)?.[MODULE_ID];
}

/** The stored flags of `actor`, migrated and validated, or the problems found. */
export function readFlags(actor: Actor.Implementation): ReturnType<typeof readStored> {
  return readStored(rawFlags(actor));
}

/**
 * `actor` as a core defender: name, traits, defenses and state from the
 * flags (plus the system's own traits when the world counts them,
 * `system-traits.ts`; and dnd5e's or Daggerheart's own traits as plain data
 * when the profile has that system's steps), resources from the mapped data paths and the flag pools. Never
 * throws: broken flags give empty defenses plus `problems` naming the field
 * (`flags.damage-chain.defenses.resistances[0].limit: ...`); a mapped path
 * that holds no number is reported too. `profile` defaults to the active one
 * (it decides which resource is life). `options.systemTraits: false` gives
 * the stored defenses only (the Defenses tab edits those). `options.read`:
 * what `readFlags(actor)` gave, when the caller has it already (a hit reads
 * the flags once); `options.mapping`: the actor's resource mapping, likewise.
 */
export function readDefender(actor: Actor.Implementation, profile: Profile = activeProfile(), options: { systemTraits?: boolean; read?: ReturnType<typeof readFlags>; mapping?: ActorTypeMapping } = {}): { defender: Defender; problems: InputProblem[] } {
  const read = options.read ?? readFlags(actor);
  const stored: StoredFlags = read.ok ? read.value : emptyStored();
  const problems: InputProblem[] = read.ok ? [] : [...read.problems];
  const res = readResources(actor, options.mapping ?? mappingFor(actor, profile), stored.pools);
  problems.push(...res.problems);
  const defender: Defender = { name: actor.name ?? actor.id ?? "Actor", traits: stored.traits, resources: res.resources, defenses: options.systemTraits === false ? stored.defenses : liveDefenses(actor, stored.defenses), state: stored.state };
  const dnd5e = options.systemTraits === false ? undefined : liveDnd5eTraits(actor, profile);
  if (dnd5e !== undefined) defender.dnd5e = dnd5e;
  const daggerheart = options.systemTraits === false ? undefined : systemData()?.liveDaggerheartTraits?.(actor, profile);
  if (daggerheart !== undefined) defender.daggerheart = daggerheart;
  return { defender, problems };
}

/**
 * True when the flags must not be written at all: they are not a plain object
 * of plain data (null, a BigInt, a `__proto__` key...), or carry no version or
 * another one than this code writes (another module's data, a newer Damage
 * Chain). Only flags of the current version with a broken part are written,
 * and then only the part saved.
 */
function unwritable(raw: unknown): boolean {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || plainDataProblem(raw) !== undefined) return true;
  return (raw as Record<string, unknown>).schemaVersion !== STORED_SCHEMA_VERSION;
}

/**
 * Write one part of the flags. When the stored flags are readable the whole
 * object is rewritten at the current version (which also completes a
 * migration); when another part is broken only this part is written, so
 * nothing else is lost. Returns problems and writes nothing when the flags
 * come from a newer version or are not an object. The flags are read as this
 * client's writes still in flight will leave them, and the save is itself
 * in flight until it arrives (`actor/in-flight.ts`), so a hit and a save in the
 * same tick never undo each other.
 */
async function savePart<K extends "defenses" | "state">(actor: Actor.Implementation, key: K, value: StoredFlags[K]): Promise<InputProblem[]> {
  const raw = rawFlags(viewOf(actor));
  const read = readStored(raw);
  let update: Record<string, unknown>;
  if (read.ok) {
    update = diffUpdate(raw ?? {}, { ...read.value, [key]: value }, FLAG_ROOT);
  } else if (unwritable(raw)) {
    return read.problems;
  } else {
    update = diffUpdate((raw as Record<string, unknown>)[key], value, `${FLAG_ROOT}.${key}`);
  }
  if (Object.keys(update).length > 0) await whileWriting([{ actor, update }], () => actor.update(writeForm(update), internalWrite()));
  return [];
}

/**
 * Validate `input` with the core defenses schema and, only when valid, store
 * it as the actor's defenses. Returns the problems (empty on success), each
 * naming the field (`defenses.armor[1].layer: ...`).
 */
export async function saveDefenses(actor: Actor.Implementation, input: unknown): Promise<InputProblem[]> {
  const parsed = parseWith(defensesSchema, input, "defenses");
  if (!parsed.ok) return parsed.problems;
  return savePart(actor, "defenses", parsed.value);
}

/** Validate and store the actor's state (round counters, cooldowns, conditions...). Returns the problems. */
export async function saveState(actor: Actor.Implementation, state: DefenderState): Promise<InputProblem[]> {
  const parsed = parseWith(defenderStateSchema, state, "state");
  if (!parsed.ok) return parsed.problems;
  return savePart(actor, "state", parsed.value);
}
