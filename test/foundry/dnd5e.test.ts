/**
 * dnd5e: damage applied through the system's own damage application keeps
 * its types and properties (magical, silvered, adamantine become traits); the
 * `dnd5eMode` setting makes the chain replace dnd5e's resistances or run
 * after them. Each application: ONE write (dnd5e's own update, rewritten),
 * ONE card; the hits of one damage roll share one card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyDamage5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { drawn } from "./drawn.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const defenses = { resistances: [{ type: "fire", label: "Fire ward" }, { type: "slashing", limit: 10, condition: "notSilvered", label: "Lycanthropy" }] };
const roll = () => [
  { value: 12, type: "fire", properties: new Set(["mgc"]) },
  { value: 6, type: "slashing", properties: new Set(["sil"]) },
];

let world: World;
let wolf: ActorDouble;
const seed = (id: string) => ({
  id,
  name: id,
  type: "npc",
  system: { attributes: { hp: hp5e(30, 30, 5) }, traits: { dr: { value: new Set(["fire"]) } } },
  flags: { "damage-chain": { schemaVersion: 1, defenses } },
});

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  wolf = world.addActor(seed("wolf"));
  await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.dnd5eMode", "replace");
  await world.setSetting("damage-chain.profile", "revised-4e"); // a seed profile's chain defenses; a dnd5e world starts on the dnd5e profile
});

describe("dnd5e damage hooks", () => {
  it("replace: the chain replaces dnd5e's resistances and keeps types and properties", async () => {
    await applyDamage5e(wolf, roll(), { isDelta: true });
    await settle();
    // Fire 12, resisted (001, no limit, attack): 12 - 6 = 6. Slashing 6: the resistance needs "not silvered"; the hit is silvered (dnd5e `sil`). Total 12: temp 5 first, then 7 HP.
    expect(hp(wolf)).toEqual(hp5e(23, 30, 0));
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    const card = await drawn([...world.messages.values()][0]!);
    expect(card).toContain("Magical, Silvered");
    expect(card).toContain("Fire ward");
  });

  it("after: the chain runs on dnd5e's result", async () => {
    await world.setSetting("damage-chain.dnd5eMode", "after");
    await applyDamage5e(wolf, roll(), { isDelta: true });
    await settle();
    // dnd5e halves fire: 6; the chain's Resist fire halves again: 3. Slashing 6. Total 9: temp 5, then 4 HP.
    expect(hp(wolf)).toEqual(hp5e(26, 30, 0));
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
  });

  it("dnd5e's own HUD path (numeric damage) is resolved once, not again by preUpdateActor", async () => {
    await applyDamage5e(wolf, 10, { isDelta: true });
    await settle();
    expect(hp(wolf)).toEqual(hp5e(25, 30, 0));
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    expect((wolf.flags["damage-chain"] as { state: { roundLifeLost: number } }).state.roundLifeLost).toBe(10);
  });

  it("a dnd5e application cancelled after the chain resolved it (a later dnd5e.preApplyDamage handler returns false) leaves nothing behind", async () => {
    // dnd5e 5.x Actor5e#applyDamage: `if (Hooks.call("dnd5e.preApplyDamage", ...) === false) return this;` — no update, no dnd5e.applyDamage.
    Hooks.on("dnd5e.preApplyDamage", () => false);
    await applyDamage5e(wolf, roll(), { isDelta: true });
    await settle();
    expect(hp(wolf)).toEqual(hp5e(30, 30, 5));
    expect(world.actorWrites()).toHaveLength(0);
    // The next HP decrease of that actor (a direct update) still runs through the chain: 10 untyped, no resistance applies.
    await wolf.update({ "system.attributes.hp.value": 20 });
    await settle();
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    expect((wolf.flags["damage-chain"] as { state: { roundLifeLost: number } }).state.roundLifeLost).toBe(10);
  });

  it("a dnd5e application the chain does not take (mixed damage and healing) stays dnd5e's: preUpdateActor does not run the chain on dnd5e's result", async () => {
    wolf.flags["damage-chain"] = { schemaVersion: 1, defenses: { resistances: [{ type: "physical", label: "Thick hide" }] } };
    await applyDamage5e(wolf, [{ value: 12, type: "fire" }, { value: -2, type: "healing" }], { isDelta: true });
    await settle();
    // dnd5e alone: its own fire resistance halves 12 to 6, the healing takes 2 off: 4, from temp HP first.
    expect(hp(wolf)).toEqual(hp5e(30, 30, 1));
    expect(world.messages.size).toBe(0);
    expect(wolf.flags["damage-chain"]).toEqual({ schemaVersion: 1, defenses: { resistances: [{ type: "physical", label: "Thick hide" }] } });
  });

  it("a hit a damage-chain.preResolve handler cancels is not resolved again through preUpdateActor", async () => {
    const seen: unknown[] = [];
    Hooks.on("damage-chain.preResolve", (_actor, event) => {
      seen.push(structuredClone(event));
      return false;
    });
    await applyDamage5e(wolf, roll(), { isDelta: true });
    await settle();
    expect(seen).toHaveLength(1); // asked once, for the typed dnd5e hit
    expect(world.messages.size).toBe(0);
    expect(world.actorWrites()).toHaveLength(1); // dnd5e's own write
  });

  it("leaves no trace of its bookkeeping in the actor data dnd5e writes", async () => {
    await applyDamage5e(wolf, roll(), { isDelta: true });
    await settle();
    expect(Object.keys(wolf).filter((k) => k.startsWith("damage-chain"))).toEqual([]);
  });

  it("leaves healing to dnd5e", async () => {
    hp(wolf).value = 10;
    await applyDamage5e(wolf, [{ value: -5, type: "healing" }]);
    await settle();
    expect(hp(wolf).value).toBe(15);
    expect(world.messages.size).toBe(0);
  });

  it("gathers the hits of one dnd5e application (one roll, several targets) into ONE card", async () => {
    const bear = world.addActor(seed("bear"));
    const origin = { originatingMessage: { id: "roll-1" } };
    const gm = world.clients[0] as Awaited<ReturnType<World["connect"]>>;
    await gm.finish.inApplication("roll-1", async () => {
      await applyDamage5e(wolf, roll(), { ...origin });
      await applyDamage5e(bear, roll(), { ...origin });
    });
    await settle();
    expect(world.actorWrites()).toHaveLength(2);
    expect(world.messages.size).toBe(1);
    expect((await drawn([...world.messages.values()][0]!)).match(/damage-chain-card__target"/g)).toHaveLength(2);
  });
});
