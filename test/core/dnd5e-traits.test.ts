/**
 * `dnd5eTraitsFromSystem`: a dnd5e 5.x actor's system data (prepared, with
 * Sets; or source, with arrays) as the `dnd5e` profile's plain traits.
 * Shapes: foundryvtt/dnd5e 5.3.3 (965ad2d),
 * `module/documents/actor/actor.mjs` lines 819-823 (dm), 883 (dt), 918-957.
 */
import { describe, expect, it } from "vitest";
import { dnd5eTraitsFromSystem } from "../../src/core/import/dnd5e-traits.ts";

describe("dnd5eTraitsFromSystem", () => {
  it("reads di/dr/dv (Sets or arrays, ALL → all), dm and dt", () => {
    const { traits, problems } = dnd5eTraitsFromSystem({
      attributes: { hp: { value: 30, dt: 10 } },
      traits: {
        di: { value: new Set(["poison"]), bypasses: new Set(), custom: "" },
        dr: { value: ["slashing", "ALL"], bypasses: ["mgc"] },
        dv: { value: new Set(["radiant"]) },
        dm: { amount: { fire: "-2", ALL: -1, cold: "", acid: 0 }, bypasses: new Set(["sil"]) },
      },
    });
    expect(problems).toEqual([]);
    expect(traits).toEqual({
      di: { value: ["poison"], bypasses: [] },
      dr: { value: ["slashing", "all"], bypasses: ["mgc"] },
      dv: { value: ["radiant"], bypasses: [] },
      dm: { amount: { fire: -2, all: -1 }, bypasses: ["sil"] },
      dt: 10,
    });
  });
  it("an actor without traits (a group, a vehicle without them, nothing) gives empty traits", () => {
    for (const system of [undefined, null, {}, { traits: null }, "x", 3]) {
      const { traits, problems } = dnd5eTraitsFromSystem(system);
      expect(problems).toEqual([]);
      expect(traits).toEqual({ di: { value: [], bypasses: [] }, dr: { value: [], bypasses: [] }, dv: { value: [], bypasses: [] }, dm: { amount: {}, bypasses: [] } });
    }
  });
  it("a dm formula is evaluated by the caller's evaluate, else reported; fractions and odd keys are reported, never guessed", () => {
    const system = { traits: { dm: { amount: { fire: "@prof", cold: "1d4", acid: 2.5, ["constructor"]: -2 } } }, attributes: { hp: { dt: "lots" } } };
    const plain = dnd5eTraitsFromSystem(system);
    expect(plain.traits.dm.amount).toEqual({});
    expect(plain.problems.map((p) => p.path).sort()).toEqual(["system.attributes.hp.dt", "system.traits.dm.amount.acid", "system.traits.dm.amount.cold", "system.traits.dm.amount.constructor", "system.traits.dm.amount.fire"].sort());
    const evaluated = dnd5eTraitsFromSystem(system, { evaluate: (f) => (f === "@prof" ? 3 : undefined) });
    expect(evaluated.traits.dm.amount).toEqual({ fire: 3 });
  });
  it("a `__proto__` key in the data does not reach the traits' prototype", () => {
    const amount = JSON.parse('{"__proto__": -5, "fire": -1}') as Record<string, unknown>;
    const { traits, problems } = dnd5eTraitsFromSystem({ traits: { dm: { amount } } });
    expect(traits.dm.amount).toEqual({ fire: -1 });
    expect(Object.getPrototypeOf(traits.dm.amount)).toBe(Object.prototype);
    expect(problems.map((p) => p.path)).toEqual(["system.traits.dm.amount.__proto__"]);
  });
});
