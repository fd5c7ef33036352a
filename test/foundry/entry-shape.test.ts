/** A trace entry split into its shape and its numbers, and put back (card/entry-shape.ts). */
import { describe, expect, it } from "vitest";
import { putNumbers } from "../../src/foundry/card/entry-shape.ts";
import { takeNumbers } from "./v2-card.ts";

const entry = { step: "pools", before: 31, after: 22, notes: [{ key: "DAMAGECHAIN.Note.Pool", data: { pool: "body", from: 31, to: 22 } }], flags: [true, "x", null, -0.5] };

describe("entry shapes", () => {
  it("takes every number out in key order and leaves the rest", () => {
    const numbers: number[] = [];
    const shape = takeNumbers(entry, numbers);
    expect(numbers).toEqual([31, 22, 31, 22, -0.5]);
    expect(shape).toEqual({ step: "pools", before: 0, after: 0, notes: [{ key: "DAMAGECHAIN.Note.Pool", data: { pool: "body", from: 0, to: 0 } }], flags: [true, "x", null, 0] });
    expect(entry.before).toBe(31);
  });

  it("puts the numbers back into a copy of the shape", () => {
    const numbers: number[] = [];
    const shape = takeNumbers(entry, numbers);
    expect(putNumbers(shape, numbers)).toEqual(entry);
    expect(putNumbers(shape, [1, 2, 3, 4, 5])).toMatchObject({ before: 1, after: 2, notes: [{ data: { from: 3, to: 4 } }], flags: [true, "x", null, 5] });
    expect(shape.before).toBe(0);
  });

  it("refuses numbers that do not fit the shape", () => {
    const shape = takeNumbers(entry, []);
    expect(putNumbers(shape, [1, 2, 3, 4])).toBeUndefined();
    expect(putNumbers(shape, [1, 2, 3, 4, 5, 6])).toBeUndefined();
  });

  it("keeps an own __proto__ key a key", () => {
    const odd = JSON.parse('{"__proto__": {"n": 3}}') as Record<string, unknown>;
    const numbers: number[] = [];
    const shape = takeNumbers(odd, numbers);
    expect(numbers).toEqual([3]);
    expect(Object.keys(shape)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(shape)).toBe(Object.prototype);
    expect(JSON.stringify(putNumbers(shape, [4]))).toBe('{"__proto__":{"n":4}}');
  });
});
