/**
 * The compendium's SF2e sample creature (`packs-src/sample-creatures-sf2e/sf2e.yml`)
 * does what its text promises: its own SF2e traits (`system.attributes`), read
 * by the SF2e importer, under the pf2e profile (the SF2e world's default):
 * 10 slashing → 5, 10 slashing from an adamantine weapon → 10,
 * 10 electricity → 15, 10 sonic → 0.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolve } from "../../src/core/chain.ts";
import { importSf2e } from "../../src/core/import/sf2e.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES, PF2E_PROFILE_ID } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";

const doc = parse(readFileSync(new URL("../../packs-src/sample-creatures-sf2e/sf2e.yml", import.meta.url), "utf8")) as { name: string; system: { details: { publicNotes: string } } };

describe("sample creature Scrapyard Drone (sf2e)", () => {
  it("takes what its notes say, from its own SF2e traits, with nothing left unread", () => {
    const { defenses, problems, creature } = importSf2e(doc);
    expect([problems, creature.system]).toEqual([[], "sf2e"]);
    const taken = (amount: number, type: string, traits: string[] = []) => {
      const defender = defenderSchema.parse({ name: doc.name, traits: [], resources: { hp: { value: 40, max: 40 } }, defenses });
      const profile = BUILT_IN_PROFILES.find((p) => p.id === PF2E_PROFILE_ID)!;
      return resolve({ event: damageEventSchema.parse({ parts: [{ amount, types: [type] }], traits }), defender, profile, random: seededRandom(1), now: 0 }).final;
    };
    expect(doc.system.details.publicNotes).toMatch(/10 slashing \(5\), 10 slashing from an adamantine weapon \(10\), 10 electricity \(15\)\s+and 10 sonic \(0\)/);
    expect([taken(10, "slashing"), taken(10, "slashing", ["adamantine"]), taken(10, "electricity"), taken(10, "sonic")]).toEqual([5, 10, 15, 0]);
  });
});
