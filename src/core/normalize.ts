/**
 * Which defenses are in force: keyword bundles expanded (001 Insubstantial,
 * Swarm, Regiment), non-stacking groups resolved (004: only the first entry
 * of a group counts) and the newest effect that would complete a total
 * invulnerability refused (004). Refusals come back as warnings, never errors.
 * Defenses with nothing to refuse or expand pass through untouched; the rest
 * are cached per defenses object, so repeated hits cost nothing.
 */
import type { DefenseRef, Warning } from "./context.ts";
import type { Defenses, Immunity, Prevention, Resistance } from "./model/defenses.ts";
import type { ProfileOptions } from "./model/profile.ts";
import { listEntryRef } from "./steps/refs.ts";

/** Defenses in force, plus what was refused and why. */
export interface EffectiveDefenses {
  defenses: Defenses;
  warnings: Warning[];
}

const cache = new WeakMap<Defenses, { options: ProfileOptions; result: EffectiveDefenses }>();
const NO_WARNINGS: Warning[] = [];

/** The last plain defenses checked (a one-entry cache: a defender hit again and again is checked once). */
let lastPlain: { defenses: Defenses; options: ProfileOptions; result: EffectiveDefenses } | undefined;

/** The lists whose entries may belong to a non-stacking group, in the order their warnings come (`isPlain` reads the same lists by name). */
const LISTS = ["immunities", "conditionImmunities", "prevention", "negates", "flat", "tagResistances", "resistances", "vulnerabilities", "triggers", "armor", "reductions", "damageLimits", "shells"] as const;
type ListName = (typeof LISTS)[number];
type Listed = { group?: string | undefined };

/**
 * The defenses in force for `defenses` under `options`. Defenses with no
 * keyword, no group and no set of unconditional immunities / ongoing
 * prevention that could cover every damage type are in force as they are:
 * one pass over the lists tells, and the last such object is remembered
 * (every frozen one too). Others are worked out once and cached by the
 * identity of both arguments (the last options used per defenses object). Like every cache here, this
 * treats a defenses object as immutable once it has been resolved.
 */
export function effectiveDefenses(defenses: Defenses, options: ProfileOptions): EffectiveDefenses {
  if (lastPlain !== undefined && defenses === lastPlain.defenses && options === lastPlain.options) return lastPlain.result;
  const hit = cache.get(defenses);
  if (hit !== undefined && hit.options === options) return hit.result;
  if (isPlain(defenses, options)) {
    lastPlain = { defenses, options, result: { defenses, warnings: NO_WARNINGS } };
    // A frozen object (stored flags as read, shared by every hit on that content: `stored-cache.ts`) is kept: a fight's mix of stat blocks checks each once. A fresh one per hit (system traits counted live) is not: its entry would cost more than the check.
    if (Object.isFrozen(defenses)) cache.set(defenses, { options, result: lastPlain.result });
    return lastPlain.result;
  }
  const result = compute(defenses, options);
  cache.set(defenses, { options, result });
  return result;
}

/** True when nothing in `d` can be refused or expanded. */
function isPlain(d: Defenses, options: ProfileOptions): boolean {
  if (d.keywords.length > 0) return false;
  // Each list read by name (not d[name] in a loop): this runs on every fresh defenses object, once per hit.
  if (grouped(d.immunities) || grouped(d.conditionImmunities) || grouped(d.prevention) || grouped(d.negates) || grouped(d.flat)) return false;
  if (grouped(d.tagResistances) || grouped(d.resistances) || grouped(d.vulnerabilities) || grouped(d.triggers) || grouped(d.armor)) return false;
  if (grouped(d.reductions) || grouped(d.damageLimits) || grouped(d.shells)) return false;
  return !couldCoverAll(d, options);
}

/** True when an entry of `list` belongs to a non-stacking group. */
function grouped(list: readonly Listed[]): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]!.group !== undefined) return true;
  return false;
}

/** An immunity that counts toward total invulnerability: by type, with no condition and nothing that ignores it. */
function unconditionalImmunity(i: Immunity): boolean {
  return i.type !== undefined && i.condition === undefined && !i.ignoredBy?.length;
}

/** Ongoing prevention that counts toward total invulnerability: no condition, nothing that ignores it, no tag or requirement. */
function unconditionalPrevention(p: Prevention): boolean {
  return p.kind === "ongoing" && p.condition === undefined && !p.ignoredBy?.length && p.tags.length === 0 && p.requires === undefined;
}

/**
 * True when a defense of type `type` covers damage type `u` for the
 * invulnerability rule: the same type, `all`, or `non-physical` for every
 * type but physical (001).
 */
function covers(type: string, u: string): boolean {
  return type === u || type === "all" || (type === "non-physical" && u !== "physical");
}

