/**
 * A card's joint rows stored shared (src/foundry/card/store-shared.ts): the
 * rows are walked from each delta and card row without being made, and the
 * stored rows must be exactly those of sharing the rows made whole (undo row
 * `{u, a, r, s?, h?}` with its updates as flat lists, then the card row), for
 * any mix of statuses, redo rows and more deltas or more card rows.
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
const update = fc.dictionary(fc.constantFrom("system.attributes.hp.value", "flags.damage-chain.hits", "flags.damage-chain.-=state", "0"), value, { maxKeys: 3 });
const delta = fc.record({ uuid: fc.constantFrom("Actor.a1", "Actor.a2"), apply: update, revert: update, statuses: fc.option(fc.array(fc.constantFrom("prone", "dead"), { maxLength: 2 }), { nil: undefined }) });
const row = fc.record({ n: fc.constantFrom("Goblin 1", "Goblin 2"), i: fc.nat(30), f: fc.nat(30), c: fc.option(fc.array(fc.tuple(fc.constant("hp"), fc.nat(40), fc.nat(40)), { maxLength: 1 }), { nil: undefined }) }, { requiredKeys: ["n", "i", "f"] });

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
      fc.property(fc.array(delta, { maxLength: 6 }), fc.array(row, { maxLength: 6 }), fc.option(fc.array(fc.array(fc.nat(3), { minLength: 1, maxLength: 3 }), { maxLength: 7 }), { nil: undefined }), (deltas, rows, hitRows) => {
        const view = { summary: "Fireball", profile: "", lines: [], entries: [], imgs: [], rows } as unknown as PackedCard;
        const hit = hitRows === undefined ? undefined : { events: [], rows: hitRows, paired: true as const };
        const stored = storeShared(deltas, view, hit);
        expect(JSON.stringify(stored.rows)).toBe(JSON.stringify(shareRows(jointRows(deltas, view, hit))));
      }),
      { numRuns: 300 },
    );
  });
});
