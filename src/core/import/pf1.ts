/**
 * The Pathfinder 1e importer: a PF1 actor's damage traits as Damage Chain
 * defenses for the `pf1` profile, each entry tagged `import.pf1`. Never
 * guesses: what does not map is reported with its path.
 *
 * Data shapes (foundryvtt/pf1 v10.8, bee79fd5): `public/template.json` lines
 * 702-730 (`traits.hardness`, `dr`, `eres`, `cres`, `di`, `dv`);
 * `module/applications/damage-resistance-selector.mjs` lines 96-99 and 189
 * (`operator`: `true` = or, `false` = and); `module/documents/actor/actor-pf.mjs`
 * lines 3706-3761 `parseResistances` (`types[0]`, `types[1]`: damage types of
 * `module/registry/damage-types.mjs`, materials of `material-types.mjs`, or
 * alignments of `config.mjs` line 313 `damageResistances`; `custom`: text split
 * on `;`, `config.mjs` line 14); `module/migration.mjs` lines 2898-2915 (the
 * older string forms of `dr` and `eres`, kept as `custom`).
 * - `dr.value[] = { amount, operator, types }` → a flat `reductions` entry of
 *   `amount` on bludgeoning, piercing and slashing (DR "does not reduce
 *   energy damage", Core Rulebook, "Damage Reduction"), `ignoredBy` its
 *   bypass: `types[0]` or `types[1]` (operator true), `types[0]&types[1]`
 *   (operator false); an empty `types[0]` is DR x/— (no bypass).
 * - `eres.value[] = { amount, types }` → a flat FDR of `amount` per energy
 *   type named (Core Rulebook, "Energy Resistance").
 * - `dr.custom`, `eres.custom` (and the old plain strings): "5/magic",
 *   "10/cold iron or good", "fire 10", parsed where every word is known.
 * - `hardness` → an FDR of `all` spent once per hit (Core Rulebook,
 *   "Smashing an Object": hardness is subtracted from each hit's damage).
 * - `di.value`, `di.custom` → immunities; `dv.value`, `dv.custom` →
 *   vulnerabilities (+50%, the `pf1Vulnerability` step).
 * - `cres` (condition resistances, free text) has no chain step: reported.
 */
import type { Defenses } from "../model/defenses.ts";
import { ALL_OF } from "../steps/pf1Dr.ts";
import { emptyDefenses, finishImport, importTag, obj, strings, type ImportProblem, type ImportResult } from "./types.ts";

/** PF1 damage types (`module/registry/damage-types.mjs` lines 49-141). */
export const PF1_DAMAGE_TYPES = ["untyped", "slashing", "piercing", "bludgeoning", "fire", "cold", "electric", "acid", "sonic", "force", "negative", "positive", "precision", "nonlethal"] as const;
/** The physical types DR reduces (damage-types.mjs: `category: "physical"`). */
export const PF1_PHYSICAL = ["bludgeoning", "piercing", "slashing"] as const;
/**
 * Materials that overcome DR (`material-types.mjs`: `dr: true`) and the alignments (`config.mjs` `damageResistances`),
 * lower-cased as the chain keeps event traits (PF1's `coldIron` is `coldiron` here).
 */
export const PF1_BYPASS = ["adamantine", "alchemicalsilver", "coldiron", "nexavaransteel", "magic", "epic", "lawful", "chaotic", "good", "evil"] as const;

const TAG = importTag("pf1");
const DAMAGE = new Set<string>(PF1_DAMAGE_TYPES);
const BYPASS = new Set<string>([...PF1_BYPASS, ...PF1_PHYSICAL]);
/** Words of free text and their ids ("cold iron" → `coldIron`, "silver" → `alchemicalSilver`, "electricity" → `electric`). */
const WORDS: Readonly<Record<string, string>> = {
  "cold iron": "coldiron", "cold-iron": "coldiron", silver: "alchemicalsilver", "alchemical silver": "alchemicalsilver",
  electricity: "electric", magical: "magic", "nexavaran steel": "nexavaransteel",
  bludgeoning: "bludgeoning", piercing: "piercing", slashing: "slashing",
};
/** Every id a word may be, lower case (PF1's keys are camelCase: `coldIron`). */
const KNOWN = new Set<string>([...PF1_BYPASS, ...PF1_DAMAGE_TYPES]);

