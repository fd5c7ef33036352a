/**
 * A card's trace entries (src/foundry/card/pack-targets.ts): an entry two or
 * more rows have is stored once in the card's `entries` even when the rows
 * hold it as different objects (found by a hash of its data and compared);
 * entries that differ only in a key's name, in the middle of a long text or
 * in their last leaf stay each in its row; every row reads back its own
 * entries.
 */
import { describe, expect, it } from "vitest";
import type { TraceEntry } from "../../src/core/context.ts";
import type { StoredTarget } from "../../src/foundry/card/data.ts";
import { packTargets, unpackTargets } from "../../src/foundry/card/pack-targets.ts";

const target = (i: number, entries: unknown[]): StoredTarget => ({
  uuid: `Actor.a${i}`, name: `Goblin ${i}`, img: null, npc: true, incoming: 17, final: 11, state: "hit", entries: entries as TraceEntry[], changes: [], conditions: [], warnings: [],
});
const head = { summary: "Fireball: 17", profile: "revised-4e", lines: [] };
const long = (mid: string) => `DAMAGECHAIN.Trace.resistance.${mid}.applied.to.the.part`;

describe("a card's trace entries", () => {
  it("stores an entry two rows hold as different objects once, and keeps entries that differ in their rows", () => {
    const shared = () => ({ step: "resistance", in: 17, out: 11, key: long("aa"), params: { mitigated: 6 }, defenses: [{ kind: "resistance", label: "Ward", limit: 5 }] });
    const targets = [
      target(0, [shared(), { step: "life", before: 30, after: 19 }]),
      target(1, [shared(), { step: "life", before: 31, after: 20 }]),
      target(2, [{ ...shared(), key: long("ab") }]),
      target(3, [{ step: "resistance", in: 17, out: 11, kee: long("aa"), params: { mitigated: 6 }, defenses: [{ kind: "resistance", label: "Ward", limit: 5 }] }]),
    ];
    const card = packTargets(head, targets, targets.map((t) => t.uuid));
    expect(card.entries).toEqual([shared()]);
    expect(card.rows.map((r) => (r as { e: unknown[] }).e[0])).toEqual([0, 0, targets[2]!.entries[0], targets[3]!.entries[0]]);
    expect(unpackTargets(card, targets.map((t) => t.uuid)).map((t) => t.entries)).toEqual(targets.map((t) => t.entries));
  });

  it("tells apart entries alike in their first leaves that differ only at the end, and shares each of them with its equal", () => {
    // Twenty defenses alike, then a last one that differs: the first leaves of all four entries are the same.
    const entry = (last: number) => ({ step: "resistance", in: 17, out: 11, defenses: [...Array.from({ length: 20 }, (_, k) => ({ kind: "resistance", label: `Ward ${k}`, limit: 5 })), { kind: "resistance", label: "Last", limit: last }] });
    const targets = [target(0, [entry(1)]), target(1, [entry(2)]), target(2, [entry(1)]), target(3, [entry(3)]), target(4, [entry(2)])];
    const card = packTargets(head, targets, targets.map((t) => t.uuid));
    expect(card.entries).toEqual([entry(1), entry(2)]);
    expect(card.rows.map((r) => (r as { e: unknown[] }).e)).toEqual([[0], [1], [0], [entry(3)], [1]]);
    expect(unpackTargets(card, targets.map((t) => t.uuid)).map((t) => t.entries)).toEqual(targets.map((t) => t.entries));
  });

  it("targets sharing one list of entries (one hit's twins) get equal rows, each its own list", () => {
    const entries = [{ step: "resistance", in: 17, out: 11, key: long("aa"), params: { mitigated: 6 } }, { step: "life", before: 30, after: 19 }];
    const own = [{ step: "life", before: 40, after: 29 }];
    const targets = [target(0, entries), target(1, entries), target(2, own)];
    const card = packTargets(head, targets, targets.map((t) => t.uuid));
    const lists = card.rows.map((r) => (r as { e: unknown[] }).e);
    expect(card.entries).toEqual(entries);
    expect(lists).toEqual([[0, 1], [0, 1], own]);
    expect(lists[0]).not.toBe(lists[1]);
    expect(unpackTargets(card, targets.map((t) => t.uuid)).map((t) => t.entries)).toEqual(targets.map((t) => t.entries));
  });
});
