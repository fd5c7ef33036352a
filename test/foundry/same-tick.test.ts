/**
 * Hits on one actor in the same tick, with server latency
 * in the double: 20 hits of 1 on an actor at 100 HP leave it at 80 through the
 * token HUD, the API (`applyDamage` without `await`) and the GM relay; an
 * undo while a newer hit is in flight is refused instead of erasing it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const one = { parts: [{ amount: 1, types: ["physical"] }] };

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let ogre: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.latency = 5;
  world.addUser("gm", true);
  world.addUser("p1", false);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 100, max: 100 } } }, ownership: { default: 1 } });
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe("20 same-tick hits of 1 at 100 HP", () => {
  it("through the token HUD leave 80", async () => {
    await Promise.all(Array.from({ length: 20 }, () => world.as(gm, () => ogre.modifyTokenAttribute("attributes.hp", -1, true, true))));
    await until(() => world.actorWrites().length >= 20);
    await settle();
    expect(hp(ogre)).toBe(80);
    expect((ogre.flags["damage-chain"] as { state: { roundLifeLost: number } }).state.roundLifeLost).toBe(20);
  });

  it("through the API leave 80, with 20 cards", async () => {
    await Promise.all(Array.from({ length: 20 }, () => world.as(gm, () => gm.api.applyDamage([ogre], one))));
    await settle();
    expect(hp(ogre)).toBe(80);
    expect([...world.messages.values()].filter((m) => m.whisper.length === 0)).toHaveLength(20);
  });

  it("through the GM relay leave 80", async () => {
    // Each call starts on the player's client (the double switches globals per call).
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => world.as(player, () => player.api.applyDamage([ogre], one))));
    await settle();
    expect(outcomes.map((o) => o.relayed)).toEqual(Array(20).fill(true));
    expect(hp(ogre)).toBe(80);
  });

  it("an undo while a newer hit is in flight is refused, and the newer hit stays", async () => {
    world.activate(gm);
    const first = await world.as(gm, () => gm.api.applyDamage([ogre], one));
    const second = world.as(gm, () => gm.api.applyDamage([ogre], one));
    expect(await world.as(gm, () => gm.api.undo(first.messageId!))).toBe("refused");
    await second;
    await settle();
    expect(hp(ogre)).toBe(98);
  });
});
