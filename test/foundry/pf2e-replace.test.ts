/**
 * pf2e's replace mode in a pf2e world: the chain resolves pf2e's IWR itself
 * (the pf2e profile), holy, unholy and area damage as pf2e's `IWR#describe`
 * and `applyIWR` do, and leaves to pf2e what only pf2e can apply (Shield
 * Block, hardness, precision, splash, critical-hit entries). Double:
 * `pf2e-double.ts` (pf2e 85f6ef2).
 */
import { describe, expect, it } from "vitest";
import { settle } from "./double.ts";
import { readCard } from "./drawn.ts";
import { applyDamagePf2e, damageRoll } from "./pf2e-double.ts";
import { chainCards, connect, creature, damageTaken, hp, pf2eCards, usePf2eWorld, world } from "./pf2e-world.ts";

usePf2eWorld();

describe("replace mode: the chain resolves pf2e's IWR", () => {
  it("the pf2e profile is the default in a pf2e world; 10 fire on resistance fire 5 takes 5 through the chain, one write, one chain card, no pf2e message", async () => {
    const elemental = creature("elemental", { resistances: [{ type: "fire", value: 5 }] });
    await connect();
    expect(game.settings!.get("damage-chain", "profile")).toBe("pf2e");
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(elemental, { damage: damageRoll([10, "fire"]), item: { name: "Produce Flame" } });
    await settle();
    expect(hp(elemental).value).toBe(25);
    expect(world.actorWrites()).toHaveLength(1);
    expect(chainCards()).toHaveLength(1);
    expect(pf2eCards()).toHaveLength(0);
    expect(readCard(chainCards()[0]!).view?.summary).toMatch(/^Produce Flame: 10 Fire/);
    const { drawn } = await import("./drawn.ts");
    const text = await drawn(chainCards()[0]!);
    expect(text).toMatch(/Resistance 5 Fire/);
    expect(text).not.toMatch(/FDR/);
  });

  it("Monster Core's shadow (resist all-damage 5, double vs non-magical): a plain Strike meets 10, a magical item's (item:magical) 5", async () => {
    const resistances = [{ type: "all-damage", value: 5, doubleVs: ["non-magical"], exceptions: ["force", "ghost-touch", "vitality", "spirit"] }];
    const plain = creature("plain", { resistances });
    const magic = creature("magic", { resistances });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(plain, { damage: damageRoll([12, "slashing"]) });
    await applyDamagePf2e(magic, { damage: damageRoll([12, "slashing"]), rollOptions: new Set(["item:magical"]) });
    await settle();
    expect([hp(plain).value, hp(magic).value]).toEqual([28, 23]);
  });

  it("a raised shield with hardness 5 blocks as pf2e's Shield Block does: the hit is left to pf2e (12 slashing → 7 to the creature, 7 to the shield), the chain follows, the card says pf2e applied Shield Block", async () => {
    const { drawn } = await import("./drawn.ts");
    const fighter = world.addActor({ id: "fighter", name: "fighter", type: "npc", system: { attributes: { hp: { value: 30, max: 30, temp: 0 }, immunities: [], weaknesses: [], resistances: [], shield: { raised: true, hardness: 5, hp: { value: 20 } } } } });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(fighter, { damage: damageRoll([12, "slashing"]), item: { name: "Greataxe" }, shieldBlockRequest: true });
    await settle();
    const a = fighter.system.attributes as { hp: { value: number }; shield: { hp: { value: number } } };
    expect([a.hp.value, a.shield.hp.value]).toEqual([23, 13]);
    expect(chainCards()).toHaveLength(1);
    expect(readCard(chainCards()[0]!).view?.summary).toMatch(/^Greataxe \(pf2e applied Shield Block\): 7/);
    expect(await drawn(chainCards()[0]!)).toMatch(/Shield Block/);
  });

  it("a creature with hardness (Monster Core's animated armor, hardness 9) is left to pf2e: 14 slashing → 5", async () => {
    const armor = world.addActor({ id: "armor", name: "Animated Armor", type: "npc", system: { attributes: { hp: { value: 20, max: 20, temp: 0 }, immunities: [], weaknesses: [], resistances: [], hardness: { value: 9 } }, traits: { value: ["construct", "mindless"] } } });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(armor, { damage: damageRoll([14, "slashing"]) });
    await settle();
    expect(hp(armor).value).toBe(15);
    expect(readCard(chainCards()[0]!).view?.summary).toMatch(/pf2e applied hardness/);
  });

  it("an NPC the chain takes to 0 HP is marked defeated as pf2e does (actorsDeadAtZero both, its default, or npcsOnly); not under neither", async () => {
    const combatant = () => ({ isDefeated: false, async toggleDefeated() { this.isDefeated = true; } });
    const ogre = creature("ogre");
    const troll = creature("troll");
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    const first = combatant();
    await applyDamagePf2e(ogre, { damage: damageRoll([40, "fire"]), token: { combatant: first } });
    await settle();
    expect([hp(ogre).value, first.isDefeated]).toEqual([0, true]);
    await world.setSetting("pf2e.automation.actorsDeadAtZero", "neither");
    const second = combatant();
    await applyDamagePf2e(troll, { damage: damageRoll([40, "fire"]), token: { combatant: second } });
    await settle();
    expect([hp(troll).value, second.isDefeated]).toEqual([0, false]);
  });

  it("precision and splash damage, and a critical hit on a creature with an entry for critical hits, are left to pf2e; a plain roll is the chain's", async () => {
    const { leftToPf2e } = await import("../../src/foundry/systems/pf2e/apply-damage.ts");
    const shadow = { system: { attributes: { immunities: [{ type: "precision" }, { type: "critical-hits" }] } } };
    const roll = (extra: Record<string, unknown>, degreeOfSuccess?: number) => ({ damage: { instances: [{ type: "slashing", total: 10, ...extra }], ...(degreeOfSuccess === undefined ? {} : { degreeOfSuccess }) } });
    expect(leftToPf2e(roll({ precision: 4 }), shadow)).toEqual(["precision"]);
    expect(leftToPf2e(roll({ splash: 1 }), shadow)).toEqual(["splash"]);
    expect(leftToPf2e(roll({}, 3), shadow)).toEqual(["criticalHits"]);
    expect(leftToPf2e(roll({}, 3), { system: { attributes: {} } })).toEqual([]);
    expect(leftToPf2e(roll({ precision: 0, splash: 0 }), shadow)).toEqual([]);
    expect(leftToPf2e({ ...roll({ persistent: true }), shieldBlockRequest: true }, { system: { attributes: { hardness: { value: 5 } } } })).toEqual(["shieldBlock", "hardness", "persistent"]);
  });

  it("an entry a GM adds by hand reads in pf2e's words on the card: step Resistance, 'Resistance 3 Fire', never FDR or Final Damage Resistance", async () => {
    const { drawn } = await import("./drawn.ts");
    const elemental = creature("elemental", {}, { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(elemental, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect(hp(elemental).value).toBe(23);
    const text = await drawn(chainCards()[0]!);
    expect(text).toMatch(/Resistance 3 Fire/);
    expect(text).toMatch(/Resistance: −3\./);
    expect(text).not.toMatch(/FDR|Final Damage Resistance/);
  });

  it("a silver hit on resistance physical 5 except silver takes it all, and the card names the exception; a plain one is resisted", async () => {
    const { drawn } = await import("./drawn.ts");
    const devil = creature("devil", { resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }] });
    const imp = creature("imp", { resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }] });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(devil, { damage: damageRoll([9, "slashing", ["silver"]]) });
    await applyDamagePf2e(imp, { damage: damageRoll([9, "slashing"]) });
    await settle();
    expect([hp(devil).value, hp(imp).value]).toEqual([21, 26]);
    const devilCard = chainCards().find((m) => readCard(m).deltas[0]!.uuid === devil.uuid)!;
    expect(await drawn(devilCard)).toMatch(/[Ss]ilver/);
  });

  it("a ghost resisting all-damage 5 except force, ghost-touch, spirit, vitality takes full force and 5 less from fire", async () => {
    const iwr = { resistances: [{ type: "all-damage", value: 5, exceptions: ["force", "ghost-touch", "spirit", "vitality"] }] };
    const a = creature("a", iwr);
    const b = creature("b", iwr);
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(a, { damage: damageRoll([10, "force"]) });
    await applyDamagePf2e(b, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect([hp(a).value, hp(b).value]).toEqual([20, 25]);
  });

  it("a gargoyle resisting physical 5 except adamantine: 5 less from bludgeoning, piercing, slashing and bleed, full from an adamantine hit", async () => {
    const iwr = { resistances: [{ type: "physical", value: 5, exceptions: ["adamantine"] }] };
    const types = ["bludgeoning", "piercing", "slashing", "bleed"];
    const gargoyles = types.map((t) => creature(t, iwr));
    const struck = creature("struck", iwr);
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    for (const [i, t] of types.entries()) await applyDamagePf2e(gargoyles[i]!, { damage: damageRoll([10, t]) });
    await applyDamagePf2e(struck, { damage: damageRoll([10, "slashing", ["adamantine"]]) });
    await settle();
    expect([...gargoyles.map((g) => hp(g).value), hp(struck).value]).toEqual([25, 25, 25, 25, 20]);
  });

  it("10 void on an undead with void healing deals 0, and the card says unaffected (pf2e's isAffectedBy)", async () => {
    const { drawn } = await import("./drawn.ts");
    const zombie = world.addActor({ id: "zombie", name: "zombie", type: "npc", system: { traits: { value: ["undead", "mindless"] }, attributes: { hp: { value: 30, max: 30, temp: 0, negativeHealing: true }, immunities: [], weaknesses: [], resistances: [] } } });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(zombie, { damage: damageRoll([10, "void"]) });
    await settle();
    expect(hp(zombie).value).toBe(30);
    expect(chainCards()).toHaveLength(1);
    expect(await drawn(chainCards()[0]!)).toMatch(/Unaffected by Void/);
  });

  it("pf2e's weakness and immunity by the pf2e profile: 10 cold with weakness cold 5 takes 15; 10 fire on a fire-immune one takes 0", async () => {
    const a = creature("a", { weaknesses: [{ type: "cold", value: 5 }] });
    const b = creature("b", { immunities: [{ type: "fire" }] });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(a, { damage: damageRoll([10, "cold"]) });
    await applyDamagePf2e(b, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect([hp(a).value, hp(b).value]).toEqual([15, 30]);
  });
});

describe("replace mode: holy, unholy and area damage (pf2e's IWR#describe, applyIWR)", () => {
  it("a holy fire spell on a fiend with weakness holy 5: 10 fire takes 15; on one immune to fire, 5 (the holy weakness is added once, apart from the instance)", async () => {
    const fiend = creature("fiend", { weaknesses: [{ type: "holy", value: 5 }] });
    const devil = creature("devil", { immunities: [{ type: "fire" }], weaknesses: [{ type: "holy", value: 5 }] });
    const plain = creature("plain", { weaknesses: [{ type: "holy", value: 5 }] });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    const holy = new Set(["item:trait:holy", "item:trait:fire", "item:type:spell"]);
    await applyDamagePf2e(fiend, { damage: damageRoll([10, "fire"]), rollOptions: holy, item: { name: "Holy Fire" } });
    await applyDamagePf2e(devil, { damage: damageRoll([10, "fire"]), rollOptions: holy });
    await applyDamagePf2e(plain, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect([hp(fiend).value, hp(devil).value, hp(plain).value]).toEqual([15, 25, 20]);
    const { drawn } = await import("./drawn.ts");
    expect(await drawn(chainCards()[1]!)).toMatch(/Weakness 5 Holy/);
  });

  it("an unholy action (origin:action:trait:unholy) meets a resistance to unholy; an area spell (the area-damage option) a swarm's weakness to area damage, per instance", async () => {
    const celestial = creature("celestial", { resistances: [{ type: "unholy", value: 5 }, { type: "fire", value: 2 }] });
    const swarm = creature("swarm", { weaknesses: [{ type: "area-damage", value: 5 }] });
    const single = creature("single", { weaknesses: [{ type: "area-damage", value: 5 }] });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(celestial, { damage: damageRoll([12, "fire"]), rollOptions: new Set(["origin:action:trait:unholy"]) });
    await applyDamagePf2e(swarm, { damage: damageRoll([6, "fire"], [4, "cold"]), rollOptions: new Set(["area-damage", "area-effect", "item:type:spell"]) });
    await applyDamagePf2e(single, { damage: damageRoll([6, "fire"]), rollOptions: new Set(["item:type:spell"]) });
    await settle();
    expect([hp(celestial).value, hp(swarm).value, hp(single).value]).toEqual([23, 10, 24]);
    const { drawn } = await import("./drawn.ts");
    // Named as pf2e names them (CONFIG.PF2E.weaknessTypes, resistanceTypes), not "All".
    expect(await drawn(chainCards()[0]!)).toMatch(/Resistance 5 Unholy/);
    expect(await drawn(chainCards()[1]!)).toMatch(/Weakness 5 Area damage/);
  });

  it("replace mode gives pf2e's own numbers (after mode, the double's applyIWR) for holy, unholy and area damage", async () => {
    const iwr = { immunities: [{ type: "fire" }], weaknesses: [{ type: "holy", value: 5 }, { type: "area-damage", value: 3 }], resistances: [{ type: "unholy", value: 4 }, { type: "cold", value: 2 }] };
    const hits: [number, string][][] = [[[10, "fire"]], [[10, "cold"], [6, "fire"]], [[8, "slashing"]], [[3, "cold"]]];
    const options = [["item:trait:holy"], ["origin:action:trait:holy", "area-damage"], ["origin:action:trait:unholy", "area-damage"], ["item:trait:unholy"]];
    await connect();
    const after = await damageTaken("after", () => iwr, hits, options);
    // By hand: 0 + 5; 10+3-2 + 0 + 5; 8+3-4; 3-min(3, max(2, 4)).
    expect(after).toEqual([5, 16, 7, 0]);
    expect(await damageTaken("replace", () => iwr, hits, options)).toEqual(after);
  });
});