/** The id of a word of PF1 data or text, or undefined when unknown. */
function idOf(word: string): string | undefined {
  const w = word.trim().toLowerCase();
  return WORDS[w] ?? (KNOWN.has(w) ? w : undefined);
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : typeof v === "string" && /^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : undefined);

/** A DR entry, or a problem. `bypass`: ids, each an alternative (a word with `&`: all needed). */
function addDr(d: Defenses, value: number, bypass: string[], path: string, problems: ImportProblem[]): void {
  for (const w of bypass) for (const x of w.split(ALL_OF)) if (!BYPASS.has(x)) problems.push({ path, message: `DR ${value}/${w}: "${x}" is no material, alignment or damage type PF1 knows; kept as a word a hit must carry` });
  d.reductions.push({ kind: "flat", value, types: [...PF1_PHYSICAL], ...(bypass.length > 0 ? { ignoredBy: bypass } : {}), template: TAG });
}

/** Energy resistance `value` against `type`, or a problem. */
function addEr(d: Defenses, value: number, type: string, path: string, problems: ImportProblem[]): void {
  if (!DAMAGE.has(type)) return void problems.push({ path, message: `resistance ${value} to "${type}": no PF1 damage type` });
  d.flat.push({ kind: "FDR", type, value, natural: false, template: TAG });
}

/** Text of a custom entry split as PF1 splits it (`;`), or the older plain string form. */
const pieces = (v: unknown): string[] => (typeof v === "string" ? v.split(";").map((s) => s.trim()).filter((s) => s !== "") : []);

function readDr(d: Defenses, dr: unknown, problems: ImportProblem[]): void {
  const o = obj(dr);
  const list = Array.isArray(o?.value) ? o.value : [];
  list.forEach((raw, i) => {
    const e = obj(raw);
    const path = `system.traits.dr.value.${i}`;
    const value = num(e?.amount);
    const types = Array.isArray(e?.types) ? e.types.map((t) => (typeof t === "string" ? t.trim().toLowerCase() : "")).filter((t) => t !== "") : [];
    if (value === undefined) return void problems.push({ path: `${path}.amount`, message: "not a whole number of points above 0" });
    addDr(d, value, types.length < 2 || e?.operator !== false ? types : [types.join(ALL_OF)], path, problems);
  });
  pieces(typeof dr === "string" ? dr : o?.custom).forEach((text, i) => {
    const path = `system.traits.dr.custom.${i}`;
    const m = /^(\d+)\s*\/\s*(.*)$/.exec(text);
    const value = m === null ? undefined : num(m[1]);
    if (m === null || value === undefined) return void problems.push({ path, message: `"${text}": not of the form 5/silver` });
    const rest = m[2]!.trim();
    if (rest === "" || /^[-—–]$/.test(rest)) return addDr(d, value, [], path, problems);
    const and = /\band\b/i.test(rest);
    const words = rest.split(/\s+(?:or|and)\s+/i);
    const ids = words.map(idOf);
    if (ids.some((x) => x === undefined)) return void problems.push({ path, message: `"${text}": unknown bypass "${words[ids.indexOf(undefined)]}"` });
    if (and && /\bor\b/i.test(rest)) return void problems.push({ path, message: `"${text}": "and" with "or" is not read` });
    addDr(d, value, and ? [(ids as string[]).join(ALL_OF)] : (ids as string[]), path, problems);
  });
}

