/**
 * A card's joint rows stored shared (src/foundry/card/store-shared.ts): the
 * rows are walked from each delta and card row without being made, and the
 * stored rows must be exactly those of sharing the rows made whole (undo row
 * `{u, a, r, s?, h?}` with its updates as flat lists, then the card row), for
 * any mix of statuses, redo rows and more deltas or more card rows. Most
 * generated updates are a hit's (one kind of value per path), so rows often
 * share a shape and differ in their values, as an area hit's do: only then do
 * the walked leaves, in their order, reach the stored rows.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareRows } from "../../src/foundry/card/share-rows.ts";
import { storeShared } from "../../src/foundry/card/store-shared.ts";
import type { StoredDelta } from "../../src/foundry/card/pack.ts";
import type { PackedCard } from "../../src/foundry/card/stored.ts";
import type { HitData } from "../../src/foundry/card/redo-data.ts";

const leaf = fc.oneof(fc.integer({ min: -5, max: 40 }), fc.constantFrom("", "Goblin", null, true, false));
const value = fc.oneof(leaf, fc.array(leaf, { maxLength: 2 }), fc.dictionary(fc.constantFrom("roundLifeLost", "wounds"), leaf, { maxKeys: 2 }));
/** Updates of any shape: keys and values of every kind, in any order. */
const anyUpdate = fc.dictionary(fc.constantFrom("system.attributes.hp.value", "flags.damage-chain.hits", "flags.damage-chain.-=state", "0"), value, { maxKeys: 3 });
/** A value per path, of one kind, as a hit writes it: rows of one shape that differ in their values, as an area hit's do. */
const typed: Record<string, fc.Arbitrary<unknown>> = {
  "flags.damage-chain.hits": fc.integer({ min: 1, max: 3 }),
  "flags.damage-chain.-=state": fc.constant(null),
  "flags.damage-chain.state": fc.record({ roundLifeLost: fc.nat(20), wounds: fc.nat(3) }),
  "system.attributes.hp.value": fc.nat(40),
  "system.attributes.hp.temp": fc.nat(8),
};
const paths = [[], ["system.attributes.hp.value"], ["flags.damage-chain.hits", "flags.damage-chain.state", "system.attributes.hp.value"], ["flags.damage-chain.-=state", "system.attributes.hp.value", "system.attributes.hp.temp"]];
const hitUpdate = fc.constantFrom(...paths).chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, typed[k]!]))));
const update = fc.oneof({ arbitrary: hitUpdate, weight: 3 }, { arbitrary: anyUpdate, weight: 1 });
const delta = fc.record({ uuid: fc.nat(40).map((i) => `Actor.a${i}`), apply: update, revert: update, statuses: fc.option(fc.array(fc.constantFrom("prone", "dead"), { maxLength: 2 }), { nil: undefined }) });
const row = fc.record({ n: fc.nat(40).map((i) => `Goblin ${i}`), i: fc.nat(30), f: fc.nat(30), c: fc.option(fc.array(fc.tuple(fc.constant("hp"), fc.nat(40), fc.nat(40)), { maxLength: 1 }), { nil: undefined }) }, { requiredKeys: ["n", "i", "f"] });

/** The rows as made whole, as the card stored them before they were walked in parts. */
function jointRows(deltas: readonly StoredDelta[], view: PackedCard, hit: HitData | undefined): unknown[] {
  const flat = (u: Record<string, unknown>) => Object.entries(u).flat();
  const rides = hit !== undefined && hit.rows.length <= deltas.length;
  return Array.from({ length: Math.max(deltas.length, view.rows.length) }, (_, i) => {
    const d = deltas[i];
    const out: Record<string, unknown> = {};
    if (d !== undefined) {
      const undo: Record<string, unknown> = { u: d.uuid, a: flat(d.apply), r: flat(d.revert) };
      if (d.statuses !== undefined) undo.s = d.statuses;
      if (rides && hit.rows[i] !== undefined) undo.h = hit.rows[i];
      out.d = undo;
    }
    if (i < view.rows.length) out.v = view.rows[i];
    return out;
  });
}

describe("a card's rows stored shared", () => {
  it("are the rows made whole, shared", () => {
    fc.assert(
      fc.property(fc.array(delta, { maxLength: 8 }), fc.array(row, { maxLength: 8 }), fc.option(fc.array(fc.array(fc.nat(3), { minLength: 1, maxLength: 3 }), { maxLength: 7 }), { nil: undefined }), (deltas, rows, hitRows) => {
        const view = { summary: "Fireball", profile: "", lines: [], entries: [], imgs: [], rows } as unknown as PackedCard;
        const hit = hitRows === undefined ? undefined : { events: [], rows: hitRows, paired: true as const };
        const stored = storeShared(deltas, view, hit);
        expect(JSON.stringify(stored.rows)).toBe(JSON.stringify(shareRows(jointRows(deltas, view, hit))));
      }),
      { numRuns: 300 },
    );
  });
});
