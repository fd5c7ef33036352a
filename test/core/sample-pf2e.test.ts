/**
 * The compendium's pf2e sample creature (`packs-src/sample-creatures-pf2e/pf2e.yml`)
 * does what its text promises under the pf2e profile: 10 slashing → 5,
 * 10 slashing with the silver trait → 10, 10 cold → 15, 10 fire → 0.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolve } from "../../src/core/chain.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { seededRandom } from "../../src/core/random.ts";

const doc = parse(readFileSync(new URL("../../packs-src/sample-creatures-pf2e/pf2e.yml", import.meta.url), "utf8")) as { system: { details: { biography: { value: string } } }; flags: { "damage-chain": { defenses: unknown; traits: string[] } } };
const taken = (amount: number, type: string, traits: string[] = []) => {
  const defender = defenderSchema.parse({ name: "Ember Sentinel", traits: [], resources: { hp: { value: 40, max: 40 } }, defenses: doc.flags["damage-chain"].defenses });
  return resolve({ event: damageEventSchema.parse({ parts: [{ amount, types: [type] }], traits }), defender, profile: BUILT_IN_PROFILES.find((p) => p.id === "pf2e")!, random: seededRandom(1), now: 0 }).final;
};

describe("sample creature Ember Sentinel (pf2e)", () => {
  it("takes what its biography says", () => {
    const bio = doc.system.details.biography.value;
    expect(bio).toMatch(/10 slashing \(5\), 10 slashing with the silver trait \(10\), 10 cold \(15\)\s+and 10 fire \(0\)/);
    expect([taken(10, "slashing"), taken(10, "slashing", ["silver"]), taken(10, "cold"), taken(10, "fire")]).toEqual([5, 10, 15, 0]);
    expect(taken(10, "bleed")).toBe(5);
  });
});
