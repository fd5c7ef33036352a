/**
 * The bulk retrofit's plan for one actor (001 "A low-effort
 * method to retrofit current monsters"): its stored defenses before, after
 * the chosen system import and/or 001's creature-type templates, and what
 * that adds. Pure; the GM window previews these rows and writes only the
 * changed ones.
 */
import { applyImport, IMPORTERS, type CreatureInfo, type ImportSystem } from "../import/index.ts";
import type { Defenses } from "../model/defenses.ts";
import { sameJson } from "../update-paths.ts";
import { appliedTemplates } from "../templates.ts";
import { retrofit } from "./retrofit.ts";

/** What to apply: a system's import (tagged `import.<system>`) and/or 001's creature-type templates for the creature's groups. */
export interface RetrofitChoice {
  importSystem?: ImportSystem | undefined;
  templates: boolean;
}

/** One actor's plan. `added` / `removed`: number of defense entries per list that the retrofit adds / takes out. */
export interface RetrofitRow {
  id: string;
  name: string;
  before: Defenses;
  after: Defenses;
  changed: boolean;
  /** Tags newly on the actor (`import.dnd5e`, `type.undead`…). */
  tags: string[];
  added: number;
  removed: number;
}

const LISTS = ["immunities", "conditionImmunities", "resistances", "vulnerabilities", "flat"] as const;

/** Entries of `a` not found (deep-equal) in `b`, over the lists a retrofit touches. */
function missing(a: Defenses, b: Defenses): number {
  let n = 0;
  for (const key of LISTS) {
    const rest = [...(b[key] as unknown[])];
    for (const e of a[key] as unknown[]) {
      const i = rest.findIndex((x) => sameJson(x, e));
      if (i < 0) n++;
      else rest.splice(i, 1);
    }
  }
  return n;
}

/**
 * Plan the retrofit of one actor. `doc`: its document data (`{ name, type,
 * system }`, read by the importer); `stored`: its stored defenses;
 * `creature`: what the importer learned of it (for the templates; the
 * import's own when `choice.importSystem` is set). Never throws for any data.
 */
export function planRetrofit(actor: { id: string; name: string; doc: unknown; stored: Defenses; creature: Pick<CreatureInfo, "groups"> }, choice: RetrofitChoice): RetrofitRow {
  let after = actor.stored;
  let creature = actor.creature;
  if (choice.importSystem !== undefined) {
    const imported = IMPORTERS[choice.importSystem](actor.doc);
    after = applyImport(after, imported.defenses, choice.importSystem);
    creature = imported.creature;
  }
  if (choice.templates) after = retrofit(after, creature);
  const had = new Set(appliedTemplates(actor.stored));
  const tags = appliedTemplates(after).filter((t) => !had.has(t));
  return { id: actor.id, name: actor.name, before: actor.stored, after, changed: !sameJson(actor.stored, after), tags, added: missing(after, actor.stored), removed: missing(actor.stored, after) };
}
