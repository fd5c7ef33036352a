/**
 * Paths and keys from outside never reach a prototype: the path
 * helpers refuse `__proto__`, `constructor` and `prototype` segments, with or
 * without a `-=`/`==` prefix, and such keys inside values (as `JSON.parse`
 * makes them), once, for every caller.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { UnsafePathError, applyUpdate, readPath, unsafeKey, unsafePath, writePath } from "../../src/core/update-paths.ts";

const bad = ["__proto__", "constructor", "prototype", "-=__proto__", "==constructor", "-=prototype"];
const clean = () => ({} as Record<string, unknown>).polluted === undefined && !("polluted" in Object.prototype);

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe("unsafe segments", () => {
  it("members of Object.prototype (toString, hasOwnProperty, valueOf...) are unsafe too: a path through one reaches a prototype's function", () => {
    for (const k of ["toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "__defineGetter__", "-=toString", "==valueOf"]) expect(unsafeKey(k)).toBe(true);
    expect(unsafePath({ "flags.damage-chain.state.toString.-=counters": null })).toBe("flags.damage-chain.state.toString.-=counters");
    expect(readPath({ state: {} }, "state.toString")).toBeUndefined();
  });

  it("are named by unsafeKey, safe ones are not", () => {
    for (const k of bad) expect(unsafeKey(k)).toBe(true);
    for (const k of ["state", "-=state", "proto", "__proto", "constructors", "Prototype"]) expect(unsafeKey(k)).toBe(false);
  });

  it("are found in paths and inside values (own keys made by JSON.parse, in arrays too)", () => {
    expect(unsafePath({ "a.__proto__.b": 1 })).toBe("a.__proto__.b");
    expect(unsafePath({ a: JSON.parse('{"x": {"__proto__": {"polluted": 1}}}') })).toBe("a.x.__proto__");
    expect(unsafePath({ a: [JSON.parse('{"constructor": 1}')] })).toBe("a.constructor");
    expect(unsafePath({ "a.b": { c: [1, { d: 2 }] } })).toBeUndefined();
  });

  it("are not read through, and writing or applying them throws without touching anything", () => {
    expect(readPath({}, "__proto__")).toBeUndefined();
    expect(readPath({ a: {} }, "a.constructor.prototype")).toBeUndefined();
    expect(() => writePath({}, "a.__proto__.polluted", 1)).toThrow(UnsafePathError);
    const data = { a: { b: 1 } };
    expect(() => applyUpdate(data, { "a.c": 2, "a.__proto__.polluted": 1 })).toThrow(UnsafePathError);
    expect(() => applyUpdate(data, { a: JSON.parse('{"__proto__": {"polluted": 1}}') })).toThrow(UnsafePathError);
    expect(data).toEqual({ a: { b: 1 } });
    expect(clean()).toBe(true);
  });

  it("a path read or written before (its segments are kept) is refused again every time, and a safe one still reads what the data holds now", () => {
    const data: Record<string, unknown> = { a: { b: 1 } };
    for (let i = 0; i < 3; i++) {
      expect(readPath(data, "a.constructor.name")).toBeUndefined();
      expect(() => writePath(data, "a.__proto__.polluted", 1)).toThrow(UnsafePathError);
      expect(readPath(data, "a.b")).toBe(1 + i);
      writePath(data, "a.b", 2 + i);
    }
    expect(clean()).toBe(true);
  });

  it("a generated update with a prototype key anywhere never pollutes and is always refused", () => {
    const key = fc.oneof(fc.constantFrom(...bad), fc.constantFrom("a", "b", "state", "-=a", "==b"));
    const path = fc.array(key, { minLength: 1, maxLength: 4 }).map((s) => s.join("."));
    const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    const value = fc.oneof(json, fc.tuple(fc.constantFrom(...bad), json).map(([k, v]) => JSON.parse(`{${JSON.stringify(k)}: ${JSON.stringify(v ?? null)}}`) as unknown));
    fc.assert(
      fc.property(fc.dictionary(path, value, { minKeys: 1, maxKeys: 4 }), (update) => {
        const hasBad = unsafePath(update) !== undefined;
        const data: Record<string, unknown> = { a: { b: 1 } };
        try {
          applyUpdate(data, update);
          expect(hasBad).toBe(false);
        } catch (e) {
          expect(e).toBeInstanceOf(hasBad ? UnsafePathError : Error);
        }
        expect(clean()).toBe(true);
      }),
      { numRuns: process.env.DC_FUZZ ? 10_000 : 300 },
    );
  });
});
