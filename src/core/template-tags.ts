/**
 * Template tags on defense entries (see `templates.ts`): every entry a
 * template or an import adds carries `template: <id>`, so the entries of one
 * template can be listed and taken off as a unit. Kept apart from the
 * template tables, which only the Defenses tab and the bestiary tools need:
 * reading an actor's imported system traits at each hit needs only this.
 */
import type { Defenses } from "./model/defenses.ts";

type Tagged = { template?: string | undefined };
type ListKey = { [K in keyof Defenses]: Defenses[K] extends Tagged[] ? K : never }[keyof Defenses];

/** The lists of `Defenses` whose entries can carry a template tag (everything but `keywords`). */
const TAGGED_LISTS: readonly ListKey[] = [
  "immunities",
  "conditionImmunities",
  "prevention",
  "negates",
  "flat",
  "tagResistances",
  "resistances",
  "vulnerabilities",
  "triggers",
  "armor",
  "reductions",
  "damageLimits",
  "shells",
  "endurance",
  "reactions",
  "roleDefenses",
];

/**
 * Take template `templateId` off: every entry tagged with it is removed from
 * every list; nothing else changes. Returns new defenses; `defenses` is not
 * changed. Removing a template that is not applied returns an equal copy.
 * With `subTags`, entries tagged `<templateId>.<anything>` go too (an
 * import's sub-tags, such as `import.pf2e.unaffected`).
 */
export function removeTemplate(defenses: Defenses, templateId: string, { subTags = false }: { subTags?: boolean } = {}): Defenses {
  const prefix = `${templateId}.`;
  const out = { ...defenses };
  for (const key of TAGGED_LISTS) {
    (out[key] as Tagged[]) = (defenses[key] as Tagged[]).filter((e) => e.template !== templateId && !(subTags && e.template?.startsWith(prefix) === true));
  }
  return out;
}

/** Ids of the templates applied to `defenses` (distinct, in the order first seen). */
export function appliedTemplates(defenses: Defenses): string[] {
  const seen = new Set<string>();
  for (const key of TAGGED_LISTS) for (const e of defenses[key] as Tagged[]) if (e.template !== undefined) seen.add(e.template);
  return [...seen];
}
