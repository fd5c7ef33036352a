/**
 * The schemas read on every hit (and on every import of a system's traits)
 * are parsed by zod's compiled fast path once they are used often
 * (`src/core/zod.ts` `compiled`). It must stay a fast path: every one of
 * them compiles (a construct zod cannot compile would silently put the hit
 * back on the runtime parser), and on valid and broken input alike it gives
 * exactly what the runtime parser gives: the same value, key for key, or the
 * same problems with the same paths and messages.
 */
import fc from "fast-check";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { defensesSchema } from "../../src/core/model/defenses.ts";
import { dnd5eTraitsSchema } from "../../src/core/model/dnd5e.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { storedFlagsSchema } from "../../src/core/stored.ts";
import { COMPILE_AFTER, compiled, loadCompiler, z } from "../../src/core/zod.ts";
import { defenderArb, eventArb, idArb } from "./arbitraries.ts";
import { params } from "./fuzz.ts";

const HOT = { storedFlagsSchema, defenderSchema, defensesSchema, damageEventSchema, dnd5eTraitsSchema };

/** Values that break a field in every way the schemas refuse. */
const ODD: unknown[] = [null, "x", "", " Fire ", "all", -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, [], {}, true, "constructor", "a.b", [{}], { value: 3 }];

/** `input` with the value at `pick`'s choice of place replaced, or a key added there (`extra`, `constructor`, `__proto__`). */
function broken(input: unknown, picks: number[]): unknown {
  const root = structuredClone(input) as Record<string, unknown>;
  const places: Record<string, unknown>[] = [];
  const collect = (v: unknown) => {
    if (typeof v !== "object" || v === null) return;
    places.push(v as Record<string, unknown>);
    for (const k of Object.keys(v)) collect((v as Record<string, unknown>)[k]);
  };
  collect(root);
  const at = (i: number, n: number) => Math.floor((picks[i] ?? 0) * n);
  const place = places[at(0, places.length)]!;
  const keys = Object.keys(place);
  const value = ODD[at(1, ODD.length)];
  const key = at(2, 4) < 3 && keys.length > 0 ? keys[at(3, keys.length)]! : ["extra", "constructor", "__proto__"][at(3, 3)]!;
  Object.defineProperty(place, key, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

const show = (r: { success: boolean; data?: unknown; error?: { issues: unknown[] } }) => inspect(r.success ? r.data : r.error!.issues.map((i) => ({ ...(i as object) })), { depth: Infinity });

describe("compiled schemas", () => {
  it("every schema read per hit compiles", () => {
    for (const [name, schema] of Object.entries(HOT)) expect(() => z.compile(schema, { strict: true }), name).not.toThrow();
  });

  it("a schema is parsed by the runtime parser until it has been used COMPILE_AFTER times, then by one compiled clone", async () => {
    const schema = z.strictObject({ a: z.array(z.number()) });
    for (let i = 1; i < COMPILE_AFTER; i++) expect(compiled(schema)).toBe(schema);
    await loadCompiler();
    const fast = compiled(schema);
    expect(fast).not.toBe(schema);
    expect(compiled(schema)).toBe(fast);
    expect(fast.parse({ a: [1, 2] })).toEqual({ a: [1, 2] });
  });

  it("parse exactly as the runtime parser, valid or broken", () => {
    const picks = fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 4, maxLength: 4 });
    const flags = defenderArb(idArb).map((d) => ({ schemaVersion: 1, traits: d.traits, defenses: d.defenses, state: d.state, pools: d.resources }));
    const cases = fc.oneof(
      flags.map((input) => ({ schema: storedFlagsSchema as z.ZodMiniType, input })),
      defenderArb().map((input) => ({ schema: defenderSchema as z.ZodMiniType, input })),
      defenderArb(idArb).map((d) => ({ schema: defensesSchema as z.ZodMiniType, input: d.defenses })),
      eventArb.map((input) => ({ schema: damageEventSchema as z.ZodMiniType, input })),
    );
    // What `compiled` hands out once a schema is hot: zod's compiled clone.
    const fast = new Map(Object.values(HOT).map((s): [z.ZodMiniType, z.ZodMiniType] => [s, z.compile(s)]));
    fc.assert(
      fc.property(cases, picks, fc.boolean(), ({ schema, input }, p, breakIt) => {
        const value = breakIt ? broken(input, p) : input;
        expect(show(fast.get(schema)!.safeParse(value))).toBe(show(schema.safeParse(value)));
      }),
      params(300),
    );
  });
});
