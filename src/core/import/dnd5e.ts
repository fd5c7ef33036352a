/**
 * The dnd5e 5.x importer: a dnd5e actor's own damage traits
 * as Damage Chain defenses, each entry tagged `import.dnd5e`.
 *
 * Data shapes (checked against foundryvtt/dnd5e 5.3.3,
 * `module/data/actor/templates/traits.mjs`, `fields/damage-trait-field.mjs`,
 * `module/data/shared/creature-type-field.mjs`, `module/config.mjs`
 * `damageTypes`, and `Actor5e#calculateDamage` for how bypasses work):
 * - `system.traits.di|dr|dv = { value: string[], bypasses: string[], custom: string }`
 *   → immunities / resistances / vulnerabilities, one entry per type. `ALL`
 *   → type `all` (an immunity to all is refused, 001 "Damage Immunity").
 * - bypasses (`mgc`, `sil`, `ada`) only ever apply to the physical types
 *   (bludgeoning, piercing, slashing: `isPhysical`). They become the entry's
 *   `ignoredBy` event traits `magical`, `silvered`, `adamantine`: the 5e
 *   "resistance to nonmagical attacks" is a resistance with the condition
 *   "not magical", ignored when the hit is magical (000/001 conditions).
 * - `system.traits.dm = { amount: { <type>: formula }, bypasses }` → a flat
 *   `BDR` (negative amount) or `DV` (positive) of that many points, marked
 *   `perHit` (000 base damage: dnd5e modifies damage before resistances).
 *   `perHit` makes the flat steps spend it as dnd5e spends `dm`
 *   (`Actor5e#calculateDamage` lines 819-831, 846-847): once per hit over
 *   the parts in order, the type's before `all`, on top of other entries.
 *   `ALL` → type `all`; its bypasses are not imported (dnd5e skips a
 *   modification only for physical parts, which one `all` entry cannot say),
 *   which is reported. A formula that is not a whole number is reported, not
 *   guessed.
 * - `system.attributes.hp.dt` (damage threshold: a hit above 0 and below it
 *   deals nothing, lines 882-891) → one `FDN` of type `all` and value dt − 1
 *   (FDN negates what is ≤ its value: the `fdn` step under its default
 *   `fdnCompare`); 0, 1 or none imports nothing. The `fdn` step checks each
 *   part, dnd5e the whole hit (docs/trait-mapping.md).
 * - `system.traits.ci.value` → condition immunities, one per condition id.
 * - `system.details.type = { value, subtype, swarm, custom }` → the creature's
 *   type and groups (subtypes split at commas; a swarm adds `swarm`).
 * Free text (`custom`) is not read; it is reported as a problem when set.
 */
import type { Defenses, FlatDefense, Immunity, Negate, Resistance } from "../model/defenses.ts";
import { emptyDefenses, finishImport, importTag, obj, strings, type CreatureInfo, type ImportProblem, type ImportResult } from "./types.ts";

/** dnd5e physical weapon properties that bypass a physical defense → the event trait the adapter gives a hit with it. */
export const DND5E_BYPASS_TRAITS: Readonly<Record<string, string>> = { mgc: "magical", sil: "silvered", ada: "adamantine" };

/** dnd5e's physical damage types (`CONFIG.DND5E.damageTypes[t].isPhysical`). */
export const DND5E_PHYSICAL = ["bludgeoning", "piercing", "slashing"] as const;

/** dnd5e's damage types (`CONFIG.DND5E.damageTypes`, 5.x). */
export const DND5E_DAMAGE_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"] as const;

const TAG = importTag("dnd5e");
const isPhysical = (t: string) => (DND5E_PHYSICAL as readonly string[]).includes(t);

interface Base {
  type: string;
  ignoredBy?: string[];
  template: string;
}

/** One entry per type; a type with bypasses gets `ignoredBy`. `all` with bypasses splits into the physical types (bypassable) and the rest. */
function entries(types: string[], bypasses: string[]): Base[] {
  const ignoredBy = bypasses.map((b) => DND5E_BYPASS_TRAITS[b]).filter((t): t is string => t !== undefined);
  const out: Base[] = [];
  for (const t of types) {
    if (t === "all" && ignoredBy.length > 0) {
      for (const each of DND5E_DAMAGE_TYPES) out.push(isPhysical(each) ? { type: each, ignoredBy: [...ignoredBy], template: TAG } : { type: each, template: TAG });
    } else if (ignoredBy.length > 0 && isPhysical(t)) out.push({ type: t, ignoredBy: [...ignoredBy], template: TAG });
    else out.push({ type: t, template: TAG });
  }
  return out;
}

function unknownBypasses(bypasses: string[], path: string, problems: ImportProblem[]): void {
  for (const b of bypasses) if (DND5E_BYPASS_TRAITS[b] === undefined) problems.push({ path, message: `unknown bypass "${b}" (known: mgc, sil, ada); it is not imported` });
}

function customText(trait: Record<string, unknown> | undefined, path: string, problems: ImportProblem[]): void {
  const custom = trait?.custom;
  if (typeof custom === "string" && custom.trim() !== "") problems.push({ path: `${path}.custom`, message: `free text "${custom.trim()}" is not read; add it on the Defenses tab` });
}

