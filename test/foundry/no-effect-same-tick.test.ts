/**
 * No hit erased by another in the same tick, on every entry path where a
 * client's view can be stale: a hit the chain leaves at 0 (No Effect) writes
 * nothing, or writes this client's in-flight view of the hit points, never
 * the document's stale HP. Each case: a real hit and a No-Effect hit started
 * together, both orders.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { hp5e } from "./dnd5e-double.ts";
import { midiApplyTokenDamage, useMidi } from "./midi-double.ts";
import { applyDamagePf2e, damageRoll, usePf2e } from "./pf2e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const both = [false, true];

let world: World;
let gm: Client & { api: ApiLike };

beforeEach(() => {
  world = new World();
  world.latency = 5;
});

describe("midi-qol: 15 fire and 7 slashing (No Effect) on a slashing-immune creature at 200", () => {
  it.each(both)("leave 185 (No Effect first: %s)", async (first) => {
    world.systemId = "dnd5e";
    useMidi(world);
    world.addUser("gm", true);
    const golem = world.addActor({ id: "golem", name: "golem", type: "npc", system: { attributes: { hp: hp5e(200, 200) }, traits: { di: { value: new Set(["slashing"]) } } } });
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    const fire = () => midiApplyTokenDamage(world, gm, [{ value: 15, type: "fire", properties: new Set() }], [golem]);
    const slashing = () => midiApplyTokenDamage(world, gm, [{ value: 7, type: "slashing", properties: new Set() }], [golem]);
    await Promise.all(first ? [slashing(), fire()] : [fire(), slashing()]);
    await settle();
    expect(hp(golem)).toBe(185);
  });
});

describe("pf2e: 15 fire and 7 slashing on a slashing-immune creature at 200", () => {
  it.each([["after", false], ["after", true], ["replace", false], ["replace", true]] as const)("%s: leave 185 (No Effect first: %s)", async (mode, first) => {
    usePf2e(world);
    world.addUser("gm", true);
    const golem = world.addActor({ id: "golem", name: "golem", type: "npc", system: { attributes: { hp: { value: 200, max: 200, temp: 0 }, immunities: [{ type: "slashing" }], weaknesses: [], resistances: [] } } });
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    await world.setSetting("damage-chain.pf2eMode", mode);
    const fire = () => world.as(gm, () => applyDamagePf2e(golem, { damage: damageRoll([15, "fire"]) }));
    const slashing = () => world.as(gm, () => applyDamagePf2e(golem, { damage: damageRoll([7, "slashing"]) }));
    await Promise.all(first ? [slashing(), fire()] : [fire(), slashing()]);
    await settle();
    expect(hp(golem)).toBe(185);
  });
});

/** A generic-world ogre at 200 HP that shrugs off 10 points of every hit (a flat reduction), so a hit of 7 is No Effect. */
const ogre = () => world.addActor({ id: "ogre", name: "ogre", type: "npc", system: { attributes: { hp: { value: 200, max: 200 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "all", value: 10 }] } } } });

describe("the token HUD and the API: 25 and 7 (No Effect) on an ogre with a flat reduction of 10 at 200", () => {
  it.each(both)("HUD: leave 185 (No Effect first: %s)", async (first) => {
    world.addUser("gm", true);
    const target = ogre();
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    await world.setSetting("damage-chain.profile", "layered-armor");
    const hit = (n: number) => world.as(gm, () => target.modifyTokenAttribute("attributes.hp", -n, true, true));
    await Promise.all(first ? [hit(7), hit(25)] : [hit(25), hit(7)]);
    await settle();
    expect(hp(target)).toBe(185);
  });

  it.each(both)("API and HUD mixed, twice: leave 170 (No Effect first: %s)", async (first) => {
    world.addUser("gm", true);
    const target = ogre();
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    await world.setSetting("damage-chain.profile", "layered-armor");
    const api = (n: number) => world.as(gm, () => gm.api.applyDamage([target], { parts: [{ amount: n, types: ["physical"] }] }));
    const hud = (n: number) => world.as(gm, () => target.modifyTokenAttribute("attributes.hp", -n, true, true));
    await Promise.all(first ? [hud(7), api(25)] : [api(25), hud(7)]);
    await Promise.all(first ? [api(7), hud(25)] : [hud(25), api(7)]);
    await settle();
    expect(hp(target)).toBe(170);
  });
});
