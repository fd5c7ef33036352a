/**
 * Every sample creature of the compendium (`packs-src/sample-creatures*`)
 * takes what its text says under its profile: each "try" of its biography is
 * run through `resolve` (a scenario, so that state carries from hit to hit),
 * with the creature's stored defenses, traits, hit points and pools. The
 * dnd5e sample's profile reads the actor's own dnd5e traits, checked with
 * dnd5e's arithmetic elsewhere (`dnd5e-profile.test.ts`); its text promises
 * no figures. The pf2e sample: `sample-pf2e.test.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseScenario, runScenario, type HitOutcome } from "../../src/core/scenario.ts";

interface Sample {
  name: string;
  system: { attributes: { hp: { value: number; max: number } }; details: { biography: { value: string } } };
  flags: { "damage-chain": { defenses?: unknown; traits?: string[]; pools?: Record<string, { value: number; max?: number }> } };
}
const dir = new URL("../../packs-src/sample-creatures/", import.meta.url);
const sample = (file: string) => parse(readFileSync(new URL(file, dir), "utf8")) as Sample;

/**
 * Run `events` (scenario steps) on sample `file` under `profile`. The sheet's
 * hit points are the profile's life resource: `hp`, or under armor pools the
 * `body` pool (the armor-pools profile's resource mapping).
 */
function run(file: string, profile: string, events: unknown[]): HitOutcome[] {
  const s = sample(file);
  const flags = s.flags["damage-chain"];
  const life = profile === "armor-pools" ? "body" : "hp";
  const parsed = parseScenario({ profile, defender: { name: s.name, traits: flags.traits ?? [], resources: { [life]: s.system.attributes.hp, ...flags.pools }, defenses: flags.defenses ?? {} }, events });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return runScenario(parsed.value).hits;
}
const hit = (amount: number, types: string[] = [], traits: string[] = [], source?: unknown) => ({ hit: { parts: [{ amount, types }], traits, ...(source === undefined ? {} : { source }) } });
const bio = (file: string) => sample(file).system.details.biography.value.replace(/\s+/g, " ");

describe("the compendium's sample creatures do what their text says", () => {
  it("every sample file is checked here or in sample-pf2e.test.ts", () => {
    expect(readdirSync(dir).sort()).toEqual(["armor-pools.yml", "card-game.yml", "dnd5e.yml", "layered-armor.yml", "revised-4e.yml", "tags-and-guard.yml"]);
  });

  it("layered armor (000): 12 physical → 0, 40 fire → 25 (Damage Limit), 30 fire in the same round → 0", () => {
    expect(bio("layered-armor.yml")).toContain("try 12 physical (stopped by BDR and armor), 40 fire (capped at 25 by the Damage Limit), then 30 fire in the same round (the limit is used up)");
    const hits = run("layered-armor.yml", "layered-armor", [hit(12, ["physical"]), hit(40, ["fire"]), hit(30, ["fire"])]);
    expect(hits.map((h) => h.result.final)).toEqual([0, 25, 0]);
  });

  it("revised 4E (001): 20 physical → 10, 20 radiant with Advantage → 30 and dazed, 17 fire+necrotic → 5", () => {
    expect(bio("revised-4e.yml")).toContain("try 20 physical (halved: 10), 20 radiant with Advantage (30, and dazed), 17 fire and necrotic as one part (immunity counts as 100%: 5)");
    const hits = run("revised-4e.yml", "revised-4e", [hit(20, ["physical"]), hit(20, ["radiant"], ["advantage"]), hit(17, ["fire", "necrotic"])]);
    expect(hits.map((h) => h.result.final)).toEqual([10, 30, 5]);
    expect(hits[1]!.result.conditionsGained).toContain("dazed");
  });

  it("card game (002): 5 fire prevented, 5 physical prevented once by the spirit shield, 30 unpreventable physical: 30 counters on 20 life, dead", () => {
    expect(bio("card-game.yml")).toContain("try 5 fire (prevented), 5 physical (the spirit shield prevents it, once), then 30 physical marked unpreventable (30 counters on 20 life: dead)");
    const hits = run("card-game.yml", "card-game", [hit(5, ["fire"]), hit(5, ["physical"]), hit(30, ["physical"], ["unpreventable"])]);
    expect(hits.map((h) => h.result.prevented)).toEqual([true, true, false]);
    expect(hits[2]!.result.final).toBe(30);
    expect(hits[2]!.result.state.conditions).toContain("dead");
  });

  it("tags and guard (003): 10 fire from a holy source → Holy 5, 5 to Guard; 10 environmental fire → Fire 3, skips Guard, 7 to HP", () => {
    expect(bio("tags-and-guard.yml")).toContain("try 10 fire from a holy source (Holy 5 is the best: 5 to Guard), then 10 environmental fire (Fire 3, skips Guard: 7 to HP)");
    const hits = run("tags-and-guard.yml", "tags-and-guard", [hit(10, ["fire"], [], { tags: ["fire", "holy"] }), hit(10, ["fire"], ["environmental"], { tags: ["fire"] })]);
    expect(hits.map((h) => h.result.final)).toEqual([5, 7]);
    expect(hits[0]!.result.taken).toMatchObject({ guard: 5 });
    expect(hits[1]!.result.taken).toMatchObject({ hp: 7 });
    expect(hits[1]!.result.taken.guard ?? 0).toBe(0);
  });

  it("armor pools (004): 4 poison No Effect, 6 physical prevented once by the ward, 6 physical through the pools, 6 physical with pierce straight to body", () => {
    expect(bio("armor-pools.yml")).toContain("try 4 poison (No Effect), 6 physical (the runic ward prevents it, once), 6 physical again (through the armor pools) and 6 physical with pierce (straight to body)");
    const hits = run("armor-pools.yml", "armor-pools", [hit(4, ["poison"]), hit(6, ["physical"]), hit(6, ["physical"]), hit(6, ["physical"], ["pierce"])]);
    expect(hits.map((h) => h.result.prevented)).toEqual([true, true, false, false]);
    expect(hits[2]!.result.taken).toEqual({ magicArmor: 2, physicalArmor: 3, monstrousArmor: 1 });
    expect(hits[3]!.result.taken).toEqual({ body: 6 });
  });
});
