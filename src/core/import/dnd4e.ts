/**
 * The dnd4e importer: a creature of the Foundry system for
 * the game seed 001 revises, as Damage Chain defenses tagged `import.dnd4e`.
 *
 * Data shapes (checked against EndlesNights/dnd4eBeta,
 * `module/data/actor/templates/combatant.mjs`, `templates/details.mjs`,
 * `module/data/actor/npc.mjs`, `module/config.mjs` and
 * `Actor4e#_prepareDerivedDataResistancesWeaknesses`):
 * - `system.resistances.<type> = { value, res, vuln, immune, ... }`: `res` is
 *   the resistance (positive), `vuln` the vulnerability (stored negative,
 *   "the vulnerability under [type].vuln"); before April 2024 only the net
 *   `value` existed (positive resist, negative vulnerable), read when `res`
 *   and `vuln` are both 0. 4E "Resist 5 fire" becomes a Resistance with limit
 *   5 (001 "add a resist/vulnerable value appropriate to the monster's level":
 *   under the revised rules the 4E number is the limit). Type `damage`
 *   (the system's "all damage") → `all`; `ongoing` → `all` with the 001
 *   condition Ongoing. `immune` → an immunity (never to all, 001).
 * - `system.untypedResistances = { resistances, vulnerabilities, immunities }`:
 *   free strings. `<n> <type>` / `<type> <n>` / `<type>` are read as a
 *   resistance or vulnerability; immunities become condition immunities
 *   (001 "Condition Immunity", e.g. `forced movement`); the rest is reported.
 * - `system.defences.fort|ref|wil.value` → Fortitude / Reflex / Will.
 * - `system.details`: `level`, `role.primary` (artillery, brute, controller,
 *   lurker, skirmisher, soldier), `origin` (aberrant, elemental, fey,
 *   immortal, natural, shadow), `type` (animate, beast, humanoid, magical),
 *   `other` (keywords such as "undead, fire") and `race` → groups.
 */
import type { Defenses, Resistance } from "../model/defenses.ts";
import { emptyDefenses, finishImport, importTag, obj, strings, type CreatureDefenses, type CreatureInfo, type ImportProblem, type ImportResult } from "./types.ts";

const TAG = importTag("dnd4e");

/** dnd4e's damage type ids (`CONFIG.DND4E.damageTypes`) → Damage Chain type and condition. */
function chainType(id: string): { type: string; condition?: "ongoing" } {
  if (id === "damage") return { type: "all" };
  if (id === "ongoing") return { type: "all", condition: "ongoing" };
  return { type: id };
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : typeof v === "string" && /^[+-]?\d+$/.test(v.trim()) ? Number(v.trim()) : 0);

/** Parse `5 fire`, `fire 5`, `resist 5 fire`, `fire`: type and optional limit; undefined when it is not that shape. */
function parseUntyped(text: string): { type: string; limit?: number } | undefined {
  const words = text.toLowerCase().replace(/^(resist|vulnerable|resistance|vulnerability)\s+/, "").split(/\s+/).filter((w) => w !== "");
  if (words.length === 1 && /^[a-z-]+$/.test(words[0]!)) return { type: words[0]! };
  if (words.length !== 2) return undefined;
  const [a, b] = words as [string, string];
  if (/^\d+$/.test(a) && /^[a-z-]+$/.test(b)) return { type: b, limit: Number(a) };
  if (/^\d+$/.test(b) && /^[a-z-]+$/.test(a)) return { type: a, limit: Number(b) };
  return undefined;
}

function entry(type: string, condition: "ongoing" | undefined, limit: number | undefined): Resistance {
  return { type, ...(limit === undefined ? {} : { limit }), ...(condition === undefined ? {} : { condition }), template: TAG };
}

/** `forced movement` → `forcedMovement`; other words joined camel-case, as the chain's condition ids are. */
function conditionId(text: string): string {
  const words = text.trim().toLowerCase().split(/[\s_-]+/).filter((w) => w !== "");
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join("");
}

function creatureOf(name: string, system: Record<string, unknown> | undefined): CreatureInfo {
  const details = obj(system?.details);
  const word = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined);
  const type = word(details?.type);
  const origin = word(details?.origin);
  const keywords = typeof details?.other === "string" ? details.other.split(/[,;/]/).map((s) => s.trim().toLowerCase()).filter((s) => s !== "") : [];
  const race = word(details?.race);
  const groups = [...new Set([origin, type, ...keywords, race].filter((g): g is string => g !== undefined && g !== "natural"))];
  const role = word(obj(details?.role)?.primary);
  const level = typeof details?.level === "number" && Number.isInteger(details.level) && details.level >= 1 ? details.level : undefined;
  const defences = obj(system?.defences);
  const value = (key: string) => {
    const d = obj(defences?.[key]);
    const v = d?.value ?? d?.base;
    return typeof v === "number" && Number.isFinite(v) ? v : undefined;
  };
  const [fortitude, reflex, will] = [value("fort"), value("ref"), value("wil")];
  const defenses: CreatureDefenses | undefined = fortitude !== undefined && reflex !== undefined && will !== undefined ? { fortitude, reflex, will } : undefined;
  return { name, system: "dnd4e", type, groups, role, level, defenses };
}

/**
 * Import a dnd4e actor document (plain data: `{ name, type, system }`). Pure;
 * never throws: what it cannot read is listed in `problems` with its path.
 */
export function importDnd4e(actor: unknown): ImportResult {
  const doc = obj(actor) ?? {};
  const name = typeof doc.name === "string" ? doc.name : "";
  const system = obj(doc.system);
  const problems: ImportProblem[] = [];
  const defenses: Defenses = emptyDefenses();
  for (const [id, raw] of Object.entries(obj(system?.resistances) ?? {})) {
    const r = obj(raw);
    if (r === undefined) continue;
    const { type, condition } = chainType(id.toLowerCase());
    let res = Math.max(0, num(r.res));
    let vuln = Math.abs(Math.min(0, num(r.vuln)));
    if (res === 0 && vuln === 0) {
      const net = num(r.value);
      if (net > 0) res = net;
      else vuln = -net;
    }
    if (res > 0) defenses.resistances.push(entry(type, condition, res));
    if (vuln > 0) defenses.vulnerabilities.push(entry(type, condition, vuln));
    if (r.immune === true) {
      if (type === "all") problems.push({ path: `system.resistances.${id}.immune`, message: "immunity to all damage is not imported (001: nothing is immune to all damage)" });
      else defenses.immunities.push({ type, template: TAG });
    }
  }
  const untyped = obj(system?.untypedResistances);
  for (const [key, list] of [["resistances", defenses.resistances], ["vulnerabilities", defenses.vulnerabilities]] as const) {
    for (const text of strings(untyped?.[key])) {
      const parsed = parseUntyped(text);
      if (parsed === undefined) problems.push({ path: `system.untypedResistances.${key}`, message: `"${text}" is not read (expected "5 fire", "fire 5" or "fire")` });
      else list.push(entry(parsed.type, undefined, parsed.limit));
    }
  }
  for (const text of strings(untyped?.immunities)) defenses.conditionImmunities.push({ gains: conditionId(text), template: TAG });

  const creature = creatureOf(name, system);
  return finishImport(defenses, creature, problems);
}
