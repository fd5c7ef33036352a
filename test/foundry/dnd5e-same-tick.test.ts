/**
 * dnd5e applications in the same tick: dnd5e's own write is
 * in flight from `dnd5e.preApplyDamage` until it arrives, so a second
 * application, a token HUD hit or an API hit planned meanwhile starts from it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyDamage5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const cold = () => [{ value: 10, type: "cold", properties: new Set<string>() }];

let world: World;
let wolf: ActorDouble;
let gm: Client & { api: ApiLike };

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.latency = 5;
  world.addUser("gm", true);
  wolf = world.addActor({ id: "wolf", name: "wolf", type: "npc", system: { attributes: { hp: hp5e(100, 100, 0) }, traits: {} }, flags: { "damage-chain": { schemaVersion: 1, defenses: {} } } });
  gm = await world.connect(world.users.get("gm")!);
});

describe("dnd5e applications in the same tick", () => {
  it("three applications of 10 at 100 HP leave 70", async () => {
    await Promise.all([applyDamage5e(wolf, cold()), applyDamage5e(wolf, cold()), applyDamage5e(wolf, cold())]);
    await settle();
    expect(hp(wolf).value).toBe(70);
    expect((wolf.flags["damage-chain"] as { state: { roundLifeLost: number } }).state.roundLifeLost).toBe(30);
  });

  it("an application cancelled by a modifyTokenAttribute handler leaves nothing in flight", async () => {
    const refuse = () => false;
    Hooks.on("modifyTokenAttribute", refuse);
    await applyDamage5e(wolf, cold());
    Hooks.off("modifyTokenAttribute", refuse);
    await new Promise((r) => setTimeout(r, 20));
    await applyDamage5e(wolf, cold());
    await settle();
    expect(hp(wolf).value).toBe(90);
  });
});

describe("dnd5e applications and HUD hits in the same tick", () => {
  it("two dnd5e applications of 10 and two HUD hits of 10 at 100 HP leave 60", async () => {
    await world.as(gm, () => Promise.all([applyDamage5e(wolf, cold()), wolf.modifyTokenAttribute("attributes.hp", -10, true, true), applyDamage5e(wolf, cold()), wolf.modifyTokenAttribute("attributes.hp", -10, true, true)]));
    await settle();
    expect(hp(wolf).value).toBe(60);
  });

  it("dnd5e applications, HUD hits and API hits interleaved: 6 hits of 10 leave 40", async () => {
    await world.as(gm, () =>
      Promise.all([
        gm.api.applyDamage([{ actor: wolf }], { parts: [{ amount: 10, types: ["cold"] }] }),
        applyDamage5e(wolf, cold()),
        wolf.modifyTokenAttribute("attributes.hp", -10, true, true),
        gm.api.applyDamage([{ actor: wolf }], { parts: [{ amount: 10, types: ["cold"] }] }),
        wolf.modifyTokenAttribute("attributes.hp", -10, true, true),
        applyDamage5e(wolf, cold()),
      ]),
    );
    await settle();
    expect(hp(wolf).value).toBe(40);
  });
});

describe("a No-Effect application in the same tick as a real one", () => {
  // A 0-damage plan writes no hit points of its own: the HP in dnd5e's update
  // must be this client's in-flight view, or the document's stale HP erases the other hit.
  it("15 fire and 7 slashing (No Effect) on a slashing-immune creature at 200 leave 185", async () => {
    const golem = world.addActor({ id: "golem", name: "golem", type: "npc", system: { attributes: { hp: hp5e(200, 200, 0) }, traits: { di: { value: new Set(["slashing"]) } } } });
    await Promise.all([applyDamage5e(golem, [{ value: 15, type: "fire", properties: new Set() }], { isDelta: true }), applyDamage5e(golem, [{ value: 7, type: "slashing", properties: new Set() }], { isDelta: true })]);
    await settle();
    expect(hp(golem).value).toBe(185);
  });

  it("the No-Effect application first, then the real one: 185", async () => {
    const golem = world.addActor({ id: "golem", name: "golem", type: "npc", system: { attributes: { hp: hp5e(200, 200, 0) }, traits: { di: { value: new Set(["slashing"]) } } } });
    await Promise.all([applyDamage5e(golem, [{ value: 7, type: "slashing", properties: new Set() }], { isDelta: true }), applyDamage5e(golem, [{ value: 15, type: "fire", properties: new Set() }], { isDelta: true })]);
    await settle();
    expect(hp(golem).value).toBe(185);
  });
});
