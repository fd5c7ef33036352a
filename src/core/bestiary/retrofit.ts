/**
 * Seed 001's retrofit ("A low-effort method to retrofit current monsters"):
 * which creature-type templates a creature gets from its groups, and its
 * defenses with them applied.
 *
 * The templates' damage types replace what the system import said about the
 * same types (001: "Undead and Construct monsters have Resist Poison
 * (instead of immunity)", "Fire monsters have Resist Fire (in some cases
 * instead of immunity)"), and Undead that are not Shadow lose an imported
 * necrotic resistance or immunity (001: "Undead monsters that are not of
 * Shadow origin no longer have Resist Necrotic"). Entries a GM typed in are
 * never touched. Swarm is a keyword bundle (resist all outside bursts), not a
 * creature-type template, so the retrofit leaves it out.
 */
import type { Defenses } from "../model/defenses.ts";
import { applyTemplate, CREATURE_TYPE_TEMPLATES, type TemplateOptions } from "../templates.ts";
import type { CreatureInfo } from "../import/types.ts";

/**
 * Group words (lower case, as importers report them) → 001 creature-type
 * template id. The 001 names, plus the dnd5e / dnd4e words for the same
 * groups (dnd5e `aberration`, `celestial`; 4E origin `aberrant`, `immortal`).
 */
export const GROUP_TEMPLATES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(CREATURE_TYPE_TEMPLATES.map((t) => [t.id.slice("type.".length), t.id])),
  aberration: "type.aberrant",
  celestial: "type.immortal",
  devils: "type.devil",
  elf: "type.eladrin",
};

/** The 001 creature-type templates for a creature's groups, in table order, each once. */
export function templatesFor(creature: Pick<CreatureInfo, "groups">): string[] {
  const ids = new Set(creature.groups.map((g) => GROUP_TEMPLATES[g]).filter((id): id is string => id !== undefined));
  return CREATURE_TYPE_TEMPLATES.map((t) => t.id).filter((id) => ids.has(id));
}

const imported = (e: { template?: string | undefined }) => e.template?.startsWith("import.") === true;

/**
 * The defenses after the retrofit: the creature's templates applied (with
 * `options`, e.g. "5 per tier" limits), imported entries of the templates'
 * types taken out first. Returns `defenses` itself when no template fits;
 * never changes its input. Throws only as {@link applyTemplate} does (bad limits).
 */
export function retrofit(defenses: Defenses, creature: Pick<CreatureInfo, "groups">, options: TemplateOptions = {}): Defenses {
  const ids = templatesFor(creature);
  if (ids.length === 0) return defenses;
  const replaced = new Set<string>();
  for (const id of ids) {
    const t = CREATURE_TYPE_TEMPLATES.find((x) => x.id === id)!;
    for (const type of [...t.resist, ...t.vulnerable]) replaced.add(type);
  }
  if (ids.includes("type.undead") && !ids.includes("type.shadow")) replaced.add("necrotic");
  const keep = <T extends { type?: string | undefined; template?: string | undefined }>(list: T[]) => list.filter((e) => !(imported(e) && e.type !== undefined && replaced.has(e.type)));
  let out: Defenses = { ...defenses, immunities: keep(defenses.immunities), resistances: keep(defenses.resistances), vulnerabilities: keep(defenses.vulnerabilities) };
  for (const id of ids) out = applyTemplate(out, id, options);
  return out;
}
