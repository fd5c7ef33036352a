/**
 * Exactly once with two connected GM clients: each client runs its own copy
 * of the module. Hits are resolved only on the client that starts the change;
 * round resets and relayed requests are carried out by the active GM only.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const state = (a: ActorDouble) => (a.flags["damage-chain"] as { state: { roundLifeLost: number } }).state;

let world: World;
let gm1: Client & { api: ApiLike };
let gm2: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let orc: ActorDouble;

beforeEach(async () => {
  world = new World();
  const [u1, u2, p] = [world.addUser("gm-a", true), world.addUser("gm-b", true), world.addUser("p1", false)];
  orc = world.addActor({ id: "orc", name: "Orc", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, ownership: { p1: 1 } });
  gm1 = await world.connect(u1);
  gm2 = await world.connect(u2);
  player = await world.connect(p);
});

describe("two GM clients", () => {
  it("a HUD hit started on either GM client is resolved once, by the active GM: one write, one card", async () => {
    await world.as(gm2, () => orc.modifyTokenAttribute("attributes.hp", -6, true, true));
    await settle();
    await world.as(gm1, () => orc.modifyTokenAttribute("attributes.hp", -4, true, true));
    await settle();
    expect(hp(orc)).toBe(30);
    // The active GM (gm-a) writes every hit, gm-b's through the relay; gm-b is credited on its card.
    expect(world.actorWrites()).toEqual([{ ids: ["orc"], userId: "gm-a" }, { ids: ["orc"], userId: "gm-a" }]);
    expect([...world.messages.values()].map((m) => m.author.id)).toEqual(["gm-a", "gm-a"]);
    expect([...world.messages.values()].map((m) => (m.flags["damage-chain"] as { card: { applier: string } }).card.applier)).toEqual(["gm-b", "gm-a"]);
    expect(state(orc).roundLifeLost).toBe(10);
  });

  it("a new round is reset once, by the active GM, whoever advanced the combat", async () => {
    await world.as(gm1, () => orc.modifyTokenAttribute("attributes.hp", -6, true, true));
    await settle();
    const before = world.actorWrites().length;
    world.as(gm2, () => world.updateCombat({ combatants: [{ actor: orc }] }, { round: 2, turn: 0 }));
    await settle();
    expect(world.actorWrites().slice(before)).toEqual([{ ids: ["orc"], userId: "gm-a" }]);
    expect(state(orc).roundLifeLost).toBe(0);
  });

  it("a player's relayed hit is carried out by the active GM only", async () => {
    const outcome = await player.api.applyDamage([{ actor: orc }], { parts: [{ amount: 7 }] });
    await settle();
    expect(outcome.relayed).toBe(true);
    expect(hp(orc)).toBe(33);
    expect(world.actorWrites()).toEqual([{ ids: ["orc"], userId: "gm-a" }]);
    expect(world.messages.size).toBe(1);
  });
});
