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
      expect(stringify).toHaveBeenCalled();
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
      expect(parse).not.toHaveBeenCalled();
      expect(readStoredShared(flags(22))).toBe(reads[1]);
      const parsed = parse.mock.calls.length;
      expect(parsed).toBeGreaterThan(0);
      expect(readStoredShared(flags(22))).toBe(reads[1]);
      expect(parse).toHaveBeenCalledTimes(parsed);
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

  it("reads by parts exactly as readStored reads the whole (values and order of keys)", () => {
    const cases: unknown[] = [
      { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 31 }] } },
      { schemaVersion: 1, traits: [" Champion "], defenses: { immunities: [{ type: "poison" }] }, state: { roundLifeLost: 2 }, pools: { guard: { value: 3 } }, hits: 4 },
      { hits: 2, defenses: { resistances: [{ type: "cold", limit: 32 }] }, schemaVersion: 1, state: { counters: 1 } },
    ];
    for (const raw of cases) {
      const read = readStoredShared(raw);
      const whole = readStored(raw);
      expect(read).toEqual(whole);
      expect(JSON.stringify(read)).toBe(JSON.stringify(whole));
    }
  });

  it("a hit's new state and hit count keep the defenses' read: validated once", () => {
    const defenses = { resistances: [{ type: "fire", limit: 33, label: "Ward" }] };
    const first = readStoredShared({ schemaVersion: 1, defenses });
    const hit = readStoredShared({ schemaVersion: 1, defenses: structuredClone(defenses), hits: 1, state: { roundLifeLost: 5 } });
    expect(hit.ok && hit.value.state.roundLifeLost).toBe(5);
    expect(hit.ok && first.ok && hit.value.defenses).toBe(first.ok && first.value.defenses);
    expect(Object.isFrozen(hit.ok && hit.value)).toBe(true);
    // The same content again is the same read (identical targets share one plan: `hit/same-hit.ts`).
    expect(readStoredShared({ schemaVersion: 1, defenses: structuredClone(defenses), hits: 1, state: { roundLifeLost: 5 } })).toBe(hit);
  });

  it("a broken part, read by parts, gives readStored's problems for the whole", () => {
    const cases: unknown[] = [
      { schemaVersion: 2, defenses: { resistances: [{ type: "fire", limit: 1 }] } },
      { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: -1 }] }, state: { roundLifeLost: -2 } },
      { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 2 }] }, hits: "x" },
      { defenses: { resistances: [] } },
      { schemaVersion: 1, defenses: {}, extra: 1 },
    ];
    for (const raw of cases) {
      const read = readStoredShared(raw);
      expect(read.ok).toBe(false);
      expect(read).toEqual(readStored(raw));
    }
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
