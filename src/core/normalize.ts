/**
 * Which defenses are in force: keyword bundles expanded (001 Insubstantial,
 * Swarm, Regiment), non-stacking groups resolved (004: only the first entry
 * of a group counts) and the newest effect that would complete a total
 * invulnerability refused (004). Refusals come back as warnings, never errors.
 * Results are cached per defenses object, so repeated hits cost nothing.
 */
import type { Warning } from "./context.ts";
import type { Defenses, Resistance } from "./model/defenses.ts";
import type { ProfileOptions } from "./model/profile.ts";

/** Defenses in force, plus what was refused and why. */
export interface EffectiveDefenses {
  defenses: Defenses;
  warnings: Warning[];
}

const cache = new WeakMap<Defenses, { options: ProfileOptions; result: EffectiveDefenses }>();
const NO_WARNINGS: Warning[] = [];

/**
 * The defenses in force for `defenses` under `options`. Cached by the
 * identity of both (the last options used per defenses object); defenses with
 * no group, no type immunity or ongoing prevention and no keyword are in
 * force as they are and cost nothing to check.
 */
export function effectiveDefenses(defenses: Defenses, options: ProfileOptions): EffectiveDefenses {
  if (isPlain(defenses)) return { defenses, warnings: NO_WARNINGS };
  const hit = cache.get(defenses);
  if (hit !== undefined && hit.options === options) return hit.result;
  const result = compute(defenses, options);
  cache.set(defenses, { options, result });
  return result;
}

/** True when nothing in `d` can be refused or expanded. */
function isPlain(d: Defenses): boolean {
  if (d.keywords.length > 0) return false;
  for (const i of d.immunities) if (i.type !== undefined || i.group !== undefined) return false;
  for (const p of d.prevention) if (p.kind === "ongoing" || p.group !== undefined) return false;
  const lists = [d.conditionImmunities, d.negates, d.flat, d.tagResistances, d.resistances, d.vulnerabilities, d.triggers, d.armor, d.reductions, d.damageLimits, d.shells];
  for (const list of lists) for (const e of list) if (e.group !== undefined) return false;
  return true;
}

type Listed = { group?: string | undefined; template?: string | undefined };

function compute(input: Defenses, options: ProfileOptions): EffectiveDefenses {
  const warnings: Warning[] = [];
  const groupsSeen = new Map<string, string>();
  const keepGroups = <T extends Listed>(list: T[], name: string): T[] =>
    list.filter((entry, i) => {
      if (entry.group === undefined) return true;
      const first = groupsSeen.get(entry.group);
      if (first === undefined) {
        groupsSeen.set(entry.group, `defenses.${name}[${i}]`);
        return true;
      }
      warnings.push({ path: `defenses.${name}[${i}]`, key: "DAMAGECHAIN.Warning.NonStacking", params: { group: entry.group, first } });
      return false;
    });

  const d: Defenses = {
    ...input,
    immunities: keepGroups(input.immunities, "immunities"),
    conditionImmunities: keepGroups(input.conditionImmunities, "conditionImmunities"),
    prevention: keepGroups(input.prevention, "prevention"),
    negates: keepGroups(input.negates, "negates"),
    flat: keepGroups(input.flat, "flat"),
    tagResistances: keepGroups(input.tagResistances, "tagResistances"),
    resistances: keepGroups(input.resistances, "resistances"),
    vulnerabilities: keepGroups(input.vulnerabilities, "vulnerabilities"),
    triggers: keepGroups(input.triggers, "triggers"),
    armor: keepGroups(input.armor, "armor"),
    reductions: keepGroups(input.reductions, "reductions"),
    damageLimits: keepGroups(input.damageLimits, "damageLimits"),
    shells: keepGroups(input.shells, "shells"),
  };
  refuseInvulnerability(d, input, options, warnings);
  expandKeywords(d);
  return { defenses: d, warnings };
}

/**
 * 004 "No combination of effects can make you invulnerable to all damage. The
 * last effect received that would create an invulnerable situation is
 * automatically prevented." Type immunities and unconditional ongoing
 * prevention with a type list count; entries are taken in list order (newest last).
 */
function refuseInvulnerability(d: Defenses, input: Defenses, options: ProfileOptions, warnings: Warning[]): void {
  // Paths name the entry's place in the GM's own list (before non-stacking entries were dropped).
  const universe = new Set(options.damageTypes);
  const covered = new Set<string>();
  // A `non-physical` entry covers every type but physical (001), so it counts as all of them here.
  const expand = (t: string): string[] => (t === "non-physical" ? [...universe].filter((u) => u !== "physical") : [t]);
  const wouldComplete = (types: string[]): boolean => {
    const next = new Set(covered);
    for (const t of types) for (const u of expand(t)) next.add(u);
    for (const t of universe) if (!next.has(t)) return false;
    return true;
  };
  d.immunities = d.immunities.filter((imm) => {
    const i = input.immunities.indexOf(imm);
    if (imm.type === undefined || imm.condition !== undefined || imm.ignoredBy?.length) return true;
    if (wouldComplete([imm.type])) {
      warnings.push({ path: `defenses.immunities[${i}]`, key: "DAMAGECHAIN.Warning.Invulnerable", params: { label: imm.label ?? imm.type } });
      return false;
    }
    for (const u of expand(imm.type)) covered.add(u);
    return true;
  });
  d.prevention = d.prevention.filter((p) => {
    const i = input.prevention.indexOf(p);
    if (p.kind !== "ongoing" || p.condition !== undefined || p.ignoredBy?.length || p.tags.length > 0 || p.requires !== undefined) return true;
    const types = p.types.length === 0 ? [...universe] : p.types;
    if (wouldComplete(types)) {
      warnings.push({ path: `defenses.prevention[${i}]`, key: "DAMAGECHAIN.Warning.Invulnerable", params: { label: p.label ?? types.join(", ") } });
      return false;
    }
    for (const t of types) for (const u of expand(t)) covered.add(u);
    return true;
  });
}

/**
 * 001 keyword bundles, added as ordinary entries tagged `keyword:<id>` (the
 * trace names them by that tag, see `steps/refs.ts` `viaOf`).
 */
function expandKeywords(d: Defenses): void {
  const res: Resistance[] = [];
  const vul: Resistance[] = [];
  for (const kw of d.keywords) {
    const template = `keyword:${kw}`;
    if (kw === "insubstantial") {
      res.push({ type: "physical", template });
      res.push({ type: "non-physical", condition: "noAdvantage", template });
      vul.push({ type: "all", condition: "advantage", template });
    } else if (kw === "swarm" || kw === "regiment") {
      res.push({ type: "all", condition: "noBurstBlast", template });
      vul.push({ type: "all", condition: "burstBlast", template });
      vul.push({ type: kw === "swarm" ? "poison" : "psychic", template });
      d.conditionImmunities = [...d.conditionImmunities, { gains: "forcedMovement", condition: "noBurstBlast", template }];
    }
  }
  if (res.length > 0) d.resistances = [...d.resistances, ...res];
  if (vul.length > 0) d.vulnerabilities = [...d.vulnerabilities, ...vul];
}