/** `system.attributes.hp.dt` as an FDN `all` of dt − 1 (negates a hit above 0 and below dt), or nothing. */
function threshold(dt: unknown, problems: ImportProblem[]): Negate[] {
  if (dt === undefined || dt === null || dt === "") return [];
  const n = typeof dt === "number" ? dt : typeof dt === "string" && /^\s*\d+\s*$/.test(dt) ? Number(dt) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000_000) {
    problems.push({ path: "system.attributes.hp.dt", message: `"${String(dt)}" is not a whole number of points; no damage threshold is imported` });
    return [];
  }
  return n <= 1 ? [] : [{ kind: "FDN", type: "all", value: n - 1, natural: false, template: TAG }];
}

/** The creature facts of `system.details.type`. */
function creatureOf(name: string, details: Record<string, unknown> | undefined): CreatureInfo {
  const t = obj(details?.type);
  const value = typeof t?.value === "string" ? t.value.trim().toLowerCase() : "";
  const custom = typeof t?.custom === "string" ? t.custom.trim().toLowerCase() : "";
  const type = value === "custom" ? custom || undefined : value || undefined;
  const subtypes = typeof t?.subtype === "string" ? t.subtype.split(/[,;/]/).map((s) => s.trim().toLowerCase()).filter((s) => s !== "") : [];
  const groups = [...new Set([...(type === undefined ? [] : [type]), ...subtypes, ...(typeof t?.swarm === "string" && t.swarm !== "" ? ["swarm"] : [])])];
  return { name, system: "dnd5e", type, groups };
}

/**
 * Import a dnd5e 5.x actor document (plain data: `{ name, type, system }`, as
 * in `packs/_source` or `actor.toObject()`). Pure; never throws: data it
 * cannot read is listed in `problems` with its path, and skipped.
 */
export function importDnd5e(actor: unknown): ImportResult {
  const doc = obj(actor) ?? {};
  const name = typeof doc.name === "string" ? doc.name : "";
  const system = obj(doc.system);
  const traits = obj(system?.traits);
  const problems: ImportProblem[] = [];
  const defenses: Defenses = emptyDefenses();
  const read = (key: "di" | "dr" | "dv") => {
    const trait = obj(traits?.[key]);
    const path = `system.traits.${key}`;
    customText(trait, path, problems);
    const bypasses = strings(trait?.bypasses);
    unknownBypasses(bypasses, `${path}.bypasses`, problems);
    const value = trait?.value;
    if (value !== undefined && value !== null && !Array.isArray(value) && !(value instanceof Set)) {
      problems.push({ path: `${path}.value`, message: `${JSON.stringify(value) ?? typeof value} is not a list of damage types; it is not imported` });
    }
    return entries(strings(value), bypasses);
  };
  const di = read("di");
  defenses.immunities = di.filter((e) => {
    if (e.type !== "all") return true;
    problems.push({ path: "system.traits.di.value", message: "immunity to all damage is not imported (001: nothing is immune to all damage)" });
    return false;
  }) as Immunity[];
  defenses.resistances = read("dr") as Resistance[];
  defenses.vulnerabilities = read("dv") as Resistance[];

  const dm = obj(traits?.dm);
  const dmBypasses = strings(dm?.bypasses);
  unknownBypasses(dmBypasses, "system.traits.dm.bypasses", problems);
  for (const [rawType, formula] of Object.entries(obj(dm?.amount) ?? {})) {
    const path = `system.traits.dm.amount.${rawType}`;
    const text = typeof formula === "number" ? String(formula) : typeof formula === "string" ? formula.replace(/\s+/g, "") : "";
    if (text === "" || text === "0") continue;
    if (!/^[+-]?\d+$/.test(text)) {
      problems.push({ path, message: `"${String(formula)}" is not a whole number; only fixed damage modifications are imported` });
      continue;
    }
    const n = Number(text);
    const type = rawType.toLowerCase();
    if (type === "all") {
      if (dmBypasses.length > 0) problems.push({ path: "system.traits.dm.bypasses", message: "the bypasses of the ALL modification are not imported (dnd5e applies them to physical damage only)" });
      defenses.flat.push({ type, template: TAG, kind: n < 0 ? "BDR" : "DV", value: Math.abs(n), natural: false, perHit: true });
      continue;
    }
    for (const e of entries([type], dmBypasses)) {
      const flat: FlatDefense = { ...e, kind: n < 0 ? "BDR" : "DV", value: Math.abs(n), natural: false, perHit: true };
      defenses.flat.push(flat);
    }
  }
  defenses.negates = threshold(obj(obj(system?.attributes)?.hp)?.dt, problems);

  const ci = obj(traits?.ci);
  customText(ci, "system.traits.ci", problems);
  defenses.conditionImmunities = strings(ci?.value).map((c) => ({ gains: c, template: TAG }));

  // Validate the whole import once: whatever the schema refuses is reported by path and left out.
  return finishImport(defenses, creatureOf(name, obj(system?.details)), problems);
}
