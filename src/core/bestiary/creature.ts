/**
 * One actor document as a member of the bestiary report's population: the
 * system import plus the actor's own Damage Chain
 * flags (`flags.damage-chain`, read and migrated by `readStored`).
 */
import { applyImport, detectSystem, importActor, type ImportProblem, type ImportSystem } from "../import/index.ts";
import { readStored } from "../stored.ts";
import type { Creature } from "./report.ts";

/** A creature of the population and what could not be read of it (import problems, unreadable flags). */
export interface CreatureRead extends Creature {
  problems: ImportProblem[];
}

/**
 * The creature of an actor document (plain data). `system`: the importer to
 * use, `false` for none (flags only), default: detected. Unreadable flags
 * are reported and the import alone is used. Never throws.
 */
export function creatureFromActor(doc: unknown, system?: ImportSystem | false): CreatureRead {
  const imported = importActor(doc, system === false ? undefined : (system ?? detectSystem(doc)));
  const flags = typeof doc === "object" && doc !== null ? (doc as { flags?: Record<string, unknown> }).flags?.["damage-chain"] : undefined;
  const stored = readStored(flags);
  const problems = [...imported.problems];
  let defenses = imported.defenses;
  if (stored.ok) {
    const sys = imported.creature.system;
    defenses = sys === "none" ? stored.value.defenses : applyImport(stored.value.defenses, imported.defenses, sys);
  } else {
    problems.push(...stored.problems);
  }
  return { creature: imported.creature, defenses, problems };
}
