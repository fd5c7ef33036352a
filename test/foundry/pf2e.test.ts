/**
 * pf2e's own damage application in a pf2e world: pf2e resolves its IWR and
 * writes HP once with `damageTaken`; the chain then runs ONCE on that write
 * with the roll's types, materials and traits (one write, one Damage Chain
 * card, no second untyped run), and pf2e's undo of a hit the chain resolved
 * is made harmless. Double: `pf2e-double.ts` (pf2e 85f6ef2). Replace mode
 * (the chain resolves pf2e's IWR itself) is in `pf2e-replace.test.ts`.
 */
import { describe, expect, it } from "vitest";
import { settle } from "./double.ts";
import { readCard } from "./drawn.ts";
import { applyDamagePf2e, damageRoll, undoDamagePf2e } from "./pf2e-double.ts";
import { chainCards, connect, creature, gm, hp, pf2eCards, usePf2eWorld, world } from "./pf2e-world.ts";

usePf2eWorld();
describe("pf2e's applyDamage", () => {
  it("10 fire on a creature resisting fire 5, no Damage Chain defenses: 5 taken (pf2e's IWR), one write, one chain card naming Fire", async () => {
    const elemental = creature("elemental", { resistances: [{ type: "fire", value: 5 }] });
    await connect();
    await applyDamagePf2e(elemental, { damage: damageRoll([10, "fire"]), item: { name: "Produce Flame" } });
    await settle();
    expect(hp(elemental).value).toBe(25);
    expect(world.actorWrites()).toHaveLength(1);
    expect(chainCards()).toHaveLength(1);
    expect(pf2eCards()).toHaveLength(1);
    const card = readCard(chainCards()[0]!);
    expect(card.view?.summary).toMatch(/Produce Flame: 5 Fire/);
  });

  it("the chain's own defenses act on pf2e's result with the roll's types: FDR 3 fire under layered armor, 10 fire less 5 → 2", async () => {
    const elemental = creature("elemental", { resistances: [{ type: "fire", value: 5 }] }, { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } });
    await connect();
    await world.setSetting("damage-chain.profile", "layered-armor");
    await applyDamagePf2e(elemental, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect(hp(elemental).value).toBe(28);
    expect(world.actorWrites()).toHaveLength(1);
    expect(chainCards()).toHaveLength(1);
  });

  it("a silver hit on a creature resisting physical 5 except silver takes it all (pf2e's exception), and the roll's material reaches the chain as a trait", async () => {
    const devil = creature("devil", { resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }] });
    await connect();
    await applyDamagePf2e(devil, { damage: damageRoll([9, "slashing", ["silver"]]), rollOptions: new Set(["item:trait:magical"]) });
    await settle();
    expect(hp(devil).value).toBe(21);
    const event = readCard(chainCards()[0]!);
    expect(event.view?.summary).toMatch(/9 Slashing/);
  });

  it("a hit temp HP absorbs entirely still goes through the chain: a card, and the chain's FDR 3 fire acts (6 fire on 10 temp HP → temp 7)", async () => {
    const elemental = world.addActor({ id: "elemental", name: "elemental", type: "npc", system: { attributes: { hp: { value: 30, max: 30, temp: 10 }, immunities: [], weaknesses: [], resistances: [] } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } } });
    await connect();
    await world.setSetting("damage-chain.profile", "layered-armor");
    await applyDamagePf2e(elemental, { damage: damageRoll([6, "fire"]) });
    await settle();
    expect([hp(elemental).value, hp(elemental).temp]).toEqual([30, 7]);
    expect(world.actorWrites()).toHaveLength(1);
    expect(chainCards()).toHaveLength(1);
  });

  it("a token HUD drop in a pf2e world stays an untyped hit, as in any system", async () => {
    const goblin = creature("goblin");
    await connect();
    await goblin.update({ "system.attributes.hp.value": 24 });
    await settle();
    expect(hp(goblin).value).toBe(24);
    expect(chainCards()).toHaveLength(1);
  });
});

