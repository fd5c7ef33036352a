/**
 * The actor data contract the Defenses tab relies on: `readDefender` never
 * throws (broken flags give empty defenses plus problems naming the field),
 * `saveDefenses` / `saveState` validate first and write only valid data,
 * migrate old flags, and never touch data they cannot read.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, type ActorDouble, type Client } from "./double.ts";

type ActorData = typeof import("../../src/foundry/actor/data.ts");
let world: World;
let gm: Client;
let data: ActorData;
let actor: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  actor = world.addActor({ id: "a", name: "Ogre", system: { attributes: { hp: { value: 40, max: 50 } } } });
  gm = await world.connect(world.users.get("gm")!);
  data = await import("../../src/foundry/actor/data.ts");
});

const as = <T>(fn: () => T): T => world.as(gm, fn);
const read = () => as(() => data.readDefender(actor as never));

describe("actor data", () => {
  it("reads resources from the mapped path and flag pools, defenses and state from the flags", () => {
    actor.flags["damage-chain"] = { schemaVersion: 1, traits: ["ally"], defenses: { armor: [{ type: "physical", value: 3, layer: "natural" }] }, state: { counters: 2 }, pools: { guard: { value: 4, max: 6 } } };
    const { defender, problems } = read();
    expect(problems).toEqual([]);
    expect(defender).toMatchObject({ name: "Ogre", traits: ["ally"], resources: { hp: { value: 40, max: 50 }, guard: { value: 4, max: 6 } } });
    expect(defender.defenses.armor).toEqual([{ type: "physical", value: 3, layer: "natural" }]);
    expect(defender.state.counters).toBe(2);
  });

  it("gives empty defenses and problems for broken flags, without throwing", () => {
    actor.flags["damage-chain"] = { schemaVersion: 1, defenses: { shells: [{ id: "s", value: "high" }] } };
    const { defender, problems } = read();
    expect(defender.defenses.shells).toEqual([]);
    expect(problems[0]!.path).toBe("flags.damage-chain.defenses.shells[0].value");
  });

  it("saveDefenses refuses invalid input naming the field, and writes valid input once", async () => {
    expect(await as(() => data.saveDefenses(actor as never, { armor: [{ type: "fire", value: 2, layer: "hard" }, { type: "fire", value: 1, layer: "hard" }] }))).toEqual([
      { path: "defenses.armor[1].layer", message: "Only one armor piece may be Hard; make this one Soft or give it the Hard piece's name." },
    ]);
    expect(world.writes).toEqual([]);
    expect(await as(() => data.saveDefenses(actor as never, { resistances: [{ type: "Fire", limit: 5 }] }))).toEqual([]);
    expect(world.actorWrites()).toHaveLength(1);
    expect(read().defender.defenses.resistances).toEqual([{ type: "fire", limit: 5 }]);
  });

  it("flags not written by Damage Chain (no version, null, a BigInt, a __proto__ key) are never written: no version is stamped on them", async () => {
    const blobs: unknown[] = [{ resistances: [{ type: "cold" }], state: { counters: 3 } }, null, { schemaVersion: 1, state: { counters: 3n } }, JSON.parse('{"schemaVersion": 1, "__proto__": {"x": 1}}')];
    for (const blob of blobs) {
      actor.flags["damage-chain"] = blob;
      expect(read().problems.length).toBeGreaterThan(0);
      expect((await as(() => data.saveState(actor as never, { ...read().defender.state, counters: 4 }))).length).toBeGreaterThan(0);
      expect((await as(() => data.saveDefenses(actor as never, { immunities: [{ type: "poison" }] }))).length).toBeGreaterThan(0);
      expect(actor.flags["damage-chain"]).toBe(blob);
    }
  });

  it("a broken part stays as it is when another part is saved; flags of a newer version are never written", async () => {
    actor.flags["damage-chain"] = { schemaVersion: 1, state: { counters: -1 } };
    expect(await as(() => data.saveDefenses(actor as never, { immunities: [{ type: "poison" }] }))).toEqual([]);
    expect((actor.flags["damage-chain"] as { state: unknown }).state).toEqual({ counters: -1 });
    actor.flags["damage-chain"] = { schemaVersion: 2, defenses: { future: true } };
    const problems = await as(() => data.saveDefenses(actor as never, {}));
    expect(problems[0]!.path).toBe("flags.damage-chain.schemaVersion");
    expect(actor.flags["damage-chain"]).toEqual({ schemaVersion: 2, defenses: { future: true } });
  });
});
