/**
 * Daggerheart's own damage application in a Daggerheart world: the system's
 * `Actor#takeDamage` is wrapped (`systems/daggerheart/take-damage.ts`), the
 * main damage runs through the `daggerheart` profile once (the system's
 * resistance, then its thresholds as the card's last stage), ONE write by the
 * active GM, ONE card, undo. Double: `daggerheart-double.ts` (Foundryborne/daggerheart 00512b7).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { drawn, readCard } from "./drawn.ts";
import { damageRoll, prompt, takeDamage, useDaggerheart } from "./daggerheart-double.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
const marked = (a: ActorDouble) => (a.system.resources as Record<string, { value: number }>).hitPoints!.value;
const stress = (a: ActorDouble) => (a.system.resources as Record<string, { value: number }>).stress!.value;
const cards = (): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const res = (resistance = false, immunity = false, reduction = 0) => ({ resistance, immunity, reduction });
const adversary = (id: string, physical = res()) =>
  world.addActor({
    id, name: id, type: "adversary",
    system: {
      type: "standard", tier: 1, resistance: { physical, magical: res() }, damageThresholds: { major: 8, severe: 13 },
      resources: { hitPoints: { value: 0, max: 6 }, stress: { value: 0, max: 3 } },
      rules: { damageReduction: { reduceSeverity: { physical: 0, magical: 0 }, thresholdImmunities: { minor: false } } },
    },
  });
const character = (id: string, armor: { value: number; max: number }) =>
  world.addActor({
    id, name: id, type: "character", ownership: { p1: 3 },
    system: { resistance: { physical: res(), magical: res() }, damageThresholds: { major: 5, severe: 10 }, armorScore: armor, resources: { hitPoints: { value: 0, max: 6 }, stress: { value: 0, max: 6 } }, rules: { damageReduction: {} } },
  });

beforeEach(async () => {
  world = new World();
  useDaggerheart(world);
  world.addUser("gm", true);
  world.addUser("p1", false);
});

const connect = async () => {
  gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
  player = (await world.connect(world.users.get("p1")!)) as typeof player;
  world.activate(gm); // the GM applies, unless a test says the player does
};

describe("Daggerheart's takeDamage through the chain", () => {
  it("the acceptance case: 13 physical on physical resistance (thresholds 8/13), applied by a player: 7 damage, 1 HP marked, one write by the GM, one card with the threshold stage; undo restores", async () => {
    const brute = adversary("brute", res(true));
    await connect();
    expect(game.settings!.get("damage-chain", "profile")).toBe("daggerheart");
    world.users.get("p1")!.targets.add({ actor: brute }); // the player's target, as the chat card's button applies to it
    const updates = await world.as(player, () => takeDamage(brute, damageRoll(13, "physical")));
    await settle();
    expect(marked(brute)).toBe(1);
    expect(updates).toEqual([expect.objectContaining({ key: "hitPoints", value: 1 })]);
    expect(world.actorWrites()).toEqual([{ ids: ["brute"], userId: "gm" }]);
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.author.id).toBe("gm");
    const html = await drawn(cards()[0]!);
    expect(html).toContain("Thresholds 8/13: 7 damage marks 1 Hit Points.");
    expect(html).toContain("Resistant: 13 is halved, rounded up, then reduced by 0: 7.");
    expect(readCard(cards()[0]!).deltas).toHaveLength(1);
    expect(await gm.api.undo(cards()[0]!.id)).toBe("reverted");
    await settle();
    expect(marked(brute)).toBe(0);
  });

  it("without resistance the same 13 physical reaches Severe: 3 marked, as the system's own takeDamage gives", async () => {
    const brute = adversary("brute");
    await connect();
    await takeDamage(brute, damageRoll(13, "physical"));
    await settle();
    expect(marked(brute)).toBe(3);
  });

  it("Massive Damage on: 26 physical on Severe 13 marks 4", async () => {
    world = new World();
    useDaggerheart(world, { massiveDamage: true });
    world.addUser("gm", true);
    const brute = adversary("brute");
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    await takeDamage(brute, damageRoll(26, "physical"));
    await settle();
    expect(marked(brute)).toBe(4);
  });

  it("the call's other resources go on to the system: 5 physical and 1 Stress → 1 HP marked by the chain, 1 Stress by the system", async () => {
    const brute = adversary("brute");
    await connect();
    await takeDamage(brute, { ...damageRoll(5, "physical"), resources: { stress: { total: 1, options: {} } } });
    await settle();
    expect([marked(brute), stress(brute)]).toEqual([1, 1]);
    expect(cards()).toHaveLength(1);
  });

  it("a character whose armor slots could reduce the hit is left to the system's own prompt: no chain card", async () => {
    const hero = character("hero", { value: 0, max: 3 });
    await connect();
    prompt.armorAnswer = (marks) => marks - 1; // the player marks an armor slot
    await world.as(player, () => takeDamage(hero, damageRoll(12, "physical")));
    await settle();
    expect(prompt.asked).toBe(1);
    expect(marked(hero)).toBe(2);
    expect(cards()).toHaveLength(0);
  });

  it("a character with no armor slot left, and direct damage to any character, go through the chain", async () => {
    const spent = character("spent", { value: 3, max: 3 });
    const hero = character("hero", { value: 0, max: 3 });
    await connect();
    await takeDamage(spent, damageRoll(12, "physical"));
    await takeDamage(hero, damageRoll(4, "magical"), true);
    await settle();
    expect([marked(spent), marked(hero)]).toEqual([3, 1]);
    expect(prompt.asked).toBe(0);
    expect(cards()).toHaveLength(2);
  });

  it("marking or clearing Hit Points on the sheet (a direct write of hitPoints.value) is no hit: no card, the marks stay as written", async () => {
    const brute = adversary("brute");
    await connect();
    await brute.update({ "system.resources.hitPoints.value": 2 });
    await settle();
    expect(marked(brute)).toBe(2);
    await brute.update({ "system.resources.hitPoints.value": 0 }); // a drop of the value: healing, not damage
    await settle();
    expect(marked(brute)).toBe(0);
    expect(cards()).toHaveLength(0);
  });
});

describe("a refused hit", () => {
  it("a player's damage on a creature they do not target is refused by the GM: nothing marked, no card, and takeDamage still answers with its updates", async () => {
    const brute = adversary("brute");
    await connect();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const updates = await world.as(player, () => takeDamage(brute, damageRoll(13, "physical")));
    await settle();
    expect(warned).toHaveBeenCalledWith("damage-chain | brute: the damage was not applied", expect.objectContaining({ key: "DAMAGECHAIN.Notify.RelayNotAllowed" }));
    warned.mockRestore();
    expect(marked(brute)).toBe(0);
    expect(cards()).toHaveLength(0);
    expect(updates).toEqual([expect.objectContaining({ key: "hitPoints", value: 0 })]);
    expect(player.notes.at(-1)!.text).toMatch(/target it first/);
  });
});
