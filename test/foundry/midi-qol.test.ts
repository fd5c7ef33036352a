/**
 * dnd5e with midi-qol. midi-qol calculates each target's damage
 * with dnd5e on the rolling client and writes it on the GM through its socket
 * (`midi-double.ts`). Each hit is resolved by the chain ONCE, with its types,
 * in ONE write, with ONE Damage Chain card next to midi-qol's own; a save is
 * dnd5e's tray multiplier, and midi-qol's damage reduction is never dropped
 * (`midiQolDr` says where it comes off; `midi-qol-rules.test.ts` for the numbers).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DamageTray5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { drawn, readCard } from "./drawn.ts";
import { World, settle, type ActorDouble, type Client, type MessageDouble } from "./double.ts";
import { midiApplyTokenDamage, midiReverse, useMidi } from "./midi-double.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const fire = (value: number) => [{ value, type: "fire", properties: new Set<string>() }];
const chainCards = (world: World): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const midiCards = (world: World): MessageDouble[] => [...world.messages.values()].filter((m) => (m.flags as { midiqol?: unknown }).midiqol !== undefined);

let world: World;
let gm: Client & { api: { undo(id: string): Promise<string> } };
/** A fire-resistant creature to dnd5e (`traits.dr`), 30 HP, no Damage Chain defenses unless given. */
const salamander = (id: string, extra: { flags?: Record<string, unknown>; dm?: number } = {}) => world.addActor({
  id, name: id, type: "npc",
  system: { attributes: { hp: hp5e(30, 30) }, traits: { dr: { value: new Set(["fire"]) }, ...(extra.dm === undefined ? {} : { dm: { midi: { all: extra.dm } } }) } },
  ...(extra.flags === undefined ? {} : { flags: extra.flags }),
});

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  useMidi(world);
  world.addUser("gm", true);
});

const connectGm = async () => (gm = (await world.connect(world.users.get("gm")!)) as typeof gm);
/** A profile with flat reductions (FDR), for the chain's own steps. */
const layered = () => world.setSetting("damage-chain.profile", "layered-armor");

describe("dnd5e + midi-qol: one resolution, one card", () => {
  it("one fire hit on a fire-resistant creature is halved once, not twice, and makes one chain card (after, the default)", async () => {
    const target = salamander("sal");
    await connectGm();
    const midiCard = await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(hp(target).value).toBe(25); // dnd5e's resistance once: 10 → 5
    expect(chainCards(world)).toHaveLength(1);
    expect(midiCards(world)).toEqual([midiCard]);
    expect(world.actorWrites()).toHaveLength(1);
    expect(await drawn(chainCards(world)[0]!)).toContain("Fire");
  });

  it("replace: the chain resolves the raw hit with dnd5e's resistance read live, halved once, one card", async () => {
    const target = salamander("sal");
    await connectGm();
    await world.setSetting("damage-chain.dnd5eMode", "replace");
    await world.setSetting("damage-chain.systemTraits", true);
    await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(hp(target).value).toBe(25);
    expect(chainCards(world)).toHaveLength(1);
    expect(world.actorWrites()).toHaveLength(1);
  });

  it("the chain's own steps are written (after: a flat 3 against fire on dnd5e's 5)", async () => {
    const target = salamander("sal", { flags: { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } } });
    await connectGm();
    await layered();
    await world.setSetting("damage-chain.dnd5eMode", "after");
    await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(hp(target).value).toBe(28);
    expect(chainCards(world)).toHaveLength(1);
  });

  it("a player's roll, written by the GM over the socket: one card per target, each with its save", async () => {
    world.addUser("p1", false);
    const [a, b] = [salamander("a"), salamander("b")];
    await connectGm();
    const player = await world.connect(world.users.get("p1")!);
    await midiApplyTokenDamage(world, player, fire(12), [a, b], new Set([b]));
    await settle();
    expect([hp(a).value, hp(b).value]).toEqual([24, 27]); // 12 → 6; saved: 6 → 3
    expect(chainCards(world)).toHaveLength(2);
  });

  it("two midi-qol hits on one target in the same tick: both count, one card each", async () => {
    world.latency = 20;
    const target = salamander("sal");
    await connectGm();
    await Promise.all([midiApplyTokenDamage(world, gm, fire(10), [target]), midiApplyTokenDamage(world, gm, fire(6), [target])]);
    await settle();
    expect(hp(target).value).toBe(22); // 5 + 3
    expect(chainCards(world)).toHaveLength(2);
  });

  it("dnd5e's own damage tray in a midi-qol world is unchanged: one write, one card, dnd5e's halving once", async () => {
    const target = salamander("sal");
    await connectGm();
    await new DamageTray5e(fire(10)).apply([target]);
    await settle();
    expect(hp(target).value).toBe(25);
    expect(chainCards(world)).toHaveLength(1);
    expect(world.actorWrites()).toHaveLength(1);
  });
});

