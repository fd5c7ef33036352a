/**
 * Flag blobs that are not what Damage Chain wrote (another module, a macro, a
 * hand edit): `readStored` never throws, refuses anything that is not plain
 * data of the current version (null, a BigInt, a `__proto__` key, unversioned
 * legacy layouts), and what it accepts reads back the same after a JSON round
 * trip, as Foundry stores it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readStored } from "../../src/core/stored.ts";
import { defenderArb } from "./arbitraries.ts";
import { params } from "./fuzz.ts";

/** Blobs of every shape, and valid ones with one value swapped for something odd. */
const blobArb = fc.oneof(
  fc.anything({ withBigInt: true, withNullPrototype: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true }),
  defenderArb().map(({ defenses, state, traits }) => ({ defenses, state, traits })),
  fc.tuple(defenderArb(), fc.constantFrom<unknown>(null, 10n, "x", -1, 1.5, [], {}, Number.NaN), fc.constantFrom("defenses", "state", "traits", "pools", "schemaVersion")).map(([d, odd, key]) => ({ schemaVersion: 1, defenses: d.defenses, state: d.state, traits: d.traits, [key]: odd })),
  fc.jsonValue().map((v) => JSON.parse(`{"__proto__": ${JSON.stringify(v) ?? "null"}, "schemaVersion": 1}`) as unknown),
);

describe("flag blobs", () => {
  it("readStored never throws; what it accepts is plain current-version data that reads back the same", () => {
    fc.assert(
      fc.property(blobArb, (blob) => {
        const r = readStored(blob);
        if (!r.ok) {
          expect(r.problems.length).toBeGreaterThan(0);
          for (const p of r.problems) expect(p.path.startsWith("flags.damage-chain")).toBe(true);
          return;
        }
        expect(r.value.schemaVersion).toBe(1);
        const back = readStored(JSON.parse(JSON.stringify(r.value)));
        expect(back.ok && back.value).toEqual(r.value);
      }),
      params(500),
    );
  });

  it("null, a BigInt, a __proto__ key and an unversioned legacy layout are unreadable, naming where", () => {
    const cases: [unknown, string][] = [
      [null, "flags.damage-chain"],
      [{ schemaVersion: 1, state: { counters: 3n } }, "flags.damage-chain.state.counters"],
      [{ schemaVersion: 2n }, "flags.damage-chain.schemaVersion"],
      [JSON.parse('{"schemaVersion": 1, "__proto__": {"defenses": {}}}'), "flags.damage-chain.__proto__"],
      [{ resistances: [{ type: "cold" }] }, "flags.damage-chain.schemaVersion"],
    ];
    for (const [blob, path] of cases) {
      const r = readStored(blob);
      expect(r.ok ? [] : r.problems.map((p) => p.path)).toEqual([path]);
    }
  });
});
