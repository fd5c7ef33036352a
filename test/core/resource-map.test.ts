/** Resource mapping (src/core/resource-map.ts): life resource, reading, temp HP first. */
import { describe, expect, it } from "vitest";
import { profileSchema } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { DND5E_HP, lifeKey, poolsAfter, readResources, resourceWrites, tokenBarPaths } from "../../src/core/resource-map.ts";

const byId = (id: string) => BUILT_IN_PROFILES.find((p) => p.id === id)!;

describe("lifeKey", () => {
  it("is the life step's resource, or the last pool for a pools profile", () => {
    expect(lifeKey(byId("revised-4e"))).toBe("hp");
    expect(lifeKey(byId("armor-pools"))).toBe("body");
    const custom = profileSchema.parse({ id: "x", name: "x", steps: [{ step: "life", options: { resource: "stamina" } }] });
    expect(lifeKey(custom)).toBe("stamina");
  });
});

describe("readResources / resourceWrites", () => {
  const actor = { system: { attributes: { hp: { value: 20, max: 30, temp: 5 } } } };
  const mapping = { hp: DND5E_HP };

  it("counts temp HP as part of life, and adds flag pools the mapping lacks", () => {
    const { resources, problems } = readResources(actor, mapping, { guard: { value: 3 }, hp: { value: 99 } });
    expect(problems).toEqual([]);
    expect(resources).toEqual({ hp: { value: 25, max: 35 }, guard: { value: 3 } });
  });

  it("takes a loss off temp HP first, then value", () => {
    expect(resourceWrites(actor, mapping, { hp: { value: 25 } }, { hp: { value: 22 } })).toEqual({ "system.attributes.hp.temp": 2 });
    expect(resourceWrites(actor, mapping, { hp: { value: 25 } }, { hp: { value: 12 } })).toEqual({ "system.attributes.hp.temp": 0, "system.attributes.hp.value": 12 });
    expect(resourceWrites(actor, mapping, { hp: { value: 25 } }, { hp: { value: 25 } })).toEqual({});
  });

  it("reports a mapped path that holds no number and leaves the resource out", () => {
    const { resources, problems } = readResources({ system: { hp: { value: "lots" } } }, { hp: tokenBarPaths("hp") }, {});
    expect(resources).toEqual({});
    expect(problems).toEqual([{ path: "system.hp.value", message: "Must be a number." }]);
  });

  it("keeps every unmapped resource as a flag pool", () => {
    expect(poolsAfter(mapping, { hp: { value: 1 }, magicArmor: { value: 2, max: 4 } })).toEqual({ magicArmor: { value: 2, max: 4 } });
  });
});

describe("a marked resource (Daggerheart's Hit Points: value counts the slots marked)", () => {
  const mapping = { hp: { value: "system.resources.hitPoints.value", max: "system.resources.hitPoints.max", marked: true } };
  const actor = { system: { resources: { hitPoints: { value: 2, max: 6 } } } };
  it("reads max − marked as the points left, and writes max − left as the marks", () => {
    const { resources } = readResources(actor, mapping, {});
    expect(resources.hp).toEqual({ value: 4, max: 6 });
    expect(resourceWrites(actor, mapping, resources, { hp: { value: 1, max: 6 } })).toEqual({ "system.resources.hitPoints.value": 5 });
  });
  it("more marks than slots leave 0 points, never a negative", () => {
    expect(readResources({ system: { resources: { hitPoints: { value: 9, max: 6 } } } }, mapping, {}).resources.hp).toEqual({ value: 0, max: 6 });
  });
});
