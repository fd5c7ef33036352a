/**
 * Undo, then Redo: the actor ends where it was after the hit,
 * both new cards say what happened, a hit is redone once, a forged card is
 * never redone by the GM, and the redo runs the chain as it stands now.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";
import { readCard } from "./drawn.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fireball = { parts: [{ amount: 12, types: ["fire"] }], label: "Fireball" };

let world: World;
let gm: Client & { api: ApiLike };
let ogre: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5 }] } } } });
  gm = await world.connect(world.users.get("gm")!);
});

describe("redo", () => {
  it("undo the newest hit, then redo it: the actor ends where it was after the hit; the redo's card says so; redo again is refused", async () => {
    const hit = await gm.api.applyDamage([ogre], fireball);
    await settle();
    const after = hp(ogre);
    expect(after).toBe(40 - 7); // Resist 5 fire (001: min(half, 5))
    expect(await gm.api.undo(hit.messageId!)).toBe("reverted");
    expect(hp(ogre)).toBe(40);
    const redo = await gm.api.redo(hit.messageId!);
    await settle();
    expect(redo.result).toBe("redone");
    expect(hp(ogre)).toBe(after);
    const redoCard = world.messages.get(redo.messageIds![0]!)!;
    expect(readCard(redoCard).view!.summary).toMatch(/^Redo of Fireball: 12 Fire/);
    expect(readCard(world.messages.get(hit.messageId!)!).redone).toBe(redoCard.id);
    expect((await gm.api.redo(hit.messageId!)).result).toBe("already");
    expect(world.messages.size).toBe(2);
  });

  it("a hit that was not undone is not redone", async () => {
    const hit = await gm.api.applyDamage([ogre], fireball);
    expect((await gm.api.redo(hit.messageId!)).result).toBe("notUndone");
    expect(hp(ogre)).toBe(33);
  });

  it("redoes through the chain as it stands now, with each target's share", async () => {
    const hit = await gm.api.applyDamage([{ target: ogre, multiplier: 0.5 }], fireball);
    await gm.api.undo(hit.messageId!);
    ogre.flags["damage-chain"] = { schemaVersion: 1, defenses: {} }; // the GM removed the resistance since
    const redo = await gm.api.redo(hit.messageId!);
    await settle();
    expect(redo.result).toBe("redone");
    expect(hp(ogre)).toBe(40 - 6); // half of 12, no resistance now
  });

  it("a player's forged card, undone and redone by the GM, is refused and changes nothing", async () => {
    const player = await world.connect(world.users.get("p1")!);
    const forged = await world.as(player, () =>
      world.createMessage({ content: "<p>card</p>", flags: { "damage-chain": { card: { version: 2, applier: "gm", reverted: true, undo: { paths: [], values: [], rows: [[ogre.uuid, [], []]] }, view: { summary: "x", profile: "x", lines: [], entries: [], imgs: [], rows: [{ n: "Ogre", i: 999, f: 999 }] }, hit: { events: [{ parts: [{ amount: 999, types: ["fire"] }] }], rows: [[0]] } } } } }),
    );
    const result = await world.as(gm, () => gm.api.redo(forged.id));
    expect(result.result).toBe("refused");
    expect(hp(ogre)).toBe(40);
  });
});

describe("damage history", () => {
  it("after a hit, its undo and its redo, the history shows the three events, newest first, with who, what and HP", async () => {
    const { damageHistory, filterHistory } = await import("../../src/foundry/apps/history.ts");
    const hit = await gm.api.applyDamage([ogre], fireball);
    await gm.api.undo(hit.messageId!);
    const redo = await gm.api.redo(hit.messageId!);
    await settle();
    const history = world.as(gm, () => damageHistory([...world.messages.values()] as never[], 200));
    expect(history.map((e) => [e.kind, e.messageId])).toEqual([["hit", redo.messageIds![0]], ["undo", hit.messageId], ["hit", hit.messageId]]);
    expect(history.map((e) => e.targets[0]!.hp)).toEqual([{ before: 40, after: 33 }, { before: 33, after: 40 }, { before: 40, after: 33 }]);
    expect(history.every((e) => e.applierName === "gm")).toBe(true);
    expect(history[0]!.label).toMatch(/^Redo of Fireball/);
    expect(history[2]).toMatchObject({ reverted: true, redone: redo.messageIds![0] });
    expect(filterHistory(history, { actor: "Actor.nobody" })).toEqual([]);
    expect(world.as(gm, () => damageHistory([...world.messages.values()] as never[], 1)).map((e) => e.kind)).toEqual(["hit"]); // only the newest message is read
  });

  it("a player's forged card is not shown as the GM's hit", async () => {
    const { damageHistory } = await import("../../src/foundry/apps/history.ts");
    const player = await world.connect(world.users.get("p1")!);
    await world.as(player, () =>
      world.createMessage({ content: "<p>card</p>", flags: { "damage-chain": { card: { version: 2, applier: "gm", reverted: false, undo: { paths: [], values: [], rows: [[ogre.uuid, [], []]] }, view: { summary: "x", profile: "x", lines: [], entries: [], imgs: [], rows: [{ n: "Ogre", i: 999, f: 999 }] } } } } }),
    );
    expect(world.as(gm, () => damageHistory([...world.messages.values()] as never[], 200))).toEqual([]);
  });
});

it("two redos of one card in one tick redo it once", async () => {
  const hit = await gm.api.applyDamage([ogre], fireball);
  await gm.api.undo(hit.messageId!);
  const [a, b] = await Promise.all([gm.api.redo(hit.messageId!), gm.api.redo(hit.messageId!)]);
  await settle();
  expect([a.result, b.result].sort()).toEqual(["already", "redone"]);
  expect(hp(ogre)).toBe(33);
});
