/**
 * Foundry v14 prunes an update's keys outside the schema before `_preUpdate`
 * and the `preUpdate…` hooks (foundryvtt/foundryvtt#14411, #13406; fvtt-types
 * `common/data/fields.d.mts` `cleanData`). The module must tell dnd5e's own
 * damage write from a direct HP drop without smuggling a key through it:
 * one tray application is ONE write and ONE card, and the
 * actor keeps the HP the card shows, under both generations (the adapter
 * suite runs once per generation: `vitest.config.ts`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { readCard } from "./drawn.ts";
import { DamageTray5e, hp5e, modifyHp5e, useDnd5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const cards = (world: World) => [...world.messages.values()];

describe("dnd5e's own damage write", () => {
  let world: World;
  let ogre: ActorDouble;
  beforeEach(async () => {
    world = new World();
    useDnd5e(world);
    world.addUser("gm", true);
    ogre = world.addActor({
      id: "ogre", name: "Ogre", type: "npc",
      system: { attributes: { hp: hp5e(100, 100) }, traits: { dr: { value: new Set(["fire"]) } } },
      flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", label: "Fire ward" }] } } },
    });
    await world.connect(world.users.get("gm")!);
    await world.setSetting("damage-chain.dnd5eMode", "replace"); // the chain resolves the hit (a new world starts in after)
  });

  it("a tray application of 10 fire on 100 HP with fire resistance: the HP the card shows, one card, one write", async () => {
    await new DamageTray5e([{ value: 10, type: "fire", properties: new Set<string>() }]).apply([ogre]);
    await settle();
    expect(hp(ogre).value).toBe(95);
    expect(cards(world)).toHaveLength(1);
    expect(readCard(cards(world)[0]!).deltas[0]!.apply["system.attributes.hp.value"]).toBe(hp(ogre).value);
    expect(world.actorWrites()).toHaveLength(1);
  });

  it("the token HUD through dnd5e: one hit, one card, one write", async () => {
    await modifyHp5e(ogre, -10, true);
    await settle();
    expect(hp(ogre).value).toBe(90);
    expect(cards(world)).toHaveLength(1);
    expect(world.actorWrites()).toHaveLength(1);
  });

  it("after dnd5e's write, a direct HP drop is still a hit of its own", async () => {
    await new DamageTray5e([{ value: 10, type: "fire", properties: new Set<string>() }]).apply([ogre]);
    await settle();
    await ogre.update({ "system.attributes.hp.value": 85 });
    await settle();
    expect(hp(ogre).value).toBe(85);
    expect(cards(world)).toHaveLength(2);
  });

  it("a later handler that changes dnd5e's HP write, or cancels it: still one hit; the next direct drop is a hit of its own", async () => {
    await world.setSetting("damage-chain.dnd5eMode", "after");
    // Another module's handler, after the module's own: it softens dnd5e's write by 1 HP.
    world.clients[0]!.hooks.on("dnd5e.preApplyDamage", (_a: unknown, _n: unknown, updates: Record<string, number>) => { updates["system.attributes.hp.value"]! += 1; });
    await new DamageTray5e([{ value: 10, type: "fire", properties: new Set<string>() }]).apply([ogre]);
    await settle();
    expect(cards(world)).toHaveLength(1);
    expect(world.actorWrites()).toHaveLength(1);
    const refuse = () => false;
    world.clients[0]!.hooks.on("modifyTokenAttribute", refuse);
    await new DamageTray5e([{ value: 10, type: "fire", properties: new Set<string>() }]).apply([ogre]);
    world.clients[0]!.hooks.off("modifyTokenAttribute", refuse);
    await settle();
    const before = hp(ogre).value;
    await ogre.update({ "system.attributes.hp.value": before - 4 });
    await settle();
    expect(hp(ogre).value).toBe(before - 4);
    expect(cards(world)).toHaveLength(2);
  });
});
