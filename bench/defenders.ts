/**
 * Benchmark inputs: for each built-in profile, a defender with `n` defenses
 * of the kinds that profile's chain reads, and a typical hit. Entries are
 * spread over damage types, limits, conditions and "ignored when imbued" so
 * that each step has to look at all of them: some apply to the hit, most do
 * not (as on a real sheet). All data goes through the real zod schemas.
 */
import { defenderSchema, type Defender, type DefenderInput } from "../src/core/model/defender.ts";
import type { DefensesInput } from "../src/core/model/defenses.ts";
import { damageEventSchema, type DamageEvent, type DamageEventInput } from "../src/core/model/event.ts";

/** Damage types the generated entries cycle through. */
const TYPES = ["physical", "fire", "cold", "acid", "lightning", "thunder", "poison", "necrotic", "psychic", "radiant", "force", "all"];
/** Types a hit of these benchmarks never carries (immunities and prevention use them, so no hit is simply stopped). */
const OTHER_TYPES = ["poison", "necrotic", "psychic", "radiant", "force"];
const CONDITIONS = [undefined, "advantage", "noAdvantage", "critical", "notSilvered", "noBurstBlast"] as const;

const type = (i: number) => TYPES[i % TYPES.length]!;
const otherType = (i: number) => OTHER_TYPES[i % OTHER_TYPES.length]!;
const condition = (i: number) => CONDITIONS[i % CONDITIONS.length];
const ignored = (i: number) => (i % 4 === 0 ? { ignoredBy: ["imbued"] } : {});

/** `n` entries made by `make`, spread round-robin over the kinds, keyed by kind. */
function spread<K extends string>(n: number, kinds: readonly K[], make: (kind: K, i: number) => unknown): Record<K, unknown[]> {
  const out = Object.fromEntries(kinds.map((k) => [k, [] as unknown[]])) as Record<K, unknown[]>;
  for (let i = 0; i < n; i++) {
    const kind = kinds[i % kinds.length]!;
    out[kind].push(make(kind, Math.floor(i / kinds.length)));
  }
  return out;
}

/** A benchmark case: the defender and the hit, both validated. */
export interface BenchCase {
  defender: Defender;
  event: DamageEvent;
}

type Builder = (n: number) => { defender: DefenderInput; event: DamageEventInput };

