/**
 * The bestiary report (seed 001 "Balancing monster defenses, resistances"):
 * over a population of creatures, per damage type how many
 * are immune, resistant and vulnerable and the mean multiplier of a standard
 * hit, run through the real chain; per creature type what it resists; per
 * role the mean defenses against the role table; the seed's balance
 * criterion per damage type, before and after the retrofit.
 *
 * Units: `amount` is points of damage; a multiplier is points dealt / points
 * of the standard hit (1 = full damage, 0.5 = halved, 0 = none).
 */
import { resolve } from "../chain.ts";
import { DND5E_DAMAGE_TYPES } from "../import/dnd5e.ts";
import { DAGGERHEART_TYPES } from "../model/daggerheart.ts";
import { defenderStateSchema, type Defender } from "../model/defender.ts";
import type { Defenses } from "../model/defenses.ts";
import { damageEventSchema, type DamageEvent } from "../model/event.ts";
import type { Profile } from "../model/profile.ts";
import { seededRandom } from "../random.ts";
import { retrofit, templatesFor } from "./retrofit.ts";
import { roleRows, type RoleRow } from "./roles.ts";
import { counts, creatureRow, tallies, type Counted, type Creature, type CreatureRow, type Tallies } from "./tallies.ts";
import { BUILT_IN_PROFILES, PF2E_PROFILE_ID } from "../profiles.ts";
import { registerDnd5eSteps } from "../steps/dnd5e.ts";
import { registerDaggerheartSteps } from "../steps/daggerheart.ts";
import { registerPf1Steps } from "../steps/pf1.ts";

// Scenarios and reports may name any built-in profile, the system ones too (their steps are registered apart: `steps/dnd5e.ts`, `steps/pf1.ts`, `steps/daggerheart.ts`).
registerDnd5eSteps();
registerPf1Steps();
registerDaggerheartSteps();

export type { Creature } from "./tallies.ts";

/**
 * One damage type's figures.
 * - `immune`, `resistant`, `vulnerable`: creatures with such a defense against
 *   the type (declared, whatever its condition; `all` counts for every type;
 *   an immune creature is not also counted resistant).
 * - `meanMultiplier`: mean of dealt / amount for a standard hit of the type.
 * - `balance`: 001's criterion, (immune + resistant - vulnerable) / creatures:
 *   0 is balanced; above 0 the type is weak for an attacker, below strong.
 */
export interface TypeRow {
  type: string;
  immune: number;
  resistant: number;
  vulnerable: number;
  meanMultiplier: number;
  balance: number;
}

/** One creature type: how many creatures, and per damage type how many resist (incl. immune) or are vulnerable. */
export interface CreatureTypeRow {
  type: string;
  count: number;
  resist: Record<string, number>;
  vulnerable: Record<string, number>;
}

/** Figures of one state of the bestiary (as it is, or after the retrofit). */
export interface ReportSide {
  types: TypeRow[];
  /** Damage types by mean multiplier, highest first: the first is the strongest for an attacker. */
  strongest: string[];
  weakest: string[];
  /** Largest |balance| over the types. */
  maxImbalance: number;
}

export interface Report {
  profile: string;
  amount: number;
  creatures: number;
  before: ReportSide;
  after: ReportSide;
  /** Creatures the retrofit gave at least one template. */
  retrofitted: number;
  creatureTypes: CreatureTypeRow[];
  roles: RoleRow[];
  /** Creatures with any immunity, weakness, resistance; immunities to effects, counted apart from damage. */
  totals: Tallies;
  /** One row per creature, when asked for (`byCreature`). */
  byCreature?: CreatureRow[];
}

export interface ReportOptions {
  profile: Profile;
  /** Points of damage of the standard hit; a whole number >= 1 (default 20). */
  amount?: number;
  /** Damage types to report; default: the profile's types plus every type a defense names. */
  damageTypes?: string[];
  /** Called every so many creatures with (done, total), for a progress bar. */
  onProgress?: (done: number, total: number) => void;
  /** Add one row per creature (`Report.byCreature`). */
  byCreature?: boolean;
}

const AGGREGATE = new Set(["all", "non-physical"]);
/** Defense lists that bear on the counts and the standard hit. */
const KEY_LISTS = ["immunities", "resistances", "vulnerabilities", "flat", "armor", "negates", "reductions", "prevention", "tagResistances", "damageLimits", "shells", "keywords"] as const;

/**
 * Damage types of a population: dnd5e's types when there are dnd5e
 * creatures, Daggerheart's two when there are Daggerheart creatures, the
 * profile's when there are others, then every other type the defenses name
 * (not `all` / `non-physical`), in order first seen. A population of pf2e
 * creatures only has pf2e's damage types (the pf2e profile's), and nothing
 * else: its categories are spread over their types by the importer.
 */
export function populationTypes(population: readonly Creature[], profile: Profile): string[] {
  if (population.length > 0 && population.every((c) => c.creature.system === "pf2e")) return [...BUILT_IN_PROFILES.find((p) => p.id === PF2E_PROFILE_ID)!.options.damageTypes];
  const seen = new Set<string>();
  const own: Record<string, readonly string[]> = { dnd5e: DND5E_DAMAGE_TYPES, daggerheart: DAGGERHEART_TYPES };
  for (const [system, types] of Object.entries(own)) if (population.some((c) => c.creature.system === system)) for (const t of types) seen.add(t);
  if (population.length === 0 || population.some((c) => !(c.creature.system in own))) for (const t of profile.options.damageTypes) seen.add(t);
  for (const { defenses } of population) {
    for (const list of [defenses.immunities, defenses.resistances, defenses.vulnerabilities, defenses.flat]) {
      for (const e of list) if (e.type !== undefined && !AGGREGATE.has(e.type)) seen.add(e.type);
    }
  }
  return [...seen];
}

