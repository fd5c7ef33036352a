/**
 * dnd5e's per-target damage options, as the chain reads them in replace mode
 *. dnd5e's damage tray stores, per target, which changes to
 * ignore (`options.ignore`: `true`, or per category `immunity`,
 * `resistance`, `vulnerability`, `modification` a Set of damage types or
 * `true`) and which immunities to downgrade to resistances
 * (`options.downgrade`: `true` or a Set of types); dnd5e 5.3.3
 * `Actor5e#calculateDamage`, `#changeHasEffect` and `#changeIsIgnored`
 * (foundryvtt/dnd5e `module/documents/actor/actor.mjs`) skip those changes
 * for that target. The chain does the same with its own defenses: for the
 * damage types of the hit, an ignored immunity, resistance (proportional,
 * BDR, FDR) or vulnerability (proportional, DV) of that type is left out for
 * this hit, and a downgraded immunity becomes a resistance of that type.
 * Entries for `all` types are left as they are unless the whole category is
 * ignored (dnd5e's `ALL`), since leaving them out would reach other types.
 * `modification` has no entry of its own in the chain and is not mapped.
 * Pure: plain data in and out.
 */
import type { Defenses } from "../model/defenses.ts";

/** One category's setting: every type (`true`), or the types listed. */
export type TrayChoice = true | ReadonlySet<string> | readonly string[] | undefined;

/** The per-target options, as dnd5e's tray keeps them (unknown shapes are read as absent). */
export interface TrayOptions {
  ignore?: unknown;
  downgrade?: unknown;
}

/** What was left out or downgraded, for the card: a category and a damage type. */
export interface TrayChange {
  change: "ignored" | "downgraded";
  category: "immunity" | "resistance" | "vulnerability";
  type: string;
}

const CATEGORIES = ["immunity", "resistance", "vulnerability"] as const;

function choice(v: unknown): TrayChoice {
  if (v === true) return true;
  if (v instanceof Set) return v as ReadonlySet<string>;
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  return undefined;
}

function has(c: TrayChoice, type: string): boolean {
  if (c === undefined) return false;
  if (c === true) return true;
  return "has" in c ? c.has(type) || c.has("ALL") : c.includes(type) || c.includes("ALL");
}

/** True when a whole category is ignored (`true` or dnd5e's `ALL`). */
const whole = (c: TrayChoice): boolean => c === true || (c !== undefined && ("has" in c ? c.has("ALL") : c.includes("ALL")));

/**
 * `defenses` for a hit of `types` with the tray's `options` for this target
 * taken into account, and what changed. Returns `defenses` itself (same
 * object) when nothing applies.
 */
export function applyTrayOptions(defenses: Defenses, types: readonly string[], options: TrayOptions): { defenses: Defenses; changes: TrayChange[] } {
  const ignoreAll = options.ignore === true;
  const raw = (typeof options.ignore === "object" && options.ignore !== null ? options.ignore : {}) as Record<string, unknown>;
  const ignore = Object.fromEntries(CATEGORIES.map((c) => [c, ignoreAll ? true : choice(raw[c])])) as Record<(typeof CATEGORIES)[number], TrayChoice>;
  const downgrade = choice(options.downgrade);
  const changes: TrayChange[] = [];
  const drop = (category: (typeof CATEGORIES)[number], entryType: string): boolean => {
    const c = ignore[category];
    if (entryType === "all") return whole(c);
    return types.includes(entryType) && has(c, entryType);
  };
  const note = (change: TrayChange["change"], category: TrayChange["category"], type: string) => {
    if (!changes.some((c) => c.change === change && c.category === category && c.type === type)) changes.push({ change, category, type });
  };
  const immunities = defenses.immunities.filter((d) => {
    if (d.type === undefined) return true; // an immunity to a source tag (003) is no damage type
    if (drop("immunity", d.type)) return note("ignored", "immunity", d.type), false;
    if (d.type !== "all" && types.includes(d.type) && has(downgrade, d.type)) return note("downgraded", "immunity", d.type), false;
    return true;
  });
  const downgraded = defenses.immunities.filter((d) => !immunities.includes(d) && changes.some((c) => c.change === "downgraded" && c.type === d.type));
  const resistances = defenses.resistances.filter((d) => !(drop("resistance", d.type) && (note("ignored", "resistance", d.type), true)));
  const vulnerabilities = defenses.vulnerabilities.filter((d) => !(drop("vulnerability", d.type) && (note("ignored", "vulnerability", d.type), true)));
  const flat = defenses.flat.filter((d) => {
    const category = d.kind === "DV" ? "vulnerability" : "resistance";
    const type = d.type ?? "all"; // a flat entry without a type counts against every type
    return !(drop(category, type) && (note("ignored", category, type), true));
  });
  if (changes.length === 0) return { defenses, changes };
  const added = downgraded.map((d) => ({ type: d.type!, ...(d.label === undefined ? {} : { label: d.label }) }) as Defenses["resistances"][number]);
  return { defenses: { ...defenses, immunities, resistances: [...resistances, ...added], vulnerabilities, flat }, changes };
}
