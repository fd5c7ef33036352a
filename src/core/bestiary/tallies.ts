/**
 * The bestiary report's counts of creatures (besides its per-type table):
 * how many have any immunity, weakness or resistance; the system's entries
 * against things that are not damage (pf2e's immunities to effects such as
 * `death-effects` or `sleep`, its weaknesses to `cold-iron`), counted apart
 * from damage; and one row per creature (`--by-creature`).
 *
 * What counts under a damage type is {@link counts}: one definition for the
 * per-type table, the totals and the per-creature rows.
 */
import { coversType } from "../conditions.ts";
import { exceptedBy } from "../exceptions.ts";
import { PF2E_UNAFFECTED_TAG } from "../import/pf2e.ts";
import type { CreatureInfo } from "../import/types.ts";
import type { Defenses } from "../model/defenses.ts";

/** One creature of the population: what the importer learned and its defenses (import + Damage Chain flags). */
export interface Creature {
  creature: CreatureInfo;
  defenses: Defenses;
}

/** A defense entry as far as the counts read it. */
export type Counted = { type?: string | undefined; ignoredBy?: string[] | undefined; onlyWith?: string[] | undefined; template?: string | undefined };

/**
 * True when entry `e` counts under damage `type`: it covers the type
 * (`all` every type; a pf2e category is imported as one entry per type of
 * it) and no exception of it holds for a plain hit of that type
 * (`core/exceptions.ts` `exceptedBy`, the one definition the chain's steps
 * use: a ghost's "all-damage except force" does not count under force).
 */
export function counts(e: Counted, type: string): boolean {
  // pf2e's "unaffected" is no IWR entry (`ActorPF2e#isAffectedBy`): every living creature would count as immune to vitality.
  // An entry for some hits only (pf2e's doubled resistance, `onlyWith`) is not what the creature has against the type: its plain entry is.
  return e.template !== PF2E_UNAFFECTED_TAG && (e.onlyWith === undefined || e.onlyWith.length === 0) && e.type !== undefined && coversType(e.type, type) && !exceptedBy(e.ignoredBy, [], [type]);
}

/** What one creature has against one damage type: immune, or the points of its weakness and resistance (0: none). */
export interface TypeStand {
  immune: boolean;
  /** Points of the highest weakness (a flat DV), or 1 for a 001 vulnerability without points. */
  weakness: number;
  /** Points of the highest resistance (a flat BDR or FDR), or 1 for a 001 resistance without points. */
  resistance: number;
}

/** `d` against damage of `type` (declared entries, whatever their per-hit condition; a dnd5e `dm` spent once per hit is not counted). */
export function standAgainst(d: Defenses, type: string): TypeStand {
  const on = (e: Counted) => counts(e, type);
  const flat = (kinds: readonly string[]) => Math.max(0, ...d.flat.filter((e) => kinds.includes(e.kind) && e.perHit !== true && e.value > 0 && on(e)).map((e) => e.value));
  const immune = d.immunities.some(on);
  return { immune, weakness: Math.max(flat(["DV"]), d.vulnerabilities.some(on) ? 1 : 0), resistance: Math.max(flat(["BDR", "FDR"]), d.resistances.some(on) ? 1 : 0) };
}

/** One creature's row (`--by-creature`): per list the damage types (with points where it has them) and its immunities to effects. */
export interface CreatureRow {
  name: string;
  type: string;
  immune: string[];
  weak: { type: string; value: number }[];
  resistant: { type: string; value: number }[];
  /** Immunities to effects and conditions (pf2e `death-effects`, `paralyzed`), and non-damage weaknesses and resistances as `weakness:cold-iron 5`. */
  effects: string[];
}

/** Creatures with at least one of each kind, and how often each non-damage entry occurs. */
export interface Tallies {
  /** Creatures with any damage immunity, weakness, resistance (unaffected is not immunity). */
  anyImmunity: number;
  anyWeakness: number;
  anyResistance: number;
  /** Creatures with any immunity to an effect or condition. */
  anyEffectImmunity: number;
  /** Per effect or condition: creatures immune to it, most first. */
  effectImmunities: { type: string; creatures: number }[];
  /** Per non-damage weakness or resistance the chain does not apply (`weaknesses:axe-vulnerability`): creatures that have it, most first. */
  otherEntries: { entry: string; creatures: number }[];
  /** Per non-damage weakness or resistance the chain applies to the hits carrying its word (`weaknesses:holy`, `weaknesses:cold-iron`): creatures that have it, most first. */
  appliedEntries: { entry: string; creatures: number }[];
}

/** Immunities to effects of `c`: the system's non-damage immunities and the imported condition immunities. */
function effectImmunitiesOf(c: Creature): string[] {
  const out = new Set<string>();
  for (const e of c.creature.effects ?? []) if (e.list === "immunities") out.add(e.type);
  for (const e of c.defenses.conditionImmunities) out.add(e.gains);
  return [...out];
}

/** The creature's row over the report's damage `types`. */
export function creatureRow(c: Creature, types: readonly string[]): CreatureRow {
  const row: CreatureRow = { name: c.creature.name, type: c.creature.type ?? "", immune: [], weak: [], resistant: [], effects: effectImmunitiesOf(c) };
  for (const type of types) {
    const s = standAgainst(c.defenses, type);
    if (s.immune) row.immune.push(type);
    if (s.weakness > 0) row.weak.push({ type, value: s.weakness });
    if (s.resistance > 0 && !s.immune) row.resistant.push({ type, value: s.resistance });
  }
  for (const e of c.creature.effects ?? []) if (e.list !== "immunities") row.effects.push(`${e.list}:${e.type}${e.value === undefined ? "" : ` ${e.value}`}`);
  return row;
}

const ranked = <K extends string>(m: Map<string, number>, key: K) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => ({ [key]: k, creatures: n }) as Record<K, string> & { creatures: number });

/** The {@link Tallies} of `rows` (one per creature). */
export function tallies(population: readonly Creature[], rows: readonly CreatureRow[]): Tallies {
  const immunities = new Map<string, number>();
  const others = new Map<string, number>();
  const applied = new Map<string, number>();
  population.forEach((c) => {
    for (const t of effectImmunitiesOf(c)) immunities.set(t, (immunities.get(t) ?? 0) + 1);
    const entries = (c.creature.effects ?? []).filter((e) => e.list !== "immunities");
    for (const [map, on] of [[others, false], [applied, true]] as const) {
      for (const k of new Set(entries.filter((e) => (e.applied === true) === on).map((e) => `${e.list}:${e.type}`))) map.set(k, (map.get(k) ?? 0) + 1);
    }
  });
  return {
    anyImmunity: rows.filter((r) => r.immune.length > 0).length,
    anyWeakness: rows.filter((r) => r.weak.length > 0).length,
    anyResistance: rows.filter((r) => r.resistant.length > 0).length,
    anyEffectImmunity: population.filter((c) => effectImmunitiesOf(c).length > 0).length,
    effectImmunities: ranked(immunities, "type"),
    otherEntries: ranked(others, "entry"),
    appliedEntries: ranked(applied, "entry"),
  };
}
