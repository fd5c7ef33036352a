/**
 * Relay repeats survive a GM reload and a change of active GM.
 * The campaign's smallest failure: a request, a GM hand-over, a reload, the
 * same request again gave 2 cards and double damage, because the memory of
 * requests lived in one GM client's memory. The card records the request it
 * came from, so any GM, after any reload, finds it: the repeat is answered
 * with that card and carried out once; the same id for another request stays
 * refused.
 */
import { beforeEach, expect, it } from "vitest";
import { World, settle, type ActorDouble, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const cards = (world: World) => [...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card !== undefined);

let world: World;
let player: Client;
let goblin: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("a-gm", true);
  world.addUser("b-gm", true);
  world.addUser("p1", false);
  goblin = world.addActor({ id: "goblin", name: "Goblin", type: "npc", system: { attributes: { hp: { value: 30, max: 30 } } }, ownership: { default: 1 } });
  await world.connect(world.users.get("a-gm")!);
  await world.connect(world.users.get("b-gm")!);
  player = await world.connect(world.users.get("p1")!);
});

/** Reload `id`'s client: its old client goes away (memory lost), a new one connects. */
async function reload(id: string): Promise<void> {
  const i = world.clients.findIndex((c) => c.user.id === id);
  world.clients.splice(i, 1);
  world.users.get(id)!.active = true;
  await world.connect(world.users.get(id)!);
}

const request = { kind: "apply", requestId: "req-repeat-000001", userId: "p1", targets: ["Actor.goblin"], event: { parts: [{ amount: 7, types: ["fire"] }] } };

it("a request, a hand-over, a reload, the same request again: one card, the damage once", async () => {
  const first = (await world.relayAs(player, request)) as { ok: boolean; outcome: { messageId: string } };
  expect(first.ok).toBe(true);
  expect(hp(goblin)).toBe(23);
  world.users.get("a-gm")!.active = false; // hand-over: b-gm is the active GM now
  const again = (await world.relayAs(player, request)) as { ok: boolean; outcome: { messageId: string } };
  await reload("a-gm"); // a-gm is back, with a fresh client, and active again
  const third = (await world.relayAs(player, request)) as { ok: boolean; outcome: { messageId: string } };
  await settle();
  expect(hp(goblin)).toBe(23);
  expect(cards(world)).toHaveLength(1);
  expect([again.outcome.messageId, third.outcome.messageId]).toEqual([first.outcome.messageId, first.outcome.messageId]);
});

it("a request id reused for another request stays refused after a reload", async () => {
  await world.relayAs(player, request);
  await reload("a-gm");
  const other = { ...request, event: { parts: [{ amount: 20, types: ["fire"] }] } };
  expect(await world.relayAs(player, other)).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
  expect(hp(goblin)).toBe(23);
});
