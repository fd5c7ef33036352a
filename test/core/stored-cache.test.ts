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

  it("flags are matched with the content kept, field by field: no JSON text is made", () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const parse = vi.spyOn(JSON, "parse");
    try {
      const first = readStoredShared(flags(11));
      const again = [readStoredShared(flags(11)), readStoredShared(flags(11)), readStoredShared({ defenses: { resistances: [{ type: "fire", limit: 11 }] }, state: { roundLifeLost: 3 }, schemaVersion: 1 })];
      expect(again).toEqual([first, first, first]);
      expect(again[0]).toBe(first);
      // A field JSON leaves out (undefined) is left out here too: the same content.
      expect(readStoredShared({ ...flags(11), note: undefined })).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
      expect(parse).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
      parse.mockRestore();
    }
  });

  it("an object read before and changed in place since is read again: its own last content is checked, never trusted", () => {
    const raw: Record<string, unknown> & ReturnType<typeof flags> = flags(41);
    const first = readStoredShared(raw);
    expect(readStoredShared(raw)).toBe(first); // kept at hand too: read twice in a row
    // A hit's write: the rest changes in place (hit count, state), the defenses stay.
    raw.hits = 1;
    raw.state = { roundLifeLost: 6 };
    const hit = readStoredShared(raw);
    expect(hit.ok && hit.value.hits).toBe(1);
    expect(hit.ok && hit.value.state.roundLifeLost).toBe(6);
    expect(hit.ok && first.ok && hit.value.defenses).toBe(first.ok && first.value.defenses);
    // A save: the defenses change in place.
    raw.defenses.resistances[0]!.limit = 42;
    const saved = readStoredShared(raw);
    expect(saved.ok && saved.value.defenses.resistances[0]!.limit).toBe(42);
    expect(saved).toEqual(readStored(raw));
    // Broken in place: readStored's problems, and the next read again.
    raw.defenses.resistances[0]!.limit = -1;
    const broken = readStoredShared(raw);
    expect(!broken.ok && broken.problems[0]!.path).toBe("flags.damage-chain.defenses.resistances[0].limit");
    raw.defenses.resistances[0]!.limit = 42;
    expect(readStoredShared(raw)).toBe(saved);
  });

  it("contents alike but for a key's name are told apart (the hash does not tell them)", () => {
    const good = readStoredShared({ schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 43 }] } });
    // Same length and first letter as `limit`: a key the schema refuses.
    const odd = readStoredShared({ schemaVersion: 1, defenses: { resistances: [{ type: "fire", lemon: 43 }] } });
    expect(good.ok).toBe(true);
    expect(odd).not.toBe(good);
    expect(odd).toEqual(readStored({ schemaVersion: 1, defenses: { resistances: [{ type: "fire", lemon: 43 }] } }));
  });

  it("flags that are not plain data are read on their own, every time", () => {
    class Entry { type = "fire"; limit = 44; }
    const raw = { schemaVersion: 1, defenses: { resistances: [new Entry()] } };
    expect(readStoredShared(raw)).toEqual(readStored(raw));
    const cyclic: Record<string, unknown> = { schemaVersion: 1, defenses: {} };
    (cyclic.defenses as Record<string, unknown>).self = cyclic;
    expect(readStoredShared(cyclic)).toEqual(readStored(cyclic));
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
