/**
 * Version 2 cards' packed undo data (src/foundry/card/pack.ts reads it, test/foundry/v2-card.ts writes it as version 2 did): unpacking gives back exactly
 * the deltas packed (property test over random flat updates), an area hit's
 * identical deltas pack small, and a forged index is refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unpackDeltas, type StoredDelta } from "../../src/foundry/card/pack.ts";
import { packDeltas } from "./v2-card.ts";

const json: fc.Arbitrary<unknown> = fc.jsonValue();
const path = fc.oneof(fc.constantFrom("system.attributes.hp.value", "flags.damage-chain.state", "flags.damage-chain.-=state", "system.attributes.hp.temp", "__proto__"), fc.string());
const update = fc.dictionary(path, json, { maxKeys: 5 });
const delta: fc.Arbitrary<StoredDelta> = fc.record({ uuid: fc.string(), apply: update, revert: update, statuses: fc.array(fc.string(), { maxLength: 3 }) }, { requiredKeys: ["uuid", "apply", "revert"] });

describe("packed undo data", () => {
  it("unpacks to exactly the deltas packed, key order and nulls included", () => {
    fc.assert(
      fc.property(fc.array(delta, { maxLength: 20 }), (deltas) => {
        const back = unpackDeltas(JSON.parse(JSON.stringify(packDeltas(deltas))));
        expect(JSON.stringify(back)).toBe(JSON.stringify(deltas));
        back.forEach((d, i) => expect(Object.keys(d.apply)).toEqual(Object.keys(deltas[i]!.apply)));
      }),
    );
  });

  it("stores each path and value of 1,000 alike deltas once", () => {
    const deltas = Array.from({ length: 1000 }, (_, i) => ({
      uuid: `Actor.a${String(i).padStart(15, "0")}`,
      apply: { "flags.damage-chain.state": { roundLifeLost: 9, shellImmune: false, conditions: [] }, "system.attributes.hp.value": 21 },
      revert: { "flags.damage-chain.-=state": null, "system.attributes.hp.value": 30 },
    }));
    const packed = packDeltas(deltas);
    expect(packed.paths).toHaveLength(3);
    expect(packed.values).toHaveLength(4);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(deltas).length / 5);
  });

  it("refuses an index outside the tables, naming the row", () => {
    expect(() => unpackDeltas({ paths: ["a"], values: [1], rows: [["Actor.x", [0, 0], []], ["Actor.y", [0, 5], []]] })).toThrow("undo row 1");
    expect(() => unpackDeltas({ paths: ["a"], values: [1], rows: [["Actor.x", [-1, 0], []]] })).toThrow(RangeError);
  });
});
