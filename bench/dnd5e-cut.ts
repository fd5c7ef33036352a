/**
 * dnd5e's `Actor5e#calculateDamage`, cut at run time out of a dnd5e checkout
 * the caller names, for timing beside the core (`new-event.bench.ts`). The
 * same cut as the shared anchor (`../shared/perf/dnd5e-anchor.mjs`): the
 * method's text and every private method it calls (`this.#x(`), up to the
 * closing brace at the same indent, evaluated inside a small class with
 * minimal stand-ins (Hooks.call → true, getRollData → {}, a plain-data
 * deepClone, CONFIG.DND5E.damageTypes/healingTypes with ids and isPhysical
 * only) and dnd5e's own `simplifyBonus` from `module/utils.mjs` beside it.
 * No dnd5e code is kept in the project. Throws an Error naming the method
 * when the file has no such method.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The text of the method/function whose first line matches `re`, up to the closing brace at the same indent. */
function cut(text: string, re: RegExp, what: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => re.test(l));
  if (start < 0) throw new Error(`dnd5e: could not find ${what}`);
  const indent = /^\s*/.exec(lines[start]!)![0];
  let end = start + 1;
  while (end < lines.length && lines[end] !== `${indent}}`) end++;
  if (end >= lines.length) throw new Error(`dnd5e: could not find the end of ${what}`);
  return lines.slice(start, end + 1).join("\n");
}

/** A plain-data clone (objects and arrays copied, anything else by reference): enough for calculateDamage. */
function deepClone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepClone);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = deepClone((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** One damage entry as dnd5e's calculateDamage takes it. */
export interface Dnd5eDamage {
  value: number;
  type: string;
  properties: Set<string>;
}

/** An actor of the cut class: `calculateDamage(damages)` returns dnd5e's result (its `amount` in points of damage). */
export interface Dnd5eActor {
  calculateDamage(damages: Dnd5eDamage[]): { amount: number } | false;
}

const DAMAGE_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];

/** The class cut out of `actorPath` (dnd5e's `module/documents/actor/actor.mjs`); `new Cls(system)` makes an actor. */
export function dnd5eActorClass(actorPath: string): { new (system: unknown): Dnd5eActor; methods: string[] } {
  const text = readFileSync(resolve(actorPath), "utf8");
  const methods = new Map<string, string>();
  const queue = ["calculateDamage"];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (methods.has(name)) continue;
    const re = new RegExp(`^  ${name.startsWith("#") ? "#" : ""}${name.replace("#", "")}\\(`);
    const body = cut(text, re, `Actor5e ${name}`);
    methods.set(name, body);
    for (const m of body.matchAll(/this\.(#\w+)\(/g)) if (!methods.has(m[1]!)) queue.push(m[1]!);
  }
  const utils = join(dirname(resolve(actorPath)), "../../utils.mjs");
  const simplifyBonus = existsSync(utils) ? cut(readFileSync(utils, "utf8"), /^export function simplifyBonus\(/, "simplifyBonus").replace(/^export /, "") : "function simplifyBonus(bonus) { return Number(bonus) || 0; }";
  const numeric = Number as unknown as { isNumeric?: (n: unknown) => boolean };
  // The anchor's stand-in, allocation included (a list per call), so dnd5e's figure is the anchor's.
  numeric.isNumeric ??= (n) => !(n instanceof Array) && ![null, ""].includes(n as string) && +(n as number) === +(n as number);
  // dnd5e targets browsers with Set.prototype.intersection (Node 22+); Node 20 lacks it.
  if (typeof (Set.prototype as { intersection?: unknown }).intersection !== "function") {
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
  const source = `${simplifyBonus}
return class Actor5eHarness {
  constructor(system) { this.system = system; }
  getRollData() { return {}; }
${[...methods.values()].join("\n\n")}
};`;
  // dnd5e's text is read at run time, so none of it is kept in the project.
  const Cls = new Function("foundry", "Hooks", "CONFIG", "Roll", source)(
    { utils: { deepClone } },
    { call: () => true, callAll: () => true },
    CONFIG,
    class Roll {
      constructor() {
        throw new Error("Roll is not stubbed: use numeric bonuses");
      }
    },
  ) as { new (system: unknown): Dnd5eActor };
  return Object.assign(Cls, { methods: [...methods.keys()] });
}
