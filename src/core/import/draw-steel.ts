/**
 * The Draw Steel importer: a creature of the Foundry system `draw-steel`
 * (MetaMorphic-Digital/draw-steel, read at 68856d4) as Damage Chain
 * defenses tagged `import.draw-steel`, for the `draw-steel` profile.
 *
 * What the system keeps and how it counts it
 * (`src/module/data/actor/base-actor.mjs` lines 49–52, 383–397):
 * - `system.damage.immunities.<type|all>` and `.weaknesses.<type|all>`: whole
 *   numbers per damage type of `ds.CONFIG.damageTypes` (`config.mjs` lines
 *   136–173) plus `all`. `takeDamage` adds the higher of the `all` and the
 *   type's weakness, subtracts the higher of the `all` and the type's
 *   immunity, never below 0: `max(0, damage + weakness − immunity)`.
 *   Untyped damage meets only the `all` values (line 386: `weaknesses[""]`
 *   is undefined).
 * - A weakness becomes a DV entry and an immunity an FDR entry (not a chain
 *   immunity: Draw Steel's immunity is a number of points). The chain's DV
 *   and FDR steps take the single highest applicable entry per type, `all`
 *   covering every type, and FDR never goes below 0: the same arithmetic.
 * - A roll may ignore immunities (`DamageRoll#ignoredImmunities`,
 *   `rolls/damage.mjs` lines 54–56; `all` ignores every one, line 392). The
 *   adapter gives each ignored key as the event trait
 *   {@link drawSteelIgnoreTrait}; each immunity entry is ignored by its own
 *   key's trait and by `all`'s.
 * - Every entry is also ignored by {@link DRAW_STEEL_DIRECT}: a stamina drop
 *   that does not come from `takeDamage` (the token bar: `documents/actor.mjs`
 *   lines 105–133 apply no immunity or weakness) meets none of them.
 *
 * Reported, not imported: a value that is not a whole number ≥ 0; a minion
 * (`npc.mjs` line 94: `organization === "minion"`), whose damage goes to its
 * squad's shared stamina when it is in one squad (`base-actor.mjs` lines
 * 405–409), a combatant group document the chain does not write; condition
 * immunities (`system.statuses.immunities`), which the system enforces itself.
 */
import { MAX_POINTS } from "../model/common.ts";
import type { Defenses, FlatDefense } from "../model/defenses.ts";
import type { DamageEventInput } from "../model/event.ts";
import { emptyDefenses, finishImport, importTag, obj, strings, type CreatureInfo, type ImportProblem, type ImportResult } from "./types.ts";

/** Draw Steel's damage types (`ds.CONFIG.damageTypes`, `src/module/config.mjs` lines 136–173). */
export const DRAW_STEEL_DAMAGE_TYPES = ["acid", "cold", "corruption", "fire", "holy", "lightning", "poison", "psychic", "sonic"] as const;

/** The chain's type for Draw Steel's untyped damage (`DamageRoll#type` is `""`): only `all` entries cover it. */
export const DRAW_STEEL_UNTYPED = "untyped";

/** The event trait of a stamina drop that did not come through `takeDamage`: every imported entry ignores it. */
export const DRAW_STEEL_DIRECT = "draw-steel-direct";

/** The event trait saying the roll ignores the immunity keyed `key` (a damage type or `all`). */
export function drawSteelIgnoreTrait(key: string): string {
  return `draw-steel-ignores-immunity-${key}`;
}

const TAG = importTag("draw-steel");

/** Read one `{ all, <type>… }` table into DV or FDR entries; what is not a whole number ≥ 0 is reported. */
function readTable(kind: "immunities" | "weaknesses", table: unknown, defenses: Defenses, problems: ImportProblem[]): void {
  const entries = obj(table);
  if (entries === undefined) {
    if (table !== undefined) problems.push({ path: `system.damage.${kind}`, message: "is not a table of damage types; nothing is imported from it" });
    return;
  }
  for (const [key, value] of Object.entries(entries)) {
    const path = `system.damage.${kind}.${key}`;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      if (value !== null && value !== undefined) problems.push({ path, message: `"${String(value)}" is not a whole number of points; it is not imported` });
      continue;
    }
    if (value === 0) continue;
    const type = key.trim().toLowerCase();
    const ignoredBy = kind === "immunities" ? [DRAW_STEEL_DIRECT, drawSteelIgnoreTrait("all"), ...(type === "all" ? [] : [drawSteelIgnoreTrait(type)])] : [DRAW_STEEL_DIRECT];
    const entry: FlatDefense = { kind: kind === "weaknesses" ? "DV" : "FDR", type, value, natural: false, template: TAG, ignoredBy };
    defenses.flat.push(entry);
  }
}

