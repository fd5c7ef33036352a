/**
 * Rows stored as shared shapes plus what differs (src/foundry/card/shared-rows.ts):
 * reading gives back exactly the rows written (property test, key order and
 * `__proto__` keys included), 1,000 rows of one shape keep only what differs
 * (leaves equal in every row are one column, a string column's common start once), and stored data that does not
 * fit its template is refused, never thrown.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareRows } from "../../src/foundry/card/share-rows.ts";
import { unshareRows } from "../../src/foundry/card/shared-rows.ts";

const key = fc.oneof(fc.constantFrom("n", "i", "__proto__", "system.attributes.hp.value", "0"), fc.string({ maxLength: 4 }));
const leaf = fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom("", "a", "b"), fc.boolean(), fc.constant(null));
const value = fc.letrec<{ v: unknown }>((tie) => ({ v: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(key, tie("v"), { maxKeys: 3 })) })).v;
/** Rows drawn from a few templates with a few leaves changed, as a card's rows are. */
const rows = fc.tuple(fc.array(value, { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(), fc.array(fc.tuple(fc.nat(), leaf), { maxLength: 3 })), { maxLength: 12 })).map(([bases, picks]) =>
  picks.map(([b, changes]) => {
    let n = 0;
    const put = new Map(changes.map(([at, x]) => [at, x]));
    const walk = (v: unknown): unknown => {
      if (typeof v === "number" || typeof v === "string") {
        const x = put.get(n++);
        return x === undefined || typeof x !== typeof v || (typeof x === "number" && -x === 0) ? v : x;
      }
      if (Array.isArray(v)) return v.map(walk);
      if (typeof v !== "object" || v === null) return v;
      return JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))));
    };
    return walk(bases[b % bases.length]);
  }),
);

describe("shared rows", () => {
  it("read back as exactly the rows written, through JSON", () => {
    fc.assert(
      fc.property(rows, (written) => {
        const back = unshareRows(JSON.parse(JSON.stringify(shareRows(written))));
        expect(JSON.stringify(back)).toBe(JSON.stringify(written));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a template once and, per row, only the leaves that differ, equal columns once", () => {
    const written = Array.from({ length: 1000 }, (_, i) => ({ n: `Goblin ${i}`, i: 17, f: 9, c: [["hp", 30 + i, 21 + i, 30 + i]] }));
    const stored = shareRows(written);
    expect(stored.kinds).toHaveLength(1);
    expect(stored.kinds[0]!.slice(1)).toEqual([[[0], [4, 6], [5]], ["Goblin ", "", ""]]); // name (its start once); hp before (twice); hp after
    expect(stored.rows[3]).toEqual([0, "3", 33, 24]);
    expect(unshareRows(stored)).toEqual(written);
  });

  it("makes an own property of a key named __proto__, never the prototype", () => {
    const written = [JSON.parse('{"__proto__": {"polluted": 1}, "a": 2}'), JSON.parse('{"__proto__": {"polluted": 3}, "a": 2}')];
    const back = unshareRows(JSON.parse(JSON.stringify(shareRows(written)))) as Record<string, unknown>[];
    expect(Object.keys(back[1]!)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(back[1]!)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses stored data that does not fit its template", () => {
    const good = { kinds: [[{ n: "a", hp: 1 }, [[0], [1]]]], rows: [[0, "b", 2]] };
    expect(unshareRows(good)).toEqual([{ n: "b", hp: 2 }]);
    expect(unshareRows({ kinds: [[{ n: "a", hp: 1 }, [[0], [1]], ["Or", ""]]], rows: [[0, "c", 2]] })).toEqual([{ n: "Orc", hp: 2 }]);
    for (const bad of [
      null, "x", { kinds: [], rows: [[0]] }, { kinds: good.kinds, rows: [[1, "b", 2]] }, { kinds: good.kinds, rows: [[0, "b"]] },
      { kinds: good.kinds, rows: [[0, 2, "b"]] }, { kinds: good.kinds, rows: [[0, "b", null]] }, { kinds: [[{ n: "a" }, [[3]]]], rows: [] },
      { kinds: [[{ n: "a", hp: 1 }, [[0, 1]]]], rows: [] }, { kinds: [[{ n: "a" }, [[]]]], rows: [] }, { kinds: [["a"]], rows: [] },
      { kinds: [[{ n: "a", hp: 1 }, [[0], [1]], ["Or"]]], rows: [] }, { kinds: [[{ n: "a", hp: 1 }, [[0], [1]], ["", "1"]]], rows: [] }, { kinds: [[{ n: "a", hp: 1 }, [[0], [1]], ["", 1]]], rows: [] },
    ]) expect(unshareRows(bad), JSON.stringify(bad)).toBeUndefined();
  });
});
