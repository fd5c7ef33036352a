/**
 * What a system importer returns, and how an import is put on and taken off
 * an actor's defenses as a unit (seed 001 "A low-effort
 * method to retrofit current monsters").
 *
 * Every entry an importer makes carries `template: "import.<system>"`, the
 * same tag creature templates use, so {@link removeImport} (which is
 * `removeTemplate`) takes exactly those entries out again.
 */
import type { Defenses } from "../model/defenses.ts";
import { defensesSchema } from "../model/defenses.ts";
import { removeTemplate } from "../template-tags.ts";
import { compiled } from "../zod.ts";

/** Systems with a built-in importer. */
export const IMPORT_SYSTEMS = ["dnd5e", "dnd4e", "pf2e", "sf2e", "draw-steel", "daggerheart", "pf1"] as const;
export type ImportSystem = (typeof IMPORT_SYSTEMS)[number];

/**
 * The tag of the entries an importer adds: `import.dnd5e`, `import.dnd4e`,
 * `import.pf2e`, `import.draw-steel`, `import.daggerheart`. Starfinder 2e's entries carry pf2e's tag: SF2e is pf2e's
 * engine built with another system id (foundryvtt/pf2e `build/build-system.ts`),
 * its IWR is pf2e's data, and the card names it in pf2e's words (`sf2e.ts`).
 */
export function importTag(system: ImportSystem): string {
  return `import.${system === "sf2e" ? "pf2e" : system}`;
}

/**
 * Fortitude, Reflex and Will as the creature has them, and relative to the
 * level's average defense (4E DMG: level + 12 for non-AC defenses; 001
 * "the defense value suggested by the DMG tables").
 */
export interface CreatureDefenses {
  fortitude: number;
  reflex: number;
  will: number;
}

/**
 * What an importer learned about the creature besides its defenses: the
 * facts the bestiary report groups by (001 "monster group", "monster role").
 * - `type`: the system's creature type id, lower case (`undead`, `humanoid`).
 * - `groups`: every group word the creature belongs to, lower case: its type,
 *   subtypes, 4E origin and keywords (`undead`, `shapechanger`, `shadow`,
 *   `devil`, `swarm`). The retrofit matches 001's templates against these.
 * - `role`: 4E monster role id (`soldier`, `brute`...), when the system has one.
 * - `level`: creature level (4E level; dnd5e has none, CR is not a level).
 * - `defenses`: Fortitude / Reflex / Will values (4E), when the system has them.
 */
export interface CreatureInfo {
  name: string;
  system: ImportSystem | "none";
  type?: string | undefined;
  groups: string[];
  role?: string | undefined;
  level?: number | undefined;
  defenses?: CreatureDefenses | undefined;
  /**
   * The system's own IWR entries against things that are not a damage type
   * (pf2e: immunity to `death-effects`, `sleep`, `critical-hits`, weakness to
   * `cold-iron`, resistance to `precision`…): legitimate entries the report
   * counts apart from damage types. Those with `applied` the chain also
   * applies to the hits that carry their word (pf2e's precious materials,
   * `holy`, `unholy`, `area-damage`); the others it does not apply.
   */
  effects?: SystemEffect[] | undefined;
}

/** One IWR entry against something other than a damage type: its list, its type as the system spells it, its points (weakness, resistance); `applied`: the chain applies it to the hits that carry its word. */
export interface SystemEffect {
  list: "immunities" | "weaknesses" | "resistances";
  type: string;
  value?: number;
  applied?: true;
}

/** Something of the system's data the importer could not turn into a defense, with the field it came from. */
export interface ImportProblem {
  /** Path in the actor document, e.g. `system.traits.dm.amount.fire`. */
  path: string;
  message: string;
}

/** The result of importing one creature: only the entries the import adds (all tagged), the creature facts, and what was skipped. */
export interface ImportResult {
  defenses: Defenses;
  creature: CreatureInfo;
  problems: ImportProblem[];
}

/** Empty, valid defenses (every list empty). */
export function emptyDefenses(): Defenses {
  return defensesSchema.parse({});
}

type Tagged = { template?: string | undefined };
type ListKey = { [K in keyof Defenses]: Defenses[K] extends Tagged[] ? K : never }[keyof Defenses];

/**
 * Put an import on `defenses`: the import's entries (already tagged) are
 * appended to the end of their lists, after any earlier import of the same
 * system has been taken off. Returns new defenses; inputs are not changed.
 */
export function applyImport(defenses: Defenses, imported: Defenses, system: ImportSystem): Defenses {
  const out = removeImport(defenses, system);
  for (const key of Object.keys(imported) as (keyof Defenses)[]) {
    if (key === "keywords") continue;
    const k = key as ListKey;
    const add = imported[k] as Tagged[];
    if (add.length > 0) (out[k] as Tagged[]) = [...(out[k] as Tagged[]), ...add];
  }
  return out;
}

/**
 * Take the import of `system` off: every entry tagged `import.<system>`, or
 * with a sub-tag of it (`import.pf2e.unaffected`, pf2e's step 0), goes;
 * nothing else changes. Without the sub-tags a second import doubled them.
 */
export function removeImport(defenses: Defenses, system: ImportSystem): Defenses {
  return removeTemplate(defenses, importTag(system), { subTags: true });
}

/** A plain object, or undefined for anything else (arrays, null, strings). */
export function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * The strings of a list, lower-cased and trimmed: a JSON array (how a Set
 * is stored in documents) or a Set (how a system's prepared data holds it,
 * e.g. dnd5e `actor.system.traits.dr.value`); anything else gives [].
 */
export function strings(v: unknown): string[] {
  const list: unknown[] | undefined = Array.isArray(v) ? v : v instanceof Set ? [...(v as Set<unknown>)] : undefined;
  if (list === undefined) return [];
  return list.filter((s): s is string => typeof s === "string" && s.trim() !== "").map((s) => s.trim().toLowerCase());
}

/**
 * An importer's result: `defenses` validated once as a whole; whatever the
 * schema refuses is reported by its path (`defenses.flat[2].value: …`) and
 * the import gives empty defenses rather than half of them. Never throws.
 */
export function finishImport(defenses: Defenses, creature: CreatureInfo, problems: ImportProblem[]): ImportResult {
  // Every hit, when the system's traits count live (`src/foundry/actor/system-traits.ts` `liveDefenses`): compiled once used often (`zod.ts` `compiled`).
  const parsed = compiled(defensesSchema).safeParse(defenses);
  if (parsed.success) return { defenses: parsed.data, creature, problems };
  for (const issue of parsed.error.issues) problems.push({ path: `defenses.${issue.path.join(".")}`, message: issue.message });
  return { defenses: emptyDefenses(), creature, problems };
}
