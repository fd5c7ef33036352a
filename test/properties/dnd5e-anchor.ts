/**
 * dnd5e's own `Actor5e#calculateDamage`, cut out of a dnd5e source tree at
 * run time, for the differential property of the `dnd5e` profile.
 * dnd5e's code is never kept in this project: the tree's path comes from
 * `DC_DND5E_SRC` (a checkout, or `git archive <commit> module | tar -x`).
 *
 * The approach is `../shared/perf/dnd5e-anchor.mjs`'s: read
 * `module/documents/actor/actor.mjs`, cut the text of `calculateDamage` and of
 * every private method it calls (`this.#x(`), from its first line to the
 * closing brace at the same indent, and `simplifyBonus` from
 * `module/utils.mjs`; evaluate them in a small class over minimal stand-ins
 * for the Foundry globals they touch: `Hooks.call` → true,
 * `foundry.utils.deepClone` (a plain-data clone), `CONFIG.DND5E.damageTypes`
 * (ids and `isPhysical`) and `healingTypes`, `Number.isNumeric` (Foundry's
 * definition), a `Roll` whose formulas are never deterministic (so
 * `simplifyBonus` gives 0 for any formula that is not a number, as dnd5e does
 * for dice), and `Set.prototype.intersection` where Node lacks it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A dnd5e damage description, as `calculateDamage` takes it. */
export interface Dnd5eDamage {
  value: number;
  type: string;
  properties: Set<string>;
}

/** `calculateDamage`'s result: the descriptions with `amount` (damage after traits). */
export type Dnd5eSummary = Dnd5eDamage[] & { amount: number; temp: number; tempMax: number };

/** An actor stand-in with dnd5e's `calculateDamage` over `system`. */
export interface Dnd5eActor {
  system: unknown;
  calculateDamage(damages: Dnd5eDamage[], options?: Record<string, unknown>): Dnd5eSummary | false;
}

/** The text of the method or function whose first line matches `re`, to the closing brace at its indent. */
function cut(text: string, re: RegExp, what: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => re.test(l));
  if (start < 0) throw new Error(`could not find ${what}`);
  const indent = /^\s*/.exec(lines[start]!)![0];
  let end = start + 1;
  while (end < lines.length && lines[end] !== `${indent}}`) end++;
  if (end >= lines.length) throw new Error(`could not find the end of ${what}`);
  return lines.slice(start, end + 1).join("\n");
}

function deepClone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepClone);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = deepClone((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

const DAMAGE_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];

/**
 * The methods cut, by name, and a constructor of actors over `system` data.
 * `root`: a dnd5e source tree. `options.isNumeric`: the `Number.isNumeric`
 * stand-in when Foundry's is not there (default: Foundry's definition;
 * `bench/new-event.bench.ts` passes the shared anchor's, which allocates a
 * list per call, so that dnd5e's time is the anchor's). Throws naming a file
 * or method it cannot find.
 */
export function loadDnd5e(root: string, options: { isNumeric?: (n: unknown) => boolean } = {}): { methods: string[]; actor: (system: unknown) => Dnd5eActor } {
  const actorPath = join(root, "module/documents/actor/actor.mjs");
  if (!existsSync(actorPath)) throw new Error(`DC_DND5E_SRC: no ${actorPath}`);
  const actorText = readFileSync(actorPath, "utf8");
  const methods = new Map<string, string>();
  const queue = ["calculateDamage"];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (methods.has(name)) continue;
    const re = new RegExp(`^  ${name.startsWith("#") ? "#" : ""}${name.replace("#", "")}\\(`);
    const text = cut(actorText, re, `Actor5e ${name}`);
    methods.set(name, text);
    for (const m of text.matchAll(/this\.(#\w+)\(/g)) if (!methods.has(m[1]!)) queue.push(m[1]!);
  }
  const utils = readFileSync(join(root, "module/utils.mjs"), "utf8");
  const simplifyBonus = cut(utils, /^export function simplifyBonus\(/, "simplifyBonus").replace(/^export /, "");

  const numberWithIsNumeric = Number as NumberConstructor & { isNumeric?: (n: unknown) => boolean };
  // Foundry's Number.isNumeric (common/primitives/number.mjs).
  numberWithIsNumeric.isNumeric ??= options.isNumeric ?? ((n: unknown) => !(n instanceof Array) && n !== null && n !== "" && +(n as number) === +(n as number));
  const setProto = Set.prototype as Set<unknown> & { intersection?: unknown };
  if (typeof setProto.intersection !== "function") {
    Object.defineProperty(Set.prototype, "intersection", {
      configurable: true,
      writable: true,
      value(this: Set<unknown>, other: Set<unknown>) {
        const out = new Set();
        for (const v of this) if (other.has(v)) out.add(v);
        return out;
      },
    });
  }
  const CONFIG = {
    DND5E: {
      damageTypes: Object.fromEntries(DAMAGE_TYPES.map((t) => [t, ["bludgeoning", "piercing", "slashing"].includes(t) ? { isPhysical: true } : {}])),
      healingTypes: { healing: {}, temphp: {}, maximum: {} },
    },
  };
  const Hooks = { call: () => true, callAll: () => true };
  const foundry = { utils: { deepClone } };
  class Roll {
    get isDeterministic(): boolean {
      return false;
    }
  }
  const source = `${simplifyBonus}
return class Actor5eHarness {
  constructor(system) { this.system = system; }
  getRollData() { return {}; }
${[...methods.values()].join("\n\n")}
};`;
  const Harness = new Function("foundry", "Hooks", "CONFIG", "Roll", source)(foundry, Hooks, CONFIG, Roll) as new (system: unknown) => Dnd5eActor;
  return { methods: [...methods.keys()], actor: (system) => new Harness(system) };
}
