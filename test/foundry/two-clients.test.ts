/**
 * Hits from two clients add up. Each client queues its own hits
 * on an actor (`actor/in-flight.ts`), so two clients hitting one actor in the
 * same tick each planned from the same HP and the later write won. While a
 * GM is connected, the active GM is the writer of every hit: a hit started on
 * any other client (another GM's token HUD or API, a player's own actor) is
 * sent to it through the relay, and its queue orders them all. The
 * campaign's smallest case: one HUD hit of 1 on each of two GM clients left
 * HP 99, not 98.
 */
import { beforeEach, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

let world: World;
let gmA: Client & { api: ApiLike };
let gmB: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let hero: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm-a", true);
  world.addUser("gm-b", true);
  world.addUser("p1", false);
  hero = world.addActor({ id: "hero", name: "Hero", system: { attributes: { hp: { value: 100, max: 100 } } }, ownership: { p1: 3 } });
  gmA = await world.connect(world.users.get("gm-a")!);
  gmB = await world.connect(world.users.get("gm-b")!);
  player = await world.connect(world.users.get("p1")!);
  world.latency = 5;
});

it("one HUD hit of 1 on each of two GM clients in one tick leaves 98", async () => {
  await Promise.all([world.as(gmA, () => hero.modifyTokenAttribute("attributes.hp", -1, true, true)), world.as(gmB, () => hero.modifyTokenAttribute("attributes.hp", -1, true, true))]);
  await new Promise((r) => setTimeout(r, 100));
  await settle();
  expect([gmA.notes, gmB.notes]).toEqual([[], []]);
  expect(world.actorWrites().every((w) => w.userId === "gm-a")).toBe(true);
  expect(hp(hero)).toBe(98);
});

it("a GM's API hit, another GM's and the owning player's in one tick all count, each with its card", async () => {
  const one = { parts: [{ amount: 3 }] };
  await Promise.all([world.as(gmA, () => gmA.api.applyDamage([hero], one)), world.as(gmB, () => gmB.api.applyDamage([hero], one)), world.as(player, () => player.api.applyDamage([hero], one))]);
  await new Promise((r) => setTimeout(r, 100));
  await settle();
  expect(hp(hero)).toBe(91);
  expect([...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card?.of === undefined)).toHaveLength(3);
  expect(world.actorWrites().every((w) => w.userId === "gm-a")).toBe(true);
});

it("a player the GM denied Query User still hits their own character, writing it themselves", async () => {
  world.users.get("p1")!.permissions.QUERY_USER = false;
  const out = await world.as(player, () => player.api.applyDamage([hero], { parts: [{ amount: 4 }] }));
  await new Promise((r) => setTimeout(r, 20));
  await settle();
  expect(out.relayed).toBe(false);
  expect(hp(hero)).toBe(96);
  expect(world.actorWrites()).toEqual([{ ids: ["hero"], userId: "p1" }]);
});