describe("midi-qol's damage reduction and the chain's steps: midiQolDr", () => {
  it("chain (the default), a profile without the midiDr step: midi-qol's DR is never dropped, it comes off before the chain's steps (10 - 3, then FDR 3: 4 taken)", async () => {
    const target = world.addActor({ id: "ogre", name: "ogre", type: "npc", system: { attributes: { hp: hp5e(30, 30) }, traits: { dm: { midi: { all: -3 } } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } } });
    await connectGm();
    await layered();
    await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(hp(target).value).toBe(26);
    expect(chainCards(world)).toHaveLength(1);
  });

  it("chain + replace + the dnd5e profile: midi-qol's DR after dnd5e's resistance, as midi-qol (12 fire → 6, less 2: 4 taken)", async () => {
    const target = salamander("sal", { dm: -2 });
    await connectGm();
    await midiApplyTokenDamage(world, gm, fire(12), [target]);
    await settle();
    expect(hp(target).value).toBe(26);
    expect(chainCards(world)).toHaveLength(1);
  });

  it("midi: midi-qol's DR first, then the chain on what is left", async () => {
    const target = world.addActor({ id: "ogre", name: "ogre", type: "npc", system: { attributes: { hp: hp5e(30, 30) }, traits: { dm: { midi: { all: -3 } } } } });
    await connectGm();
    await world.setSetting("damage-chain.midiQolDr", "midi");
    await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(hp(target).value).toBe(23);
    expect(chainCards(world)).toHaveLength(1);
  });

  it("replace + midi: the raw hit less midi-qol's DR is resolved by the chain", async () => {
    const target = salamander("sal", { dm: -2 });
    await connectGm();
    await world.setSetting("damage-chain.dnd5eMode", "replace");
    await world.setSetting("damage-chain.midiQolDr", "midi");
    await midiApplyTokenDamage(world, gm, fire(12), [target]);
    await settle();
    expect(hp(target).value).toBe(25); // 12 - 2 = 10 fire; the default dnd5e profile then applies dnd5e's resistance: trunc(10 / 2) = 5
    expect(chainCards(world)).toHaveLength(1);
  });
});

describe("undo from either side", () => {
  it("the chain card's undo restores the hit; midi-qol's reverse afterwards changes nothing and makes no card", async () => {
    const target = salamander("sal", { flags: { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "fire", value: 3 }] } } } });
    await connectGm();
    await layered();
    const before = structuredClone({ system: target.system, flags: target.flags });
    const midiCard = await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(await gm.api.undo(chainCards(world)[0]!.id)).toBe("reverted");
    await settle();
    expect({ system: target.system, flags: target.flags }).toEqual(before);
    await midiReverse(world, gm, midiCard);
    await settle();
    expect({ system: target.system, flags: target.flags }).toEqual(before);
    expect(chainCards(world)).toHaveLength(1);
  });

  it("11.6.32: midi-qol's plain reverse first restores the HP; the chain card's undo afterwards refuses (the actor changed since) and writes nothing", async () => {
    const target = salamander("sal");
    await connectGm();
    const midiCard = await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    await midiReverse(world, gm, midiCard);
    await settle();
    expect(hp(target)).toEqual(hp5e(30, 30));
    expect(await gm.api.undo(chainCards(world)[0]!.id)).toBe("refused");
    await settle();
    expect(hp(target)).toEqual(hp5e(30, 30));
    expect(chainCards(world)).toHaveLength(1);
  });

  it("midi-qol's reverse through dnd5e's hooks (its v13 build) undoes the chain's hit: HP and the chain's state come back, the chain card is marked reverted", async () => {
    const target = salamander("sal", { flags: { "damage-chain": { schemaVersion: 1 } } }); // as the chain's own undo leaves it
    await connectGm();
    await layered(); // layered armor keeps the life lost this round in the actor's flags
    const before = structuredClone({ system: target.system, flags: target.flags });
    const midiCard = await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(target.flags).not.toEqual(before.flags);
    await midiReverse(world, gm, midiCard, true);
    await settle();
    expect({ system: target.system, flags: target.flags }).toEqual(before);
    expect(readCard(chainCards(world)[0]!).reverted).toBe(true);
  });

  it("midi-qol's reverse of an older hit leaves a newer chain hit alone (midi-qol's own write goes ahead)", async () => {
    const target = salamander("sal");
    await connectGm();
    const first = await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await midiApplyTokenDamage(world, gm, fire(4), [target]);
    await settle();
    expect(hp(target).value).toBe(23);
    await midiReverse(world, gm, first, true);
    await settle();
    expect(hp(target).value).toBe(30); // midi-qol writes its old HP back, as without Damage Chain
    expect(chainCards(world).map((m) => readCard(m).reverted)).toEqual([false, false]);
  });

  it.each([false, true])("midi-qol's reverse (through dnd5e's hooks: %s) restores the HP and resolves nothing again", async (viaHooks) => {
    const target = salamander("sal");
    await connectGm();
    const midiCard = await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    await midiReverse(world, gm, midiCard, viaHooks);
    await settle();
    expect(hp(target)).toEqual(hp5e(30, 30));
    expect(chainCards(world)).toHaveLength(1);
    expect(world.actorWrites()).toHaveLength(2);
  });
});

