/**
 * Not every drop of HP is damage (dnd5e): a rest (dnd5e's
 * `Actor5e#_rest` writes with `{ isRest: true }`), advancement (`{ isAdvancement: true }`),
 * temp-HP and temp-max-HP edits on the sheet, HP spent as an activity's cost
 * (`Activity#consume`: `dnd5e.activityConsumption`, a plain `actor.update`,
 * `dnd5e.postActivityConsumption`) and max-HP changes keep dnd5e's numbers
 * and post no card. The world setting `damageUpdates` picks which direct HP
 * changes count.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { rest5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

type Hp = { value: number; max: number; temp: number; tempmax: number };
const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp }).hp;

let world: World;
let knight: ActorDouble;

/** dnd5e 5.x `Activity#consume` with an HP cost: the hooks around one plain `actor.update(updates.actor)`. */
async function consume(actor: ActorDouble, updates: Record<string, unknown>): Promise<void> {
  const activity = { actor };
  if (Hooks.call("dnd5e.activityConsumption", activity as never, {}, {}, { actor: updates } as never) === false) return;
  await actor.update(updates);
  Hooks.call("dnd5e.postActivityConsumption", activity as never, {}, {}, { actor: updates });
}

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  knight = world.addActor({
    id: "knight", name: "Knight", type: "character",
    system: { attributes: { hp: { value: 30, max: 40, temp: 8, tempmax: 0 } } },
    // Immune to untyped (physical) damage: if the chain ran, it would refuse every drop.
    flags: { "damage-chain": { schemaVersion: 1, defenses: { immunities: [{ type: "physical", label: "Ward" }] } } },
  });
  await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.profile", "revised-4e"); // a seed profile's chain defenses; a dnd5e world starts on the dnd5e profile
});

describe("HP changes that are not damage (dnd5e)", () => {
  it("a long rest resets temp HP and temp max HP exactly as dnd5e says, with no card", async () => {
    // dnd5e `_getRestHitPointRecovery` with recoverTemp and recoverTempMax: value = max, temp = 0, tempmax = 0.
    hp(knight).tempmax = 10;
    hp(knight).value = 45;
    await knight.update({ "system.attributes.hp.value": 40, "system.attributes.hp.temp": 0, "system.attributes.hp.tempmax": 0 }, { isRest: true });
    await settle();
    expect(hp(knight)).toEqual({ value: 40, max: 40, temp: 0, tempmax: 0 });
    expect(world.messages.size).toBe(0);
  });

  it("the double's dnd5e long rest (Actor5e#rest: one update with isRest) changes HP exactly as dnd5e says, with no card", async () => {
    hp(knight).tempmax = 10;
    hp(knight).value = 45;
    await rest5e(knight);
    await settle();
    expect(hp(knight)).toEqual({ value: 40, max: 40, temp: 0, tempmax: 0 });
    expect(world.messages.size).toBe(0);
    await rest5e(knight, { recoverTempMax: false });
    expect(world.messages.size).toBe(0);
  });

  it("a short rest that only clears temp HP is no hit either", async () => {
    await knight.update({ "system.attributes.hp.temp": 0 }, { isRest: true });
    await settle();
    expect(hp(knight).temp).toBe(0);
    expect(world.messages.size).toBe(0);
  });

  it("advancement lowering HP is written as dnd5e says", async () => {
    await knight.update({ "system.attributes.hp.value": 20 }, { isAdvancement: true });
    await settle();
    expect(hp(knight).value).toBe(20);
    expect(world.messages.size).toBe(0);
  });

  it("setting or clearing temp HP on the sheet is no hit", async () => {
    await knight.update({ "system.attributes.hp.temp": 2 });
    await knight.update({ system: { attributes: { hp: { temp: 0 } } } });
    await settle();
    expect(hp(knight)).toMatchObject({ value: 30, temp: 0 });
    expect(world.messages.size).toBe(0);
  });

  it("temp max HP and max HP changes (and the value they pull down) are no hit", async () => {
    await knight.update({ "system.attributes.hp.tempmax": -15, "system.attributes.hp.value": 25 });
    await knight.update({ "system.attributes.hp.max": 20, "system.attributes.hp.value": 20 });
    await settle();
    expect(hp(knight)).toMatchObject({ value: 20, max: 20, tempmax: -15 });
    expect(world.messages.size).toBe(0);
  });

  it("HP spent as an activity's cost is no hit; the next real drop still is", async () => {
    await consume(knight, { "system.attributes.hp.value": 25 });
    await settle();
    expect(hp(knight).value).toBe(25);
    expect(world.messages.size).toBe(0);
    await knight.update({ "system.attributes.hp.value": 15 });
    await settle();
    expect(hp(knight).value).toBe(25); // the chain ran: immune to physical, No Effect
    expect(world.messages.size).toBe(1);
  });

  it("a plain drop of the HP value is still a hit", async () => {
    await knight.update({ "system.attributes.hp.value": 20 });
    await settle();
    expect(hp(knight)).toMatchObject({ value: 30, temp: 8 });
    expect(world.messages.size).toBe(1);
  });
});

describe("the damageUpdates setting", () => {
  it("none: no direct HP change runs the chain", async () => {
    await world.setSetting("damage-chain.damageUpdates", "none");
    await knight.update({ "system.attributes.hp.value": 20 });
    await settle();
    expect(hp(knight).value).toBe(20);
    expect(world.messages.size).toBe(0);
  });

  it("valueAndTemp: a temp-HP drop is a hit too (but a rest still is not)", async () => {
    await world.setSetting("damage-chain.damageUpdates", "valueAndTemp");
    await knight.update({ "system.attributes.hp.temp": 0 }, { isRest: true });
    expect(world.messages.size).toBe(0);
    hp(knight).temp = 8;
    await knight.update({ "system.attributes.hp.temp": 3 });
    await settle();
    expect(hp(knight).temp).toBe(8);
    expect(world.messages.size).toBe(1);
  });
});