const BUILDERS: Record<string, Builder> = {
  /** 000: negates, BDR/FDR/DV, layered armor, Damage Limits, Damage Shells. */
  "layered-armor": (n) => {
    const d = spread(n, ["negates", "flat", "armor", "damageLimits", "shells"] as const, (kind, i) => {
      if (kind === "negates") return { kind: i % 2 ? "FDN" : "BDN", type: type(i), value: 1 + (i % 3), natural: i % 5 === 0, ...ignored(i) };
      if (kind === "flat") return { kind: ["BDR", "FDR", "DV"][i % 3], type: type(i), value: 1 + (i % 3), natural: i % 5 === 0, ...ignored(i) };
      if (kind === "armor") return { type: type(i), value: 1 + (i % 4), layer: i === 0 ? "hard" : i % 3 === 0 ? "natural" : "soft", ...ignored(i) };
      if (kind === "damageLimits") return { value: 40 + i, ...ignored(i) };
      return { id: `shell-${i}`, value: 10 + i, ...ignored(i) };
    });
    return {
      defender: { resources: { hp: { value: 100_000 } }, defenses: d as DefensesInput },
      event: { parts: [{ amount: 24, types: ["physical"] }, { amount: 9, types: ["fire"] }], traits: ["imbued"] },
    };
  },
  /** 001: resistances, vulnerabilities (limits, conditions), immunities, damage triggers. */
  "revised-4e": (n) => {
    const d = spread(n, ["resistances", "vulnerabilities", "immunities", "triggers"] as const, (kind, i) => {
      if (kind === "immunities") return { type: otherType(i) };
      if (kind === "triggers") return { type: type(i), gains: `shaken-${i % 5}` };
      return { type: type(i), ...(i % 3 === 0 ? {} : { limit: 5 * (1 + (i % 4)) }), ...(condition(i) ? { condition: condition(i) } : {}) };
    });
    return {
      defender: { resources: { hp: { value: 100_000 } }, defenses: d as DefensesInput },
      event: { parts: [{ amount: 17, types: ["fire", "cold"] }, { amount: 8, types: ["physical"] }], traits: ["advantage"] },
    };
  },
  /** 002: ongoing and one-time prevention, damage requirements (the hit is silvered, so none stops it). */
  "card-game": (n) => {
    const d = spread(n, ["ongoing", "oneTime", "requirement"] as const, (kind, i) => {
      if (kind === "requirement") return { kind: "ongoing", requires: "silvered", types: [type(i)] };
      return { id: `${kind}-${i}`, kind, types: [otherType(i)], level: i % 4 };
    });
    return {
      defender: { traits: ["champion"], resources: { hp: { value: 100_000 } }, defenses: { prevention: [...d.ongoing, ...d.oneTime, ...d.requirement] } as DefensesInput },
      event: { parts: [{ amount: 5 }], traits: ["combat", "silvered"], source: { tags: ["fire", "luxem"] } },
    };
  },
  /** 003: tag immunities, tag resistances (one tag of the hit matches every third). */
  "tags-and-guard": (n) => {
    const d = spread(n, ["immunities", "tagResistances"] as const, (kind, i) =>
      kind === "immunities" ? { tag: `curse-${i}` } : { tag: i % 3 === 0 ? "weapon" : `element-${i}`, value: 1 + (i % 5) },
    );
    return {
      defender: { resources: { hp: { value: 100_000 }, guard: { value: 4 } }, defenses: d as DefensesInput },
      event: { parts: [{ amount: 12 }], source: { tags: ["weapon", "fire"] } },
    };
  },
  /** 004: immunities, ongoing / one-time prevention, reduction effects; five pools. */
  "armor-pools": (n) => {
    const d = spread(n, ["immunities", "prevention", "reductions"] as const, (kind, i) => {
      if (kind === "immunities") return { type: otherType(i) };
      if (kind === "prevention") return { id: `p-${i}`, kind: i % 2 ? "oneTime" : "ongoing", types: [otherType(i)], level: i % 3 };
      return { kind: "flat", value: i % 7 === 0 ? 1 : 0, types: [type(i)] };
    });
    return {
      defender: {
        resources: { magicArmor: { value: 2 }, physicalArmor: { value: 3 }, monstrousArmor: { value: 4 }, naturalArmor: { value: 2 }, body: { value: 100_000 } },
        defenses: d as DefensesInput,
      },
      event: { parts: [{ amount: 30 }] },
    };
  },
};

/** The profiles that have a benchmark defender. */
export const BENCH_PROFILES: readonly string[] = Object.keys(BUILDERS);

/** The unvalidated input of {@link benchCase}, for a core of another commit to parse with its own schemas. Throws if the profile has no builder. */
export function benchInput(profileId: string, n: number): { defender: DefenderInput; event: DamageEventInput } {
  const build = BUILDERS[profileId];
  if (build === undefined) throw new Error(`no benchmark defender for profile ${profileId}`);
  return build(n);
}

/** The benchmark case of `profileId` with `n` defenses. Throws if the profile has no builder or the data is invalid. */
export function benchCase(profileId: string, n: number): BenchCase {
  const { defender, event } = benchInput(profileId, n);
  return { defender: defenderSchema.parse(defender), event: damageEventSchema.parse(event) };
}

/** Number of defenses in a defender (every list; keywords count one each). */
export function countDefenses(defender: Defender): number {
  return Object.values(defender.defenses).reduce((sum, list: unknown[]) => sum + list.length, 0);
}

/** The 20 defenses of the dnd5e comparison (`../shared/perf/dnd5e-anchor.mjs`): 3 immunities, 9 resistances, 8 vulnerabilities; the baseline and new-event benches hit them. */
export const ANCHOR_DEFENSES: DefensesInput = {
  immunities: [{ type: "poison" }, { type: "necrotic" }, { type: "psychic" }],
  resistances: [
    { type: "fire", limit: 5 }, { type: "cold" }, { type: "acid", limit: 10 }, { type: "lightning", condition: "advantage" },
    { type: "physical", limit: 5 }, { type: "thunder", limit: 5, condition: "critical" }, { type: "all", limit: 2, condition: "critical" },
    { type: "force", label: "Warded" }, { type: "non-physical", limit: 3, condition: "notSilvered" },
  ],
  vulnerabilities: [
    { type: "thunder" }, { type: "radiant", limit: 5 }, { type: "force" }, { type: "cold", limit: 3, condition: "noAdvantage" },
    { type: "fire", condition: "critical" }, { type: "acid", limit: 2 }, { type: "lightning", limit: 4, condition: "paragon" }, { type: "physical", condition: "silvered" },
  ],
};