/** Dealt / amount for a standard hit of each type, memoised by the defenses that matter (most creatures share them). */
function multipliers(profile: Profile, amount: number, types: readonly string[]) {
  const events: DamageEvent[] = types.map((t) => damageEventSchema.parse({ parts: [{ amount, types: [t] }] }));
  const state = defenderStateSchema.parse({});
  const random = seededRandom(1);
  const cache = new Map<string, number[]>();
  const byObject = new WeakMap<Defenses, number[]>();
  return (defenses: Defenses): number[] => {
    const known = byObject.get(defenses);
    if (known !== undefined) return known;
    const key = JSON.stringify(KEY_LISTS.map((k) => defenses[k]));
    let out = cache.get(key);
    if (out === undefined) {
      const defender: Defender = { name: "", traits: [], resources: { hp: { value: amount * 10 } }, defenses, state };
      out = events.map((event) => resolve({ event, defender, profile, random, now: 0 }).final / amount);
      cache.set(key, out);
    }
    byObject.set(defenses, out);
    return out;
  };
}

function side(population: readonly Defenses[], types: readonly string[], mult: (d: Defenses) => number[]): ReportSide {
  const rows: TypeRow[] = types.map((type) => ({ type, immune: 0, resistant: 0, vulnerable: 0, meanMultiplier: 0, balance: 0 }));
  for (const d of population) {
    const m = mult(d);
    rows.forEach((row, i) => {
      const on = (e: Counted) => counts(e, row.type);
      const immune = d.immunities.some(on);
      // Flat entries count too (pf2e's resistances and weaknesses are FDR and DV); a dnd5e `dm`, spent once per hit, does not.
      const flat = (kinds: readonly string[]) => d.flat.some((e) => kinds.includes(e.kind) && e.perHit !== true && e.value > 0 && on(e));
      if (immune) row.immune++;
      else if (d.resistances.some(on) || flat(["BDR", "FDR"])) row.resistant++;
      if (d.vulnerabilities.some(on) || flat(["DV"])) row.vulnerable++;
      row.meanMultiplier += m[i]!;
    });
  }
  const n = population.length;
  for (const row of rows) {
    // Rounded to 6 places so types that tie do not differ by float error.
    row.meanMultiplier = n === 0 ? 1 : Math.round((row.meanMultiplier / n) * 1e6) / 1e6;
    row.balance = n === 0 ? 0 : (row.immune + row.resistant - row.vulnerable) / n;
  }
  const byMultiplier = [...rows].sort((a, b) => b.meanMultiplier - a.meanMultiplier || a.balance - b.balance || a.type.localeCompare(b.type));
  const top = byMultiplier[0]?.meanMultiplier;
  const bottom = byMultiplier.at(-1)?.meanMultiplier;
  return {
    types: rows,
    strongest: byMultiplier.filter((r) => r.meanMultiplier === top && top !== bottom).map((r) => r.type),
    weakest: byMultiplier.filter((r) => r.meanMultiplier === bottom && top !== bottom).map((r) => r.type).reverse(),
    maxImbalance: Math.max(0, ...rows.map((r) => Math.abs(r.balance))),
  };
}

function creatureTypeRows(population: readonly Creature[], types: readonly string[]): CreatureTypeRow[] {
  const acc = new Map<string, CreatureTypeRow>();
  for (const { creature, defenses } of population) {
    const key = creature.type ?? "";
    const row = acc.get(key) ?? { type: key, count: 0, resist: {}, vulnerable: {} };
    row.count++;
    for (const t of types) {
      const on = (e: Counted) => counts(e, t);
      if (defenses.immunities.some(on) || defenses.resistances.some(on)) row.resist[t] = (row.resist[t] ?? 0) + 1;
      if (defenses.vulnerabilities.some(on)) row.vulnerable[t] = (row.vulnerable[t] ?? 0) + 1;
    }
    acc.set(key, row);
  }
  return [...acc.values()].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/**
 * Build the report. Pure; the population is not changed. Throws Error for an
 * `amount` that is not a whole number from 1 to 1,000,000 (`amount: ...`).
 */
export function buildReport(population: readonly Creature[], options: ReportOptions): Report {
  const amount = options.amount ?? 20;
  if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000) throw new Error(`amount: must be a whole number from 1 to 1000000 (got ${String(amount)})`);
  const types = options.damageTypes ?? populationTypes(population, options.profile);
  const mult = multipliers(options.profile, amount, types);
  const rows = population.map((c) => creatureRow(c, types));
  const after: Defenses[] = [];
  let retrofitted = 0;
  population.forEach((c, i) => {
    if (templatesFor(c.creature).length > 0) retrofitted++;
    after.push(retrofit(c.defenses, c.creature));
    if (options.onProgress !== undefined && (i + 1) % 500 === 0) options.onProgress(i + 1, population.length);
  });
  const report: Report = {
    profile: options.profile.id,
    amount,
    creatures: population.length,
    before: side(population.map((c) => c.defenses), types, mult),
    after: side(after, types, mult),
    retrofitted,
    creatureTypes: creatureTypeRows(population, types),
    roles: roleRows(population),
    totals: tallies(population, rows),
  };
  if (options.byCreature === true) report.byCreature = rows;
  options.onProgress?.(population.length, population.length);
  return report;
}
