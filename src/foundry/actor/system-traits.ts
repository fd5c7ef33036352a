/**
 * The game system's own damage traits as Damage Chain defenses,
 * through the core importers (`src/core/import/`):
 * - live, when the world setting "Count the system's own traits as
 *   defenses" is on: each hit reads them from the actor's prepared data and
 *   nothing is written (`liveDefenses`, called by `readDefender`);
 * - once, as tagged entries stored in the actor's flags (`importInto`, the
 *   Defenses tab's button and the bulk retrofit), removable as a unit.
 * - live, as plain dnd5e traits (`defender.dnd5e`), whenever the profile
 *   has a dnd5e step (the `dnd5e` profile): that profile is
 *   dnd5e's own arithmetic, so it always reads the actor's traits
 *   (`liveDnd5eTraits`, called by `readDefender`).
 * Under dnd5e with "dnd5e: resistances" set to "runs after dnd5e's",
 * dnd5e has already applied its traits, so the live reads add nothing.
 */
import { applyImport, type ImportProblem, type ImportSystem } from "../../core/import/types.ts";
import type { Defenses } from "../../core/model/defenses.ts";
import type { Dnd5eTraits } from "../../core/model/dnd5e.ts";
import type { Profile } from "../../core/model/profile.ts";
import { setting } from "../settings/settings.ts";
import { systemData } from "./system-support.ts";

/** The world's system when its folder has a trait importer (`dnd5e`, `dnd4e`: `systems/<id>/`), else undefined. */
export function importSystem(): ImportSystem | undefined {
  return systemData()?.importer?.id;
}

/** The actor as an importer reads it: name, type and its prepared system data (Sets and all active effects included). */
function asDocument(actor: Actor.Implementation): Record<string, unknown> {
  return { name: actor.name, type: actor.type, system: actor.system as unknown };
}

/**
 * `defenses` with `actor`'s system traits put on (replacing any import of
 * the same system already stored), the entries the import added
 * (`imported`), and what could not be read. `system` defaults to the
 * world's. Returns `defenses` unchanged for a system without an importer.
 * Never throws.
 */
export function importInto(actor: Actor.Implementation, defenses: Defenses, system: ImportSystem | undefined = importSystem()): { defenses: Defenses; imported: Defenses | undefined; problems: ImportProblem[] } {
  const importer = systemData()?.importer;
  if (system === undefined || importer?.id !== system) return { defenses, imported: undefined, problems: [] };
  const imported = importer.read(asDocument(actor));
  return { defenses: applyImport(defenses, imported.defenses, system), imported: imported.defenses, problems: imported.problems };
}

/** True when hits count the system's traits live (the world setting, and not dnd5e's "after" mode). */
export function countsSystemTraits(): boolean {
  const system = importSystem();
  if (system !== undefined && systemData()?.countsTraitsLive?.() === true) return true;
  if (system === undefined || setting("systemTraits") !== true) return false;
  return !(system === "dnd5e" && setting("dnd5eMode") === "after");
}

/** The defenses a hit sees: the stored ones, plus the system's traits when {@link countsSystemTraits}. Writes nothing. */
export function liveDefenses(actor: Actor.Implementation, stored: Defenses): Defenses {
  return countsSystemTraits() ? importInto(actor, stored).defenses : stored;
}

/** True when `profile` has an enabled step that reads dnd5e's own traits (`dnd5eImmunity`...: the `dnd5e` profile or a GM's copy). */
export function readsDnd5eTraits(profile: Profile): boolean {
  return profile.steps.some((s) => s.enabled && s.step.startsWith("dnd5e"));
}

/**
 * The actor's dnd5e traits as the `dnd5e` profile's steps read them, from its
 * prepared data on every hit (writes nothing), or undefined: not a dnd5e
 * world, a profile without dnd5e steps, or "after" mode (dnd5e has applied
 * them already). A `dm` formula that is not a number is not read.
 */
export function liveDnd5eTraits(actor: Actor.Implementation, profile: Profile): Dnd5eTraits | undefined {
  const read = systemData()?.liveDnd5eTraits;
  if (read === undefined || !readsDnd5eTraits(profile) || setting("dnd5eMode") === "after") return undefined;
  return read(actor.system as unknown);
}
