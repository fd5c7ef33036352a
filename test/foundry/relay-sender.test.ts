/**
 * The relay knows who sent a request: the server names the
 * sender of every socket message, and a request whose `userId` names anyone
 * else is refused as forged. A player who names another player cannot undo
 * that player's cards, apply damage as them, or get a GM part posted for
 * their card; the same requests sent by that player themselves go through.
 */
import { beforeEach, expect, it } from "vitest";
import { World, settle, type ActorDouble, type Client, type ApiLike } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fire = { parts: [{ amount: 6, types: ["fire"] }] };

let world: World;
let mallory: Client & { api: ApiLike };
let alice: Client & { api: ApiLike };
let heroine: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("alice", false);
  world.addUser("mallory", false);
  heroine = world.addActor({ id: "heroine", name: "Heroine", system: { attributes: { hp: { value: 30, max: 30 } } }, ownership: { alice: 3 } });
  world.addActor({ id: "goblin", name: "Goblin", type: "npc", system: { attributes: { hp: { value: 20, max: 20 } } }, ownership: { default: 1 } });
  await world.connect(world.users.get("gm")!);
  alice = await world.connect(world.users.get("alice")!);
  mallory = await world.connect(world.users.get("mallory")!);
});

const forged = { ok: false, reason: "DAMAGECHAIN.Notify.RelayForged" };

it("a player naming another player can neither apply damage as them nor undo their card nor ask for their GM part", async () => {
  const apply = { kind: "apply", requestId: "req-mallory-0001", userId: "alice", targets: ["Actor.heroine"], event: fire, profile: "revised-4e" };
  expect(await world.relayAs(mallory, apply)).toMatchObject(forged);
  expect(hp(heroine)).toBe(30);

  // Alice's own relayed hit on the goblin: her card.
  const own = (await world.relayAs(alice, { kind: "apply", requestId: "req-alice-00001", userId: "alice", targets: ["Actor.goblin"], event: fire })) as { ok: boolean; outcome: { messageId: string } };
  expect(own.ok).toBe(true);
  const card = own.outcome.messageId;
  expect(await world.relayAs(mallory, { kind: "undo", requestId: "req-mallory-0002", userId: "alice", messageId: card })).toMatchObject(forged);
  expect(await world.relayAs(mallory, { kind: "notes", requestId: "req-mallory-0003", userId: "alice", messageId: card, profile: "revised-4e" })).toMatchObject(forged);
  await settle();
  expect(hp(world.actors.get("goblin")!)).toBe(14);
  expect([...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card?.of !== undefined)).toHaveLength(0);

  // The same undo, sent by Alice herself, goes through.
  expect(await world.relayAs(alice, { kind: "undo", requestId: "req-alice-00002", userId: "alice", messageId: card })).toMatchObject({ ok: true });
  expect(hp(world.actors.get("goblin")!)).toBe(20);
  expect(world.actorWrites().every((w) => w.userId === "gm")).toBe(true);
});
