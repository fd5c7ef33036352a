/**
 * The dnd5e double behaves like dnd5e 5.3.3 where the module depends on it:
 * rests, temp max HP, the `modifyTokenAttribute` hook inside
 * `applyDamage`, the tray's stored per-target options, dnd5e's status ids.
 * Checked without the module (no `connect`), hooks on a bare client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DamageTray5e, applyDamage5e, hp5e, rest5e, useDnd5e, type Hp5e } from "./dnd5e-double.ts";
import { World, type ActorDouble, type Client } from "./double.ts";

let world: World;
let gm: Client;
let hero: ActorDouble;
const hp = () => (hero.system.attributes as { hp: Hp5e }).hp;

beforeEach(() => {
  world = new World();
  useDnd5e(world);
  gm = world.addClient(world.addUser("gm", true));
  hero = world.addActor({ id: "hero", name: "Hero", system: { attributes: { hp: hp5e(20, 30, 5, 10) }, traits: { dr: { value: new Set(["fire"]) } } } });
});

describe("dnd5e double", () => {
  it("a long rest sets HP to max and temp and temp max to 0, with isRest", async () => {
    const seen: unknown[] = [];
    gm.hooks.on("preUpdateActor", (_a: unknown, _c: unknown, options: { isRest?: boolean }) => { seen.push(options.isRest); });
    await world.as(gm, () => rest5e(hero));
    expect(hp()).toEqual(hp5e(30, 30, 0, 0));
    expect(seen).toEqual([true]);
  });

  it("applyDamage takes temp HP first, counts temp max HP, and calls modifyTokenAttribute before its update (false cancels)", async () => {
    const calls: unknown[] = [];
    gm.hooks.on("modifyTokenAttribute", (data: unknown, updates: unknown) => { calls.push([data, updates]); });
    await world.as(gm, () => applyDamage5e(hero, [{ value: 10, type: "cold" }]));
    expect(hp()).toEqual(hp5e(15, 30, 0, 10));
    expect(calls).toEqual([[{ attribute: "attributes.hp", value: 10, isDelta: false, isBar: true }, { "system.attributes.hp.temp": 0, "system.attributes.hp.tempmax": 10, "system.attributes.hp.value": 15 }]]);
    gm.hooks.on("modifyTokenAttribute", () => false);
    await world.as(gm, () => applyDamage5e(hero, [{ value: 10, type: "cold" }]));
    expect(hp().value).toBe(15);
  });

  it("the tray keeps each target's options: previews and the application see its toggles", async () => {
    const tray = new DamageTray5e([{ value: 10, type: "fire" }]);
    expect(world.as(gm, () => tray.preview(hero))).toBe(5);
    world.as(gm, () => tray.toggleResistance(hero, "fire"));
    expect(tray.targetOptions(hero.uuid).ignore).toEqual({ resistance: new Set(["fire"]) });
    expect(world.as(gm, () => tray.preview(hero))).toBe(10);
    await world.as(gm, () => tray.apply([hero]));
    expect(hp().value).toBe(15);
  });

  it("CONFIG holds dnd5e's status ids (sleeping, stunned...) and special status effects", () => {
    const ids = gm.config.statusEffects.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["sleeping", "stunned", "unconscious", "dead", "blinded"]));
    expect(ids).not.toContain("stun");
    expect(gm.config.specialStatusEffects.DEFEATED).toBe("dead");
  });
});
