/**
 * The chain's copy of a defender state (`state-copy.ts` `copyState`) is
 * written out key by key: it must keep every key of the schema, in the
 * schema's order (the order a parsed state has, and so the order the result's
 * state lists them in), and share the lists and records inside (copy on write).
 */
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, defenderStateSchema, type DefenderState } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { copyState } from "../../src/core/state-copy.ts";

const SCHEMA_KEYS = Object.keys(defenderStateSchema.shape);

/** A parsed state with every key of the schema set. */
const FULL = defenderStateSchema.parse({
  roundLifeLost: 3,
  shellImmune: true,
  shellsBypassed: ["a"],
  shellCooldowns: { a: 60 },
  oneTimeUses: { p: 1 },
  conditions: ["slowed"],
  nextHitPool: "body",
  wounds: { torso: 2 },
  counters: 4,
  temporaryDamage: 5,
  variableResistance: { resist: "fire", vulnerable: "cold" },
});

const without = (s: DefenderState, ...keys: (keyof DefenderState)[]): DefenderState => defenderStateSchema.parse(Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k as keyof DefenderState))));

describe("copyState", () => {
  it("keeps every key of the schema, in its order, and shares the lists and records inside", () => {
    expect(Object.keys(FULL)).toEqual(SCHEMA_KEYS);
    for (const state of [FULL, without(FULL, "nextHitPool"), without(FULL, "variableResistance"), without(FULL, "nextHitPool", "variableResistance"), defenderStateSchema.parse({})]) {
      const copy = copyState(state);
      expect(copy).not.toBe(state);
      expect(Object.keys(copy)).toEqual(Object.keys(state));
      for (const k of Object.keys(state) as (keyof DefenderState)[]) expect(copy[k]).toBe(state[k]);
    }
  });

  it("the result's state lists the defender's keys in the defender's order, and the defender's state is left as it was", () => {
    const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
    const event = damageEventSchema.parse({ parts: [{ amount: 7, types: ["fire"] }] });
    for (const state of [FULL, without(FULL, "nextHitPool"), without(FULL, "nextHitPool", "variableResistance")]) {
      const defender = defenderSchema.parse({ resources: { hp: { value: 20 } }, state });
      const before = JSON.stringify(defender.state);
      const r = resolve({ event, defender, profile, random: seededRandom(1), now: 0 });
      expect(Object.keys(r.state)).toEqual(Object.keys(defender.state));
      expect(r.state.roundLifeLost).toBe(state.roundLifeLost + r.taken.hp!);
      expect(JSON.stringify(defender.state)).toBe(before);
    }
  });
});
