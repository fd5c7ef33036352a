/** Undo deltas (src/core/undo.ts): flat updates in Foundry's syntax, both ways. */
import { describe, expect, it } from "vitest";
import { makeDelta, stillApplied } from "../../src/core/undo.ts";
import { diffUpdate, readPath, sameJson, writePath } from "../../src/core/update-paths.ts";

describe("diffUpdate", () => {
  it("sets changed leaves, deletes removed keys, replaces arrays whole", () => {
    const before = { a: 1, b: { c: 2, d: [1, 2], gone: { x: 1 } } };
    const after = { a: 1, b: { c: 3, d: [1], added: "y" } };
    expect(diffUpdate(before, after, "root")).toEqual({ "root.b.-=gone": null, "root.b.c": 3, "root.b.d": [1], "root.b.added": "y" });
  });

  it("compares as JSON would write: a key holding undefined is absent, an own key only, a copy of what changed", () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameJson(Object.create({ inherited: 1 }) as object, {})).toBe(true);
    expect(sameJson([1, [2, { c: 3 }]], [1, [2, { c: 3 }]])).toBe(true);
    expect(sameJson([1, [2, { c: 3 }]], [1, [2, { c: 4 }]])).toBe(false);
    const after = { s: { keep: 1, list: [1, { x: 2 }] } };
    const diff = diffUpdate({ s: { keep: 1, list: [1] } }, after, "f");
    expect(diff).toEqual({ "f.s.list": [1, { x: 2 }] });
    expect(diff["f.s.list"]).not.toBe(after.s.list);
  });

  it("names each path by its own prefix and key, diff after diff (paths are joined once and kept)", () => {
    for (let i = 0; i < 3; i++) {
      expect(diffUpdate({ x: { v: i } }, { x: { v: i + 1 } }, "a")).toEqual({ "a.x.v": i + 1 });
      expect(diffUpdate({ x: { v: i } }, { x: { w: i } }, "b")).toEqual({ "b.x.-=v": null, "b.x.w": i });
      expect(diffUpdate({ y: { v: i } }, { y: { v: -1 } }, "a.x")).toEqual({ "a.x.y.v": -1 });
    }
  });

  it("is empty for equal data", () => {
    expect(diffUpdate({ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 2 }] } })).toEqual({});
  });

  it("adds a whole subtree that did not exist, and deletes it on the way back", () => {
    const before = { flags: { "damage-chain": undefined } };
    const after = { flags: { "damage-chain": { schemaVersion: 1 } } };
    const d = makeDelta("Actor.x", before, after);
    expect(d.apply).toEqual({ "flags.damage-chain": { schemaVersion: 1 } });
    expect(d.revert).toEqual({ "flags.-=damage-chain": null });
  });
});

describe("paths", () => {
  it("reads and writes dotted paths", () => {
    const data = {};
    writePath(data, "system.attributes.hp.value", 7);
    expect(readPath(data, "system.attributes.hp.value")).toBe(7);
    expect(readPath(data, "system.nope.value")).toBeUndefined();
  });

  it("stillApplied is true only while the written values stand", () => {
    const update = { "system.hp": 5, "flags.s.-=cool": null };
    expect(stillApplied({ system: { hp: 5 }, flags: { s: {} } }, update)).toBe(true);
    expect(stillApplied({ system: { hp: 4 }, flags: { s: {} } }, update)).toBe(false);
    expect(stillApplied({ system: { hp: 5 }, flags: { s: { cool: 1 } } }, update)).toBe(false);
  });

  it("sameJson ignores undefined keys and compares deeply", () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([{ a: 1 }], [{ a: 2 }])).toBe(false);
  });
});
