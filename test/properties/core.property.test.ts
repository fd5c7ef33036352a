/**
 * The rules core over fuzzed input: arbitrary hits × built-in and random
 * custom profiles × defenders whose running totals sit anywhere up to the
 * largest safe integer. Nothing throws, nothing is NaN, and the state a hit
 * leaves always reads back through the flags schema. Ids and pool names a GM
 * types are refused, naming the field, when Foundry would read them as an
 * update path (`a.b`, `-=ward`, `==x`) or when they name an Object.prototype
 * member; accepted ones are kept as one key.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, defenderStateSchema } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { profileSchema, type ProfileInput } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { parseDefender } from "../../src/core/validate.ts";
import { readStored } from "../../src/core/stored.ts";
import { defenderArb, eventArb, idArb, profileArb } from "./arbitraries.ts";
import { params } from "./fuzz.ts";

const profileOf = (p: string | ProfileInput) => (typeof p === "string" ? BUILT_IN_PROFILES.find((b) => b.id === p)! : profileSchema.parse(p));

/** A key Foundry stores as one key: no `.`, no leading `-=` / `==`, not an Object.prototype member. */
const safeKey = (k: string): boolean => !k.includes(".") && !k.startsWith("-=") && !k.startsWith("==") && !(k in Object.prototype);

const isWhole = (n: unknown): boolean => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

describe("core properties", () => {
  it("events × profiles × defenders: no throw, no NaN, and the state and pools a hit leaves read back from the flags", () => {
    fc.assert(
      fc.property(eventArb, defenderArb(), profileArb, fc.integer(), (eventIn, defenderIn, profileIn, seed) => {
        const defender = defenderSchema.safeParse(defenderIn);
        fc.pre(defender.success);
        const r = resolve({ event: damageEventSchema.parse(eventIn), defender: defender.data!, profile: profileOf(profileIn), random: seededRandom(seed), now: 1000 });
        expect(isWhole(r.final)).toBe(true);
        for (const v of Object.values(r.taken)) expect(isWhole(v)).toBe(true);
        const stored = JSON.parse(JSON.stringify({ schemaVersion: 1, traits: defender.data!.traits, defenses: defender.data!.defenses, state: r.state, pools: r.resources })) as unknown;
        const back = readStored(stored);
        expect(back.ok ? [] : back.problems).toEqual([]);
      }),
      params(300),
    );
  });

  it("ids and pool names are refused naming the field, or kept as one key that Foundry will not read as a path", () => {
    fc.assert(
      fc.property(eventArb, defenderArb(idArb, idArb), profileArb, (eventIn, defenderIn, profileIn) => {
        const parsed = parseDefender(defenderIn, "");
        const unsafe = [
          ...(defenderIn.defenses?.shells ?? []).flatMap((s, i) => (safeKey(s.id) ? [] : [`defenses.shells[${i}].id`])),
          ...(defenderIn.defenses?.prevention ?? []).flatMap((p, i) => (p.id === undefined || safeKey(p.id) ? [] : [`defenses.prevention[${i}].id`])),
          ...Object.keys(defenderIn.resources ?? {}).flatMap((k) => (safeKey(k) ? [] : [`resources.${k}`])),
        ];
        if (unsafe.length > 0) {
          expect(parsed.ok).toBe(false);
          const paths = parsed.ok ? [] : parsed.problems.map((p) => p.path);
          expect(paths.some((p) => unsafe.includes(p))).toBe(true);
          return;
        }
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const r = resolve({ event: damageEventSchema.parse(eventIn), defender: parsed.value, profile: profileOf(profileIn), random: seededRandom(1), now: 0 });
        for (const k of [...Object.keys(r.state.shellCooldowns), ...Object.keys(r.state.oneTimeUses), ...Object.keys(r.resources)]) expect(safeKey(k)).toBe(true);
        expect(defenderStateSchema.safeParse(JSON.parse(JSON.stringify(r.state))).success).toBe(true);
      }),
      params(500),
    );
  });

  it("one-time prevention ids are refused naming the field when Foundry would read them as a path", () => {
    for (const id of ["a.b", "-=ward", "==ward", "__proto__", "toString"]) {
      const parsed = parseDefender({ defenses: { prevention: [{ kind: "oneTime", id, uses: 1 }] } });
      expect(parsed.ok ? [] : parsed.problems.map((p) => p.path)).toContain("defender.defenses.prevention[0].id");
    }
  });
});