describe("what the rolling client says is checked on the GM", () => {
  it("a forged stash (wrong types, prototype keys) is ignored: midi-qol's own write goes ahead, no crash, no card", async () => {
    const target = salamander("sal");
    await connectGm();
    world.as(gm, () => Hooks.on("dnd5e.calculateDamage", (_a, _d, options) => {
      (options as Record<string, unknown>).damageChain = [{ type: "fire", value: "9999", properties: [] }, JSON.parse("{\"__proto__\":{\"x\":1}}")];
    }));
    await midiApplyTokenDamage(world, gm, fire(10), [target]);
    await settle();
    expect(hp(target).value).toBe(25);
    expect(chainCards(world)).toHaveLength(0);
  });
});

describe("midi-qol by dnd5e's rules (defaults: replace, the dnd5e profile, midiQolDr chain)", () => {
  /** A 60 HP creature with dnd5e traits `traits` and midi-qol's damage reduction against all damage `dr` (`dm.midi.all`, negative as midi-qol keeps it). */
  const creature = (id: string, traits: Record<string, unknown>, dr?: number) => world.addActor({
    id, name: id, type: "npc",
    system: { attributes: { hp: hp5e(60, 60) }, traits: { ...traits, ...(dr === undefined ? {} : { dm: { midi: { all: dr } } }) } },
  });
  const parts = (...list: [number, string][]) => list.map(([value, type]) => ({ value, type, properties: new Set<string>() }));

  it("15 cold, saved, on a cold-vulnerable target deals 15: the save is dnd5e's tray multiplier, one truncation of the sum (not 14)", async () => {
    const target = creature("yeti", { dv: { value: new Set(["cold"]) } });
    await connectGm();
    await midiApplyTokenDamage(world, gm, parts([15, "cold"]), [target], new Set([target]));
    await settle();
    expect(hp(target).value).toBe(45); // 15 × ½ = 7.5, × 2 = 15 (actor.mjs 851, 862, 880)
    expect(chainCards(world)).toHaveLength(1);
  });

  it("15 + 21 fire, saved, on a fire-resistant target deals 8 (not 9)", async () => {
    const target = creature("imp", { dr: { value: new Set(["fire"]) } });
    await connectGm();
    await midiApplyTokenDamage(world, gm, parts([15, "fire"], [21, "fire"]), [target], new Set([target]));
    await settle();
    expect(hp(target).value).toBe(52); // trunc(7.5 / 2) + trunc(10.5 / 2) = 3 + 5
  });

  it("a knight with midi-qol damage reduction 3 against all damage takes 7 from a 10-slashing hit", async () => {
    const target = creature("knight", {}, -3);
    await connectGm();
    await midiApplyTokenDamage(world, gm, parts([10, "slashing"]), [target]);
    await settle();
    expect(hp(target).value).toBe(53);
    expect(chainCards(world)).toHaveLength(1);
  });
});

describe("dnd5e's own damage tray in a midi-qol world keeps midi-qol's damage reduction", () => {
  it.each(["replace", "after"] as const)("%s: a knight with midi-qol DR 3 takes 7 of 10 slashing, one chain card", async (mode) => {
    const knight = world.addActor({ id: "knight", name: "knight", type: "npc", system: { attributes: { hp: hp5e(30, 30) }, traits: { dm: { midi: { all: -3 } } } } });
    await connectGm();
    await world.setSetting("damage-chain.dnd5eMode", mode);
    await new DamageTray5e([{ value: 10, type: "slashing", properties: new Set<string>() }]).apply([knight]);
    await settle();
    expect(hp(knight).value).toBe(23);
    expect(chainCards(world)).toHaveLength(1);
  });

  it("after: midi-qol's DR 10 takes all of 4 piercing: nothing is dealt, as with midi-qol alone", async () => {
    const knight = world.addActor({ id: "knight", name: "knight", type: "npc", system: { attributes: { hp: hp5e(30, 30) }, traits: { dm: { midi: { all: -10 } } } } });
    await connectGm();
    await world.setSetting("damage-chain.dnd5eMode", "after");
    await new DamageTray5e([{ value: 4, type: "piercing", properties: new Set<string>() }]).apply([knight]);
    await settle();
    expect(hp(knight).value).toBe(30);
  });
});
