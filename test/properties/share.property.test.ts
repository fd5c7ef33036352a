/**
 * A target's share of one event, over generated events and
 * shares, hostile ones included (wrong types, prototype keys, NaN, huge
 * numbers, out-of-range part indexes): a valid share gives whole points per
 * kept part, each the part's multiplied value rounded down or one more, and
 * a total equal to the multiplied sum rounded down once, computed exactly
 * with the multiplier as the decimal written (100 × 0.29 = 29); a share that
 * keeps no part is a hit of 0; an invalid share is refused by the schema,
 * never half-read.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { shareEvent, shareSchema } from "../../src/core/share.ts";
import { params } from "./fuzz.ts";

const eventArb = fc.array(fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), types: fc.array(fc.constantFrom("fire", "cold", "slashing"), { maxLength: 2 }) }), { minLength: 1, maxLength: 8 }).map((parts) => damageEventSchema.parse({ parts }));
const multiplierArb = fc.oneof(fc.constantFrom(0, 0.5, 1, 2, 0.25, 1000), fc.double({ min: 0, max: 1000, noNaN: true }));
const hostileArb = fc.oneof(
  fc.constantFrom(null, "half", -0.5, 1000.5, Number.NaN, Number.POSITIVE_INFINITY, [0.5], { valueOf: () => 0.5 }),
  fc.constantFrom("__proto__", "constructor", "toString").map((k) => JSON.parse(`{"${k}": {"polluted": true}, "multiplier": 0.5}`) as unknown),
);

/** The multiplier as the exact decimal it is written as (from `toExponential`: digits and exponent), num/den. */
function exactly(multiplier: number): { num: bigint; den: bigint } {
  const [digits = "0", exp = "0"] = multiplier.toExponential().split("e");
  const shift = Number(exp) - (digits.split(".")[1]?.length ?? 0);
  const num = BigInt(digits.replace(".", ""));
  return shift >= 0 ? { num: num * 10n ** BigInt(shift), den: 1n } : { num, den: 10n ** BigInt(-shift) };
}

describe("shares", () => {
  it("valid shares: whole points per kept part, the total rounded down once, exactly", () => {
    fc.assert(
      fc.property(eventArb, multiplierArb, fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 8 }), { nil: undefined }), (event, multiplier, parts) => {
        const share = shareSchema.parse(parts === undefined ? { multiplier } : { multiplier, parts });
        const out = shareEvent(event, share);
        const kept = event.parts.filter((_p, i) => share.parts === undefined || share.parts.includes(i));
        if (kept.length === 0) {
          // Nothing kept: a hit of 0, none of the event's modifiers.
          expect(out.parts).toEqual([{ amount: 0, types: [] }]);
          expect(out.modifiers).toEqual([]);
          return;
        }
        expect(out.parts).toHaveLength(kept.length);
        const { num, den } = exactly(share.multiplier);
        const values = kept.map((p) => BigInt(p.amount) * num);
        out.parts.forEach((p, i) => {
          expect(Number.isInteger(p.amount)).toBe(true);
          expect(BigInt(p.amount)).toBeGreaterThanOrEqual(values[i]! / den);
          expect(BigInt(p.amount)).toBeLessThanOrEqual(values[i]! / den + 1n);
          expect(p.types).toEqual(kept[i]!.types);
        });
        expect(BigInt(out.parts.reduce((s, p) => s + p.amount, 0))).toBe(values.reduce((s, v) => s + v, 0n) / den);
      }),
      params(300),
    );
  });

  it("hostile shares are refused, and nothing reaches a prototype", () => {
    fc.assert(
      fc.property(fc.oneof(hostileArb.map((m) => ({ multiplier: m })), hostileArb, fc.record({ parts: fc.constantFrom([-1], [64], [0.5], ["0"], "all") })), (raw) => {
        const before = Object.getOwnPropertyNames(Object.prototype).length;
        const parsed = shareSchema.safeParse(raw);
        expect(parsed.success).toBe(false);
        expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(before);
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      params(300),
    );
  });
});
