/**
 * A dnd5e 5.x actor's damage traits as the `dnd5e` profile reads them
 * ({@link Dnd5eTraits}, `model/dnd5e.ts`). Pure: the adapter
 * passes the actor's prepared `system` data (Sets, active effects applied)
 * on every hit, so the profile sees the traits live; a document's source
 * data (arrays, as in `packs/_source` or `actor.toObject()`) reads the same.
 *
 * Data paths (foundryvtt/dnd5e 5.3.3, commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449;
 * how `Actor5e#calculateDamage` reads them: `module/documents/actor/actor.mjs`
 * lines 819-823, 883, 918-957):
 * - `traits.di|dr|dv = { value: Set|string[], bypasses: Set|string[] }`;
 *   `ALL` becomes `all`, every id lower case;
 * - `traits.dm = { amount: { <type>: formula }, bypasses }`: a number or a
 *   numeric text is taken as it is (dnd5e's `simplifyBonus`, `module/utils.mjs`
 *   lines 434-444); another formula is given to `evaluate` when the caller
 *   has one (the adapter: Foundry's deterministic `Roll` with the actor's
 *   roll data), else it is reported and left out, as dnd5e leaves out a
 *   formula it cannot evaluate without dice (it counts 0). Only whole numbers
 *   are kept; a fraction is reported and left out;
 * - `attributes.hp.dt`: the damage threshold, a whole number ≥ 0, or
 *   null / absent for none.
 * Free text (`custom`) is not read. Never throws.
 */
import { dnd5eTraitsSchema, type Dnd5eTraits } from "../model/dnd5e.ts";
import { unsafeKeyReason } from "../model/common.ts";
import { obj, strings, type ImportProblem } from "./types.ts";
import { compiled } from "../zod.ts";

/** Options of {@link dnd5eTraitsFromSystem}. */
export interface Dnd5eTraitsOptions {
  /** Evaluate a `dm` formula that is not a plain number; undefined when it cannot (dice). */
  evaluate?: (formula: string) => number | undefined;
}

/** A number dnd5e's `Number.isNumeric` accepts, as a number; else undefined. */
function numeric(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string" || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The `dm` amounts as whole numbers by lower-case type; what cannot be read goes to `problems`. */
function modifications(amount: unknown, options: Dnd5eTraitsOptions, problems: ImportProblem[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [rawType, formula] of Object.entries(obj(amount) ?? {})) {
    const path = `system.traits.dm.amount.${rawType}`;
    const type = rawType.trim().toLowerCase();
    if (type === "" || unsafeKeyReason(type) !== undefined) {
      problems.push({ path, message: `"${rawType}" is not a damage type; it is not read` });
      continue;
    }
    if (formula === null || formula === undefined || formula === "" || formula === 0) continue;
    let n = numeric(formula);
    if (n === undefined && typeof formula === "string") n = options.evaluate?.(formula);
    if (n === undefined) {
      problems.push({ path, message: `"${String(formula)}" is not a fixed number; it is not read` });
      continue;
    }
    if (!Number.isInteger(n) || Math.abs(n) > 1_000_000_000) {
      problems.push({ path, message: `${n} is not a whole number of points; it is not read` });
      continue;
    }
    if (n !== 0) out[type] = (out[type] ?? 0) + n;
  }
  return out;
}

/**
 * The dnd5e damage traits of an actor's `system` data, and what could not
 * be read (each with its path). An actor without traits gives empty traits.
 */
export function dnd5eTraitsFromSystem(system: unknown, options: Dnd5eTraitsOptions = {}): { traits: Dnd5eTraits; problems: ImportProblem[] } {
  const sys = obj(system);
  const traits = obj(sys?.traits);
  const problems: ImportProblem[] = [];
  const trait = (key: "di" | "dr" | "dv") => {
    const t = obj(traits?.[key]);
    return { value: strings(t?.value), bypasses: strings(t?.bypasses) };
  };
  const dm = obj(traits?.dm);
  const rawDt = obj(obj(sys?.attributes)?.hp)?.dt;
  let dt: number | undefined;
  if (rawDt !== undefined && rawDt !== null && rawDt !== "") {
    const n = numeric(rawDt);
    if (n !== undefined && Number.isInteger(n) && n >= 0 && n <= 1_000_000_000) dt = n;
    else problems.push({ path: "system.attributes.hp.dt", message: `"${String(rawDt)}" is not a whole number of points; no damage threshold is read` });
  }
  const input = {
    di: trait("di"),
    dr: trait("dr"),
    dv: trait("dv"),
    dm: { amount: modifications(dm?.amount, options, problems), bypasses: strings(dm?.bypasses) },
    ...(dt === undefined ? {} : { dt }),
  };
  // Read on every hit on a dnd5e actor: compiled once used often (`zod.ts` `compiled`).
  const parsed = compiled(dnd5eTraitsSchema).safeParse(input);
  if (parsed.success) return { traits: parsed.data, problems };
  for (const issue of parsed.error.issues) problems.push({ path: `system.traits.${issue.path.join(".")}`, message: issue.message });
  return { traits: dnd5eTraitsSchema.parse({}), problems };
}