function readEr(d: Defenses, eres: unknown, problems: ImportProblem[]): void {
  const o = obj(eres);
  const list = Array.isArray(o?.value) ? o.value : [];
  list.forEach((raw, i) => {
    const e = obj(raw);
    const path = `system.traits.eres.value.${i}`;
    const value = num(e?.amount);
    if (value === undefined) return void problems.push({ path: `${path}.amount`, message: "not a whole number of points above 0" });
    const types = Array.isArray(e?.types) ? e.types.filter((t): t is string => typeof t === "string" && t.trim() !== "") : [];
    if (types.length === 0) problems.push({ path: `${path}.types`, message: "no energy type" });
    for (const t of types) addEr(d, value, idOf(t) ?? t, path, problems);
  });
  pieces(typeof eres === "string" ? eres : o?.custom).forEach((text, i) => {
    const path = `system.traits.eres.custom.${i}`;
    // "fire 10" as PF1 writes it (`parseResistances`), or "10 fire".
    const m = /^([a-z ]+?)\s*(\d+)$/i.exec(text);
    const n = m === null ? /^(\d+)\s*([a-z ]+)$/i.exec(text) : null;
    const type = m !== null ? idOf(m[1]!) : n !== null ? idOf(n[2]!) : undefined;
    const value = m !== null ? num(m[2]) : n !== null ? num(n[1]) : undefined;
    if (type === undefined || value === undefined) return void problems.push({ path, message: `"${text}": not of the form fire 10` });
    addEr(d, value, type, path, problems);
  });
}

/** Ids of a `di`/`dv` trait: its `value` list and its `custom` list (or older `;` text). */
function typeList(trait: unknown, path: string, problems: ImportProblem[]): string[] {
  const o = obj(trait);
  const out = strings(o?.value).map((t) => idOf(t) ?? t);
  const custom = Array.isArray(o?.custom) ? o.custom : pieces(o?.custom);
  custom.forEach((c: unknown, i: number) => {
    const id = typeof c === "string" ? idOf(c) : undefined;
    if (id === undefined || !DAMAGE.has(id)) problems.push({ path: `${path}.custom.${i}`, message: `"${String(c)}": no PF1 damage type` });
    else out.push(id);
  });
  return [...new Set(out)].filter((t) => {
    if (DAMAGE.has(t)) return true;
    problems.push({ path: `${path}.value`, message: `"${t}": no PF1 damage type` });
    return false;
  });
}

/**
 * Import a PF1 actor document (plain data: `{ name, system: { traits } }`).
 * Returns only the entries the import adds, tagged `import.pf1`, and what
 * was skipped, by path. Never throws.
 */
export function importPf1(actor: unknown): ImportResult {
  const doc = obj(actor);
  const traits = obj(obj(doc?.system)?.traits);
  const name = typeof doc?.name === "string" ? doc.name : "";
  const problems: ImportProblem[] = [];
  const d = emptyDefenses();
  readDr(d, traits?.dr, problems);
  readEr(d, traits?.eres, problems);
  // Objects and creatures keep it in `traits.hardness`; PF1's vehicles in `details.hardness` (vehicle-sheet.hbs line 67).
  const hardness = traits?.hardness ?? obj(obj(doc?.system)?.details)?.hardness;
  if (hardness !== undefined && hardness !== 0 && hardness !== null) {
    const value = num(hardness);
    if (value === undefined) problems.push({ path: "system.traits.hardness", message: `${JSON.stringify(hardness)}: not a whole number of points` });
    else d.flat.push({ kind: "FDR", type: "all", value, natural: false, perHit: true, template: TAG });
  }
  for (const type of typeList(traits?.di, "system.traits.di", problems)) d.immunities.push({ type, template: TAG });
  for (const type of typeList(traits?.dv, "system.traits.dv", problems)) d.vulnerabilities.push({ type, template: TAG });
  if (typeof traits?.cres === "string" && traits.cres.trim() !== "") problems.push({ path: "system.traits.cres", message: `"${traits.cres.trim()}": condition resistances have no chain step; left to the GM` });
  return finishImport(d, { name, system: "pf1", groups: [] }, problems);
}