describe("undo", () => {
  it("pf2e's Undo on a hit the chain took part in undoes through the chain: HP exactly as before (not pf2e's 5 back: 33 on 30), the card marked undone, one undo", async () => {
    const elemental = creature("elemental", { resistances: [{ type: "fire", value: 5 }] }, { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } });
    await connect();
    await world.setSetting("damage-chain.profile", "layered-armor");
    await applyDamagePf2e(elemental, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect(hp(elemental).value).toBe(28);
    await undoDamagePf2e(elemental, pf2eCards()[0]!);
    await settle();
    expect(hp(elemental).value).toBe(30);
    expect(readCard(chainCards()[0]!).reverted).toBe(true);
    await undoDamagePf2e(elemental, pf2eCards()[0]!); // a second pf2e Undo: the card is already undone, nothing is written
    await settle();
    expect(hp(elemental).value).toBe(30);
    expect(await gm.api.undo(chainCards()[0]!.id)).toBe("already");
  });

  it("pf2e's Undo of an older hit refuses as the chain's undo does (a newer hit on the actor): nothing written, the GM told why", async () => {
    const elemental = creature("elemental", {}, { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 1 }] } } });
    await connect();
    await world.setSetting("damage-chain.profile", "layered-armor");
    await applyDamagePf2e(elemental, { damage: damageRoll([5, "fire"]) });
    await settle();
    await applyDamagePf2e(elemental, { damage: damageRoll([7, "fire"]) });
    await settle();
    expect(hp(elemental).value).toBe(20);
    await undoDamagePf2e(elemental, pf2eCards()[0]!);
    await settle();
    expect(hp(elemental).value).toBe(20);
    expect(gm.notes.at(-1)?.text).toMatch(/only the newest hit on an actor can be undone/);
    expect(chainCards().map((m) => readCard(m).reverted)).toEqual([false, false]);
    await undoDamagePf2e(elemental, pf2eCards()[1]!);
    await undoDamagePf2e(elemental, pf2eCards()[0]!);
    await settle();
    expect(hp(elemental).value).toBe(30);
    expect(chainCards().map((m) => readCard(m).reverted)).toEqual([true, true]);
  });

  it("pf2e's healing and its Undo stay pf2e's, beside a chain hit: heal 5, undo the heal (pf2e's own), then undo the hit through the chain; never above max HP", async () => {
    const elemental = creature("elemental", {}, { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } });
    await connect();
    await world.setSetting("damage-chain.profile", "layered-armor");
    await applyDamagePf2e(elemental, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect(hp(elemental).value).toBe(23);
    await applyDamagePf2e(elemental, { damage: -5 });
    await settle();
    expect(hp(elemental).value).toBe(28);
    await undoDamagePf2e(elemental, pf2eCards()[1]!);
    await settle();
    expect(hp(elemental).value).toBe(23);
    await undoDamagePf2e(elemental, pf2eCards()[0]!);
    await settle();
    expect(hp(elemental).value).toBe(30);
    expect(readCard(chainCards()[0]!).reverted).toBe(true);
  });

  it("pf2e's undo on an actor without a chain hit runs as pf2e's, and is no hit", async () => {
    const wall = creature("wall");
    await connect();
    await world.setSetting("damage-chain.damageUpdates", "none"); // no chain hit: only pf2e's own damage and undo
    await applyDamagePf2e(wall, { damage: 6 });
    await settle();
    const before = chainCards().length;
    expect(hp(wall).value).toBe(24);
    await undoDamagePf2e(wall, pf2eCards()[0]!);
    await settle();
    expect(hp(wall).value).toBe(30);
    expect(chainCards().length).toBe(before);
  });
});

describe("privacy", () => {
  it("in a pf2e world NPC rows are hidden from players by default (hideNpc, as in dnd5e): a player sees no card of a hit on an NPC", async () => {
    world.addUser("p1", false);
    const goblin = creature("goblin", { resistances: [{ type: "fire", value: 5 }] });
    await connect();
    expect(game.settings!.get("damage-chain", "cardVisibility")).toBe("hideNpc");
    await applyDamagePf2e(goblin, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect(hp(goblin).value).toBe(25);
    expect(chainCards()).toHaveLength(1);
    expect(chainCards().filter((m) => m.visibleTo(world.users.get("p1")!))).toEqual([]);
  });
});

describe("pf2e conditions", () => {
  it("a hit's conditions turn on pf2e's own conditions by their slugs (dying, not core's unconscious; stunned, not stun), through toggleStatusEffect, which pf2e routes to toggleCondition", async () => {
    const kobold = creature("kobold", {}, { "damage-chain": { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "prone" }, { type: "cold", gains: "stunned" }] } } });
    await connect();
    gm.api.profiles.register({ id: "frost", name: "Frost", steps: [{ step: "life" }, { step: "triggers" }] });
    await gm.api.applyDamage([kobold], { parts: [{ amount: 30, types: ["cold"] }] }, { profile: "frost" });
    await settle();
    expect([...kobold.statuses].sort()).toEqual(["dying", "prone", "stunned"]);
  });
});
