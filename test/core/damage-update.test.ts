/**
 * Which direct HP changes are damage: rests, advancement,
 * consumption, temporary-HP edits and max-HP changes are not; the world
 * setting picks between HP value drops (default), value + temp drops, or none.
 */
import { describe, expect, it } from "vitest";
import { damageFromUpdate } from "../../src/core/damage-update.ts";

const hp = { value: 30, temp: 5, max: 30, tempmax: 0 };

describe("damageFromUpdate", () => {
  it("a drop of the HP value is damage; the temporary HP dropped with it counts too", () => {
    expect(damageFromUpdate(hp, { ...hp, value: 20 }, undefined, "value")).toEqual({ damage: 10 });
    expect(damageFromUpdate(hp, { ...hp, value: 20, temp: 0 }, undefined, "value")).toEqual({ damage: 15 });
  });

  it("rests, advancement and consumption are never damage, in any mode", () => {
    for (const mode of ["value", "valueAndTemp"] as const) {
      expect(damageFromUpdate(hp, { ...hp, value: 20, temp: 0 }, "rest", mode)).toEqual({ skip: "rest" });
      expect(damageFromUpdate(hp, { ...hp, value: 10 }, "advancement", mode)).toEqual({ skip: "advancement" });
      expect(damageFromUpdate(hp, { ...hp, value: 25 }, "consumption", mode)).toEqual({ skip: "consumption" });
    }
  });

  it("setting or clearing temporary HP is not damage by default; valueAndTemp counts it", () => {
    expect(damageFromUpdate(hp, { ...hp, temp: 0 }, undefined, "value")).toEqual({ skip: "temp" });
    expect(damageFromUpdate(hp, { ...hp, temp: 0 }, undefined, "valueAndTemp")).toEqual({ damage: 5 });
  });

  it("a change of max HP or temp max HP is not damage, even when it lowers the value", () => {
    expect(damageFromUpdate(hp, { ...hp, max: 20, value: 20 }, undefined, "value")).toEqual({ skip: "max" });
    expect(damageFromUpdate({ ...hp, tempmax: 5, value: 35 }, { ...hp, tempmax: 0, value: 30 }, undefined, "valueAndTemp")).toEqual({ skip: "max" });
  });

  it("mode none counts nothing; increases and unchanged values are no damage", () => {
    expect(damageFromUpdate(hp, { ...hp, value: 1 }, undefined, "none")).toEqual({ skip: "mode" });
    expect(damageFromUpdate(hp, { ...hp, value: 31 }, undefined, "value")).toEqual({ skip: "noDecrease" });
    expect(damageFromUpdate(hp, { ...hp, value: 25, temp: 15 }, undefined, "valueAndTemp")).toEqual({ skip: "noDecrease" });
    expect(damageFromUpdate(hp, { ...hp, value: Number.NaN }, undefined, "value")).toEqual({ skip: "noDecrease" });
  });
});
