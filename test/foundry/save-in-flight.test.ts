/**
 * Saves and hits on one actor in the same tick, with server
 * latency in the double: a save reads the actor as the writes still in flight
 * will leave it, and the next hit sees a save still in flight. Neither loses
 * the other's data.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const flags = (a: ActorDouble) => a.flags["damage-chain"] as { defenses?: { immunities?: unknown[] }; state?: { roundLifeLost?: number } };
const fire = { parts: [{ amount: 10, types: ["fire"] }] };

let world: World;
let gm: Client & { api: ApiLike };
let ogre: ActorDouble;
let data: typeof import("../../src/foundry/actor/data.ts");

beforeEach(async () => {
  world = new World();
  world.latency = 5;
  world.addUser("gm", true);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 100, max: 100 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: {} } } });
  gm = await world.connect(world.users.get("gm")!);
  data = await import("../../src/foundry/actor/data.ts"); // the GM client's module instance
});

describe("a save and a hit in the same tick", () => {
  it("a hit planned while a defenses save is in flight uses the saved defenses", async () => {
    await world.as(gm, async () => {
      const saved = data.saveDefenses(ogre as never, { immunities: [{ type: "fire" }] });
      const hit = gm.api.applyDamage([{ actor: ogre }], fire);
      await Promise.all([saved, hit]);
    });
    await settle();
    expect(hp(ogre)).toBe(100);
    expect(flags(ogre).defenses?.immunities).toHaveLength(1);
  });

  it("a defenses save while a hit is in flight keeps the hit, and the hit keeps the save", async () => {
    await world.as(gm, async () => {
      const hit = gm.api.applyDamage([{ actor: ogre }], fire);
      const saved = data.saveDefenses(ogre as never, { resistances: [{ type: "cold", limit: 5 }] });
      await Promise.all([saved, hit]);
    });
    await settle();
    expect(hp(ogre)).toBe(90);
    expect(flags(ogre).state?.roundLifeLost).toBe(10);
    expect(flags(ogre).defenses).toMatchObject({ resistances: [{ type: "cold", limit: 5 }] });
  });

  it("a state reset saved while a hit is in flight is not lost", async () => {
    await world.as(gm, async () => {
      const hit = gm.api.applyDamage([{ actor: ogre }], fire);
      const reset = data.saveState(ogre as never, { shellsBypassed: [], shellCooldowns: {}, oneTimeUses: {}, conditions: [], wounds: {}, roundLifeLost: 0, counters: 0, temporaryDamage: 0 } as never);
      await Promise.all([reset, hit]);
    });
    await settle();
    expect(hp(ogre)).toBe(90);
    expect(flags(ogre).state?.roundLifeLost).toBe(0);
  });
});