/** The creature facts: its actor type, a monster's keywords, role, organization and level. */
function creatureOf(name: string, type: string, system: Record<string, unknown> | undefined): CreatureInfo {
  const monster = obj(system?.monster);
  const keywords = strings(monster?.keywords);
  const role = typeof monster?.role === "string" && monster.role !== "" ? monster.role.toLowerCase() : undefined;
  const organization = typeof monster?.organization === "string" && monster.organization !== "" ? monster.organization.toLowerCase() : undefined;
  const level = monster?.level;
  return {
    name,
    system: "draw-steel",
    type: type === "" ? undefined : type,
    groups: [...keywords, ...(organization === undefined ? [] : [organization])],
    role,
    level: typeof level === "number" && Number.isFinite(level) ? level : undefined,
  };
}

/**
 * Import a Draw Steel actor document (plain data `{ name, type, system }`, as
 * in the system's packs or `actor.toObject()`, or the prepared actor's
 * `system`). Pure; never throws: what it cannot read or express is in
 * `problems` with its path.
 */
export function importDrawSteel(actor: unknown): ImportResult {
  const doc = obj(actor) ?? {};
  const name = typeof doc.name === "string" ? doc.name : "";
  const type = typeof doc.type === "string" ? doc.type : "";
  const system = obj(doc.system);
  const damage = obj(system?.damage);
  const problems: ImportProblem[] = [];
  const defenses = emptyDefenses();
  readTable("immunities", damage?.immunities, defenses, problems);
  readTable("weaknesses", damage?.weaknesses, defenses, problems);
  if (obj(system?.monster)?.organization === "minion") {
    problems.push({ path: "system.monster.organization", message: "a minion in a squad takes damage on its squad's shared stamina, which the system applies itself; the chain resolves a minion's hits only while it is in no squad" });
  }
  const statuses = strings(obj(system?.statuses)?.immunities);
  if (statuses.length > 0) problems.push({ path: "system.statuses.immunities", message: `condition immunities (${statuses.join(", ")}) stay with the system, which enforces them; they are not imported` });
  return finishImport(defenses, creatureOf(name, type, system), problems);
}

/** `takeDamage`'s options as the system passes them (`rolls/damage.mjs` line 118: the roll's `type` and `ignoredImmunities`). */
export interface DrawSteelTakeDamageOptions {
  type?: unknown;
  ignoredImmunities?: unknown;
}

/**
 * The chain's event for `takeDamage(damage, options)`: one part of `damage`
 * points of its type (none for untyped: the profile's `untyped`), and each
 * ignored immunity key as its trait ({@link drawSteelIgnoreTrait}); undefined
 * when the amount is not a whole number of points in 1..MAX_POINTS. Pure.
 */
export function drawSteelEvent(damage: unknown, options: DrawSteelTakeDamageOptions = {}): DamageEventInput | undefined {
  if (typeof damage !== "number" || !Number.isSafeInteger(damage) || damage <= 0 || damage > MAX_POINTS) return undefined;
  const type = typeof options.type === "string" ? options.type.trim().toLowerCase() : "";
  const types = type === "" || type === "all" || type === "non-physical" ? [] : [type];
  const ignored = Array.isArray(options.ignoredImmunities) ? options.ignoredImmunities.filter((k): k is string => typeof k === "string" && k.trim() !== "") : [];
  return { parts: [{ amount: damage, types }], traits: [...new Set(ignored.map((k) => drawSteelIgnoreTrait(k.trim().toLowerCase())))] };
}
