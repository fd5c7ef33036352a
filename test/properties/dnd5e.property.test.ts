/**
 * The `dnd5e` profile over hostile input: dnd5e traits and tray
 * options with prototype keys (`__proto__`, `constructor`, `prototype`) in
 * every path, wrong value types, huge numbers and any multiplier. Either the
 * schema refuses the input, naming the field, or the hit resolves to whole
 * points ≥ 0 (never NaN), and no prototype is touched. The system-data
 * mapping never throws and always gives traits the schema accepts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { dnd5eTraitsFromSystem } from "../../src/core/import/dnd5e-traits.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { dnd5eTraitsSchema } from "../../src/core/model/dnd5e.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES, DND5E_PROFILE_ID } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { params } from "./fuzz.ts";

const PROTO = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];
const idArb = fc.oneof(fc.constantFrom("fire", "slashing", "all", "ALL", "mgc", "ada", ...PROTO), fc.string({ maxLength: 6 }));
const junkArb = fc.oneof(fc.constant(null), fc.constant(undefined), fc.boolean(), fc.double(), fc.integer(), fc.string({ maxLength: 4 }), fc.constant(NaN), fc.constant(Infinity));
const listArb = fc.oneof(fc.array(idArb, { maxLength: 4 }), junkArb, fc.array(idArb, { maxLength: 3 }).map((a) => new Set(a)));
const recordArb = fc.oneof(fc.dictionary(idArb, fc.oneof(fc.integer({ min: -2e9, max: 2e9 }), fc.string({ maxLength: 4 }), junkArb), { maxKeys: 4 }), junkArb);
const systemArb = fc.record(
  {
    traits: fc.oneof(fc.record({ di: fc.record({ value: listArb, bypasses: listArb }), dr: fc.record({ value: listArb, bypasses: listArb }), dv: fc.record({ value: listArb, bypasses: listArb }), dm: fc.record({ amount: recordArb, bypasses: listArb }) }, { requiredKeys: [] }), junkArb),
    attributes: fc.record({ hp: fc.record({ dt: fc.oneof(fc.integer({ min: -5, max: 2e9 }), junkArb) }, { requiredKeys: [] }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
const optionsArb = fc.record(
  {
    multiplier: fc.oneof(fc.double(), fc.constantFrom(0, 0.25, 0.5, 1, 2, -1, 1e6), junkArb),
    ignore: fc.oneof(fc.boolean(), fc.dictionary(fc.constantFrom("immunity", "resistance", "vulnerability", "modification", "threshold", ...PROTO), fc.oneof(fc.boolean(), fc.array(idArb, { maxLength: 3 }), junkArb), { maxKeys: 4 }), junkArb),
    downgrade: fc.oneof(fc.boolean(), fc.array(idArb, { maxLength: 3 }), junkArb),
  },
  { requiredKeys: [] },
);
const partsArb = fc.array(fc.record({ amount: fc.oneof(fc.nat(60), fc.constant(1_000_000_000)), types: fc.array(fc.constantFrom("fire", "slashing", "cold", "poison", "constructor"), { minLength: 1, maxLength: 2 }), properties: fc.option(fc.array(idArb, { maxLength: 3 }), { nil: undefined }) }), { minLength: 1, maxLength: 5 });

const profile = BUILT_IN_PROFILES.find((p) => p.id === DND5E_PROFILE_ID)!;

describe("dnd5e profile over hostile input", () => {
  it("the mapping never throws and gives valid traits; resolve gives whole points ≥ 0 or the schema refuses naming a field", () => {
    fc.assert(
      fc.property(systemArb, optionsArb, partsArb, (system, options, parts) => {
        const { traits, problems } = dnd5eTraitsFromSystem(system);
        expect(dnd5eTraitsSchema.safeParse(traits).success).toBe(true);
        for (const p of problems) expect(p.path).toMatch(/^system\./);
        const event = damageEventSchema.safeParse({ parts, dnd5e: options });
        if (!event.success) {
          expect(event.error.issues[0]!.path.length).toBeGreaterThan(0);
          return;
        }
        const defender = defenderSchema.parse({ resources: { hp: { value: 100 } }, dnd5e: traits });
        const r = resolve({ event: event.data, defender, profile, random: seededRandom(1), now: 0 });
        expect(Number.isSafeInteger(r.final) && r.final >= 0).toBe(true);
        for (const e of r.trace) expect(Number.isFinite(e.out) && e.out >= 0).toBe(true);
        expect(Object.prototype).not.toHaveProperty("polluted");
        expect(({} as Record<string, unknown>).fire).toBeUndefined();
      }),
      params(300),
    );
  });
});
