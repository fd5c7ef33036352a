import { describe, expect, it, vi } from "vitest";
import { readStoredShared } from "../../src/core/stored-cache.ts";
import { readStored } from "../../src/core/stored.ts";
import { copyPlain } from "../../src/core/update-paths.ts";

const flags = (limit: number) => ({ schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit }] }, state: { roundLifeLost: 3 } });

describe("readStoredShared: stored flags read once per distinct content", () => {
  it("reads as readStored does", () => {
    const raw = flags(5);
    expect(readStoredShared(raw)).toEqual(readStored(raw));
  });

  it("two actors with the same flags share one frozen read", () => {
    const a = readStoredShared(flags(7));
    const b = readStoredShared(flags(7));
    expect(b).toBe(a);
    expect(a.ok && Object.isFrozen(a.value.defenses.resistances[0])).toBe(true);
  });

  it("a flag object changed in place (as Foundry's updateSource does) is read again", () => {
    const raw = flags(9);
    const first = readStoredShared(raw);
    raw.defenses.resistances[0]!.limit = 4;
    const second = readStoredShared(raw);
    expect(second).not.toBe(first);
    expect(second.ok && second.value.defenses.resistances[0]!.limit).toBe(4);
  });

  it("flag objects with the content read twice in a row are compared field by field: no JSON text is made for them", () => {
    const first = readStoredShared(flags(11));
    expect(readStoredShared(flags(11))).toBe(first);
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const again = [readStoredShared(flags(11)), readStoredShared({ defenses: { resistances: [{ limit: 11, type: "fire" }] }, state: { roundLifeLost: 3 }, schemaVersion: 1 })];
      expect(again).toEqual([first, first]);
      expect(again[0]).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
      // Anything JSON would write otherwise goes through the text: an undefined field is left out, as JSON does.
      expect(readStoredShared({ ...flags(11), note: undefined })).toBe(first);
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it("flags of a content read once are not parsed back (a fight's mix of stat blocks), and still shared when read again", () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      const reads = [21, 22, 23].map((limit) => readStoredShared(flags(limit)));
      expect(parse).not.toHaveBeenCalled();
      expect(readStoredShared(flags(22))).toBe(reads[1]);
      expect(readStoredShared(flags(22))).toBe(reads[1]);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(readStoredShared(flags(22))).toBe(reads[1]);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it("broken flags are never cached: each read names the field", () => {
    const bad = { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: -1 }] } };
    const a = readStoredShared(bad);
    const b = readStoredShared(structuredClone(bad));
    expect(a.ok).toBe(false);
    expect(b).not.toBe(a);
    expect(!b.ok && b.problems[0]!.path).toBe("flags.damage-chain.defenses.resistances[0].limit");
  });

  it("flags that are not JSON (a BigInt) give readStored's problem, no crash", () => {
    const read = readStoredShared({ schemaVersion: 1, state: { roundLifeLost: 1n } });
    expect(read.ok).toBe(false);
    expect(read).toEqual(readStored({ schemaVersion: 1, state: { roundLifeLost: 1n } }));
  });

  it("no flags read as empty flags", () => {
    const read = readStoredShared(undefined);
    expect(read.ok && read.value.defenses.resistances).toEqual([]);
  });
});

describe("copyPlain", () => {
  it("copies plain data deeply and keeps an own __proto__ key a key", () => {
    const src = JSON.parse('{"a":[1,{"b":"x"}],"__proto__":{"c":2},"n":null}') as Record<string, unknown>;
    const copy = copyPlain(src);
    expect(copy).toEqual(src);
    expect(copy.a).not.toBe(src.a);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toContain("__proto__");
  });
});
