/** Stored flags (src/core/stored.ts): defaults, migrations, validation, newer versions. */
import { describe, expect, it } from "vitest";
import { STORED_SCHEMA_VERSION, readStored } from "../../src/core/stored.ts";

describe("readStored", () => {
  it("gives empty, valid flags for an actor without Damage Chain data", () => {
    const r = readStored(undefined);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.schemaVersion).toBe(STORED_SCHEMA_VERSION);
    expect(r.value.defenses.resistances).toEqual([]);
    expect(r.value.state.roundLifeLost).toBe(0);
    expect(r.value.pools).toEqual({});
  });

  it("reads version 1 flags as stored", () => {
    const r = readStored({ schemaVersion: 1, traits: ["Ally"], defenses: { resistances: [{ type: "fire", limit: 5 }] }, state: { roundLifeLost: 3 }, pools: { guard: { value: 2, max: 4 } } });
    expect(r.ok && r.value.defenses.resistances).toEqual([{ type: "fire", limit: 5 }]);
    expect(r.ok && r.value.state.roundLifeLost).toBe(3);
    expect(r.ok && r.value.traits).toEqual(["ally"]);
    expect(r.ok && r.value.pools.guard).toEqual({ value: 2, max: 4 });
  });

  it("refuses unversioned flags (no released version wrote them): nothing is guessed from their layout", () => {
    const r = readStored({ resistances: [{ type: "cold" }], armor: [{ type: "physical", value: 2, layer: "natural" }], state: { counters: 4 } });
    expect(r.ok ? [] : r.problems).toEqual([{ path: "flags.damage-chain.schemaVersion", message: "Missing: these flags were not written by Damage Chain." }]);
    expect(readStored({}).ok).toBe(true);
  });

  it("names the bad field of corrupt flags", () => {
    const r = readStored({ schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: -2 }] } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]!.path).toBe("flags.damage-chain.defenses.resistances[0].limit");
    expect(r.problems[0]!.message).toBe("Must be at least 0.");
  });

  it("refuses flags from a newer version and non-object flags", () => {
    const newer = readStored({ schemaVersion: 7 });
    expect(!newer.ok && newer.problems[0]!.path).toBe("flags.damage-chain.schemaVersion");
    const text = readStored("oops");
    expect(!text.ok && text.problems[0]!.path).toBe("flags.damage-chain");
    const badVersion = readStored({ schemaVersion: "one" });
    expect(!badVersion.ok && badVersion.problems[0]!.message).toBe("Must be a whole number.");
  });
});
