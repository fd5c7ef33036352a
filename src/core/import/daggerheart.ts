/**
 * The Daggerheart importer: an actor of the Foundryborne system as plain
 * traits for the `daggerheart` profile ({@link daggerheartTraitsFromSystem},
 * read live on every hit) and as Damage Chain defenses tagged
 * `import.daggerheart` for any other profile ({@link importDaggerheart}),
 * reporting what does not map.
 *
 * Data shapes (Foundryborne/daggerheart 00512b7cbbddb1d86e095d20c66f27c7293e18f8;
 * `module/data/actor/base.mjs`, `adversary.mjs`, `character.mjs`):
 * - `system.resistance.{physical,magical} = { resistance, immunity, reduction }`;
 * - `system.damageThresholds.{major,severe}`: points of damage;
 * - `system.rules.damageReduction.reduceSeverity.{physical,magical}` and
 *   `.thresholdImmunities.minor` (applied by `takeDamage` to adversaries only);
 * - a character's `system.armorScore.{value,max}` (armor slots marked / slots)
 *   and `system.rules.damageReduction.stressDamageReduction`: spent in the
 *   system's own prompt, never by the chain.
 *
 * The import into defenses: immunity → an immunity to the type; resistance →
 * a resistance (half; the Daggerheart rounding is up); reduction → an FDR of
 * its value. Thresholds, severity reduction, armor slots and Stress count
 * severity steps, not points: they have no defense entry and are reported.
 */
import type { Defenses } from "../model/defenses.ts";
import { DAGGERHEART_TYPES, daggerheartTraitsSchema, type DaggerheartTraits } from "../model/daggerheart.ts";
import { say } from "../messages.ts";
import { emptyDefenses, finishImport, importTag, obj, type CreatureInfo, type ImportProblem, type ImportResult } from "./types.ts";

const TAG = importTag("daggerheart");
const K = "DAMAGECHAIN.Import.Daggerheart";

/** A whole number from a number field (NaN, strings and the rest give `fallback`). */
const whole = (v: unknown, fallback = 0): number => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : fallback);

/**
 * The actor's traits as the `daggerheart` profile reads them. `type`: the
 * actor type (`adversary`, `character`...); `system`: its prepared system
 * data; `massive`: the world's Massive Damage variant rule is on. Never
 * throws: a value that is not a number counts 0, as it would in the system's
 * comparisons, and a threshold below 0 counts 0.
 */
export function daggerheartTraitsFromSystem(type: unknown, system: unknown, massive = false): DaggerheartTraits {
  const sys = obj(system);
  const resistance: Record<string, { resistance: boolean; immunity: boolean; reduction: number }> = {};
  for (const t of DAGGERHEART_TYPES) {
    const entry = obj(obj(sys?.resistance)?.[t]);
    if (entry !== undefined) resistance[t] = { resistance: entry.resistance === true, immunity: entry.immunity === true, reduction: whole(entry.reduction) };
  }
  const thresholds = obj(sys?.damageThresholds);
  const rules = obj(obj(sys?.rules)?.damageReduction);
  const reduce = obj(rules?.reduceSeverity);
  const reduceSeverity: Record<string, number> = {};
  for (const t of DAGGERHEART_TYPES) {
    const n = Math.min(Math.max(whole(reduce?.[t]), 0), 4);
    if (n > 0) reduceSeverity[t] = n;
  }
  return daggerheartTraitsSchema.parse({
    resistance,
    major: Math.max(whole(thresholds?.major), 0),
    severe: Math.max(whole(thresholds?.severe), 0),
    massive,
    adversary: type === "adversary",
    reduceSeverity,
    minorImmune: obj(rules?.thresholdImmunities)?.minor === true,
  });
}

/**
 * Import a Daggerheart actor document (`{ name, type, system }`) as tagged
 * defenses. Never throws; what does not map is in `problems`, by its path.
 */
export function importDaggerheart(actor: unknown): ImportResult {
  const doc = obj(actor);
  const name = typeof doc?.name === "string" ? doc.name : "";
  const sys = obj(doc?.system);
  const traits = daggerheartTraitsFromSystem(doc?.type, sys);
  const defenses: Defenses = emptyDefenses();
  const problems: ImportProblem[] = [];
  for (const t of DAGGERHEART_TYPES) {
    const e = traits.resistance[t];
    if (e === undefined) continue;
    if (e.immunity) defenses.immunities.push({ type: t, template: TAG });
    else if (e.resistance) defenses.resistances.push({ type: t, template: TAG });
    if (e.reduction > 0) defenses.flat.push({ kind: "FDR", type: t, value: e.reduction, natural: false, template: TAG });
  }
  if (traits.major > 0 || traits.severe > 0) problems.push({ path: "system.damageThresholds", message: say(`${K}.Thresholds`, { major: traits.major, severe: traits.severe }) });
  for (const [t, n] of Object.entries(traits.reduceSeverity)) problems.push({ path: `system.rules.damageReduction.reduceSeverity.${t}`, message: say(`${K}.Severity`, { value: n }) });
  if (traits.minorImmune) problems.push({ path: "system.rules.damageReduction.thresholdImmunities.minor", message: say(`${K}.MinorImmune`) });
  const armor = obj(sys?.armorScore);
  if (whole(armor?.max) > 0) problems.push({ path: "system.armorScore", message: say(`${K}.ArmorSlots`, { value: whole(armor?.max) - whole(armor?.value), max: whole(armor?.max) }) });
  const adversaryType = typeof sys?.type === "string" && sys.type !== "" ? sys.type.toLowerCase() : undefined;
  const tier = whole(sys?.tier, -1);
  const creature: CreatureInfo = { name, system: "daggerheart", groups: adversaryType === undefined ? [] : [adversaryType], ...(typeof doc?.type === "string" ? { type: doc.type } : {}), ...(adversaryType === undefined ? {} : { role: adversaryType }), ...(tier > 0 ? { level: tier } : {}) };
  return finishImport(defenses, creature, problems);
}