/** True when one of `types` covers `u` (an empty list of a prevention covers everything). */
function coversAny(types: readonly string[], u: string): boolean {
  if (types.length === 0) return true;
  for (const t of types) if (covers(t, u)) return true;
  return false;
}

/** True when the unconditional immunities and ongoing prevention together cover every type of the profile. */
function couldCoverAll(d: Defenses, options: ProfileOptions): boolean {
  for (const u of options.damageTypes) {
    let covered = false;
    for (const i of d.immunities) if (unconditionalImmunity(i) && covers(i.type!, u)) covered = true;
    if (!covered) for (const p of d.prevention) if (unconditionalPrevention(p) && coversAny(p.types, u)) covered = true;
    if (!covered) return false;
  }
  return true;
}

/** `list` without the entries of a non-stacking group after its first (004), warning for each; the same array when none is dropped. */
function keepFirstOfGroups<T extends Listed>(list: T[], name: ListName, seen: Map<string, DefenseRef>, warnings: Warning[]): T[] {
  let kept: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    if (entry.group !== undefined) {
      const first = seen.get(entry.group);
      if (first === undefined) {
        seen.set(entry.group, listEntryRef(name, entry));
      } else {
        const defense = listEntryRef(name, entry);
        warnings.push({ path: `defenses.${name}[${i}]`, key: "DAMAGECHAIN.Warning.NonStacking", params: { group: entry.group }, defense, others: [first] });
        kept ??= list.slice(0, i);
        continue;
      }
    }
    kept?.push(entry);
  }
  return kept ?? list;
}

function compute(input: Defenses, options: ProfileOptions): EffectiveDefenses {
  const warnings: Warning[] = [];
  const seen = new Map<string, DefenseRef>();
  const d: Defenses = { ...input };
  for (const name of LISTS) (d as Record<ListName, Listed[]>)[name] = keepFirstOfGroups(input[name] as Listed[], name, seen, warnings);
  refuseInvulnerability(d, input, options, warnings);
  expandKeywords(d);
  return { defenses: d, warnings };
}

/**
 * 004 "No combination of effects can make you invulnerable to all damage. The
 * last effect received that would create an invulnerable situation is
 * automatically prevented." Unconditional type immunities and unconditional
 * ongoing prevention count (a prevention with no types covers everything);
 * entries are taken in list order (newest last), immunities first. Warning
 * paths name the entry's place in the GM's own list (before non-stacking
 * entries were dropped).
 */
function refuseInvulnerability(d: Defenses, input: Defenses, options: ProfileOptions, warnings: Warning[]): void {
  if (!couldCoverAll(d, options)) return;
  const universe = options.damageTypes;
  const covered = new Set<string>();
  /** True when `coversU` for the types not yet covered would leave no type uncovered. */
  const completes = (coversU: (u: string) => boolean): boolean => {
    for (const u of universe) if (!covered.has(u) && !coversU(u)) return false;
    return true;
  };
  const cover = (coversU: (u: string) => boolean): void => {
    for (const u of universe) if (coversU(u)) covered.add(u);
  };

  const immunities: Immunity[] = [];
  let j = 0;
  for (let i = 0; i < input.immunities.length; i++) {
    const imm = input.immunities[i]!;
    if (d.immunities[j] !== imm) continue; // dropped as non-stacking
    j++;
    if (unconditionalImmunity(imm)) {
      const coversU = (u: string) => covers(imm.type!, u);
      if (completes(coversU)) {
        warnings.push(imm.label === undefined
          ? { path: `defenses.immunities[${i}]`, key: "DAMAGECHAIN.Warning.InvulnerableTypes", params: { types: [imm.type!] } }
          : { path: `defenses.immunities[${i}]`, key: "DAMAGECHAIN.Warning.Invulnerable", params: { label: imm.label } });
        continue;
      }
      cover(coversU);
    }
    immunities.push(imm);
  }
  const prevention: Prevention[] = [];
  j = 0;
  for (let i = 0; i < input.prevention.length; i++) {
    const p = input.prevention[i]!;
    if (d.prevention[j] !== p) continue;
    j++;
    if (unconditionalPrevention(p)) {
      const coversU = (u: string) => coversAny(p.types, u);
      if (completes(coversU)) {
        const types = p.types.length === 0 ? universe : p.types;
        warnings.push(p.label === undefined
          ? { path: `defenses.prevention[${i}]`, key: "DAMAGECHAIN.Warning.InvulnerableTypes", params: { types } }
          : { path: `defenses.prevention[${i}]`, key: "DAMAGECHAIN.Warning.Invulnerable", params: { label: p.label } });
        continue;
      }
      cover(coversU);
    }
    prevention.push(p);
  }
  d.immunities = immunities;
  d.prevention = prevention;
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
