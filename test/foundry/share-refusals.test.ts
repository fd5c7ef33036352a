/**
 * Shares that must never crash or be read two ways: a share that keeps no
 * part is a hit of 0, even on an event with power changes or extra damage;
 * an actor named twice with a share is refused, by the API and by the GM
 * relay alike, naming the entry, and nothing is written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const mixed = { parts: [{ amount: 7, types: ["slashing"] }, { amount: 4, types: ["fire"] }], modifiers: [{ kind: "adjust", amount: 3 }, { kind: "extraDamage", amount: 5, types: ["cold"] }] };

let world: World;
let gm: Client & { api: ApiLike };
let ogre: ActorDouble;
let goblin: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, ownership: { p1: 1 } });
  goblin = world.addActor({ id: "goblin", name: "Goblin", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, ownership: { p1: 1 } });
  gm = await world.connect(world.users.get("gm")!);
});

describe("a share that keeps no part", () => {
  it.each([[[]], [[5]]])("parts %j with an adjust and extra damage: a hit of 0, the other target takes its hit", async (parts) => {
    const out = await world.as(gm, () => gm.api.applyDamage([{ target: ogre, parts }, goblin], mixed));
    await settle();
    expect(out.targets.map((t) => [t.uuid, t.final])).toEqual([["Actor.ogre", 0], ["Actor.goblin", 19]]);
    expect([hp(ogre), hp(goblin)]).toEqual([40, 21]);
  });
});

describe("an actor named twice", () => {
  it.each([
    ["two shares", () => [{ target: ogre, multiplier: 0.5 }, { target: ogre, multiplier: 2 }]],
    ["a share and an explicit ×1", () => [{ target: ogre, multiplier: 0.5 }, { target: ogre, multiplier: 1 }]],
    ["plain, then with a share", () => [ogre, { target: ogre, multiplier: 0.5 }]],
  ])("with %s is refused by the API, naming the entry; nothing is written", async (_name, targets) => {
    await expect(world.as(gm, () => gm.api.applyDamage(targets(), { parts: [{ amount: 10, types: ["fire"] }] }))).rejects.toThrow(/targets\[1\].*Ogre/);
    expect(world.actorWrites()).toEqual([]);
    expect(world.messages.size).toBe(0);
  });

  it("without a share is one target (two tokens of one actor), written once", async () => {
    await world.as(gm, () => gm.api.applyDamage([ogre, ogre], { parts: [{ amount: 10, types: ["fire"] }] }));
    await settle();
    expect(hp(ogre)).toBe(30);
  });

  it("with two shares in one relay request is refused by the GM, and nothing is written", async () => {
    const player = await world.connect(world.users.get("p1")!);
    world.users.get("p1")!.targets.add({ actor: ogre });
    const answer = (await world.relayAs(player, { kind: "apply", requestId: "req-share-twice-01", userId: "p1", targets: [ogre.uuid], event: { parts: [{ amount: 10, types: ["fire"] }] }, shares: [{ uuid: ogre.uuid, share: { multiplier: 0.5 } }, { uuid: ogre.uuid, share: { multiplier: 2 } }] })) as { ok: boolean; reason?: string };
    expect(answer).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
    expect(world.actorWrites()).toEqual([]);
  });
});
