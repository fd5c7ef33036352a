/**
 * A plan keeps what its before/after snapshots are made of (`actor/snapshot.ts`):
 * the snapshots made from the parts are those the hit diffed, every time, and a
 * value that is an object (or a path into the flags) keeps the snapshots themselves.
 */
import { describe, expect, it } from "vitest";
import { flagsBeforeAfter, keptSnapshots, snapshotFlags, snapshotsOf, type SnapshotParts } from "../../src/foundry/actor/snapshot.ts";
import { emptyStored } from "../../src/core/stored.ts";

const state = { ...emptyStored().state, roundLifeLost: 7 };

describe("a hit's snapshot parts", () => {
  it("make the flags and resource snapshots, in the order they were written, as often as asked", () => {
    const raw = { schemaVersion: 1, hits: 2, state: { counters: 1 }, defenses: {} };
    const parts: SnapshotParts = { flags: flagsBeforeAfter(raw, 1, state, undefined), writes: ["system.attributes.hp.value", 30, 23, "system.attributes.hp.temp", 4, 0] };
    const made = snapshotsOf(parts);
    expect(JSON.stringify(made)).toBe(JSON.stringify({
      before: { flags: { "damage-chain": { hits: 2, state: { counters: 1 } } }, system: { attributes: { hp: { value: 30, temp: 4 } } } },
      after: { flags: { "damage-chain": { hits: 3, state } }, system: { attributes: { hp: { value: 23, temp: 0 } } } },
    }));
    // The stored state is copied: a later change to the actor's data is not in the snapshot.
    raw.state.counters = 5;
    expect(JSON.stringify(snapshotsOf(parts))).toBe(JSON.stringify(made));
    expect(keptSnapshots(parts, made)).toBe(parts);
  });

  it("are the snapshots snapshotFlags and the writes give, without flags yet", () => {
    const parts: SnapshotParts = { flags: flagsBeforeAfter(undefined, 1, state, { guard: { value: 2 } }), writes: ["system.hp", undefined, 5] };
    const before = {};
    const after = {};
    snapshotFlags(before, after, undefined, 1, state, { guard: { value: 2 } });
    expect(snapshotsOf(parts)).toStrictEqual({ before: { ...before, system: { hp: undefined } }, after: { ...after, system: { hp: 5 } } });
  });

  it("keep the snapshots themselves for a value that is an object or a path into the flags", () => {
    for (const writes of [["system.hp", { value: 3 }, 2], ["system.hp", 3, { value: 2 }], ["flags.other.hp", 3, 2]]) {
      const parts: SnapshotParts = { flags: undefined, writes };
      const made = snapshotsOf(parts);
      expect(keptSnapshots(parts, made)).toBe(made);
      expect(snapshotsOf(made)).toBe(made);
    }
  });
});
