// @vitest-environment happy-dom
/**
 * The damage history tells the truth: every target's row is in the GM's log
 * (GM parts included), an undo is credited only as a GM-authored record says,
 * a redo still running is not shown as done, a row says damage and HP lost
 * apart where they differ, and what a player receives keeps no hidden row.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { damageHistory } from "../../src/foundry/apps/history.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { drawn } from "./drawn.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fire = (amount: number) => ({ parts: [{ amount, types: ["fire"] }], label: "Fireball" });

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let ogre: ActorDouble;
let hero: ActorDouble;

const seenBy = (id: string) => [...world.messages.values()].filter((m) => m.visibleTo(world.users.get(id)!));
const historyOf = (client: Client, id: string) => world.as(client, () => damageHistory(seenBy(id) as never[], 200));

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } } });
  hero = world.addActor({ id: "hero", name: "Hero", type: "character", ownership: { p1: 3 }, system: { attributes: { hp: { value: 40, max: 40 } } } });
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

describe("every target's row is in the GM's log; what a player receives keeps no hidden row", () => {
  it("under hideNpc, a mixed card's NPC row (its GM part) is in the GM's log and nowhere in the player's", async () => {
    await world.setSetting("damage-chain.cardVisibility", "hideNpc");
    const hit = await world.as(gm, () => gm.api.applyDamage([{ target: ogre, multiplier: 0.5 }, hero], fire(20)));
    await settle();
    const mine = historyOf(gm, "gm");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.messageId).toBe(hit.messageId);
    expect(mine[0]!.targets.map((t) => [t.name, t.dealt, t.hp])).toEqual([
      ["Hero", 20, { before: 40, after: 20 }],
      ["Ogre", 10, { before: 40, after: 30 }],
    ]);
    const theirs = historyOf(player, "p1");
    expect(theirs.map((e) => e.targets.map((t) => t.name))).toEqual([["Hero"]]);
    expect(JSON.stringify(theirs)).not.toMatch(/Ogre|ogre/);
    expect(JSON.stringify(seenBy("p1").map((m) => [m.content, m.flags]))).not.toMatch(/Ogre|ogre/);
  });
});

describe("an undo is credited only as the GM-authored record says", () => {
  async function playerCard(): Promise<MessageDouble> {
    const gmUser = world.users.get("gm")!;
    gmUser.active = false; // the GM away: the player's client writes its own actor and posts the card itself
    const hit = await world.as(player, () => player.api.applyDamage([hero], fire(10)));
    await settle();
    gmUser.active = true;
    const card = world.messages.get(hit.messageId!)!;
    expect(card.author.id).toBe("p1");
    return card;
  }

  it("a player's own card whose undo mark the player wrote, crediting the GM, shows no undo by the GM", async () => {
    const card = await playerCard();
    await world.as(player, () => card.update({ "flags.damage-chain.card.reverted": true, "flags.damage-chain.card.undone": { at: Date.now() + 1000, by: "gm" } }));
    const history = historyOf(gm, "gm");
    expect(history.filter((e) => e.kind === "undo" && e.applierId === "gm")).toEqual([]);
    expect(hp(hero)).toBe(30);
  });

  it("a player's card the GM undid (asked through the relay) shows the GM's record: undone for the player who asked", async () => {
    const card = await playerCard();
    expect(await world.as(player, () => player.api.undo(card.id))).toBe("relayed");
    await settle();
    expect(hp(hero)).toBe(40);
    // The player rewrites the mark on their own card afterwards; the GM's record still says who.
    await world.as(player, () => card.update({ "flags.damage-chain.card.undone": { at: 1, by: "gm" } }));
    const undo = historyOf(gm, "gm").find((e) => e.kind === "undo");
    expect(undo?.applierId).toBe("p1");
    expect(undo?.time).not.toBe(1);
  });
});

describe("a redo still running", () => {
  it("is not shown as redone with an empty id, nor offered again", async () => {
    const hit = await world.as(gm, () => gm.api.applyDamage([ogre], fire(10)));
    await world.as(gm, () => gm.api.undo(hit.messageId!));
    await world.as(gm, () => world.messages.get(hit.messageId!)!.update({ "flags.damage-chain.card.redone": "" })); // the mark a redo writes before its hit
    const entry = historyOf(gm, "gm").find((e) => e.kind === "hit")!;
    expect(entry.redone).toBeUndefined();
    expect(entry.redoable).toBe(false);
  });
});

describe("damage and HP lost, apart where they differ", () => {
  it("a hit that takes the actor to 0: the history and the card say both numbers", async () => {
    const hit = await world.as(gm, () => gm.api.applyDamage([ogre, hero], fire(50)));
    await settle();
    const entry = historyOf(gm, "gm")[0]!;
    expect(entry.targets.map((t) => [t.name, t.dealt, t.lost])).toEqual([["Ogre", 50, 40], ["Hero", 50, 40]]);
    const html = await world.as(gm, () => drawn(world.messages.get(hit.messageId!)!));
    expect(html).toContain("40 HP lost");
  });

  it("where they are the same, only the damage", async () => {
    const hit = await world.as(gm, () => gm.api.applyDamage([ogre], fire(10)));
    await settle();
    expect(historyOf(gm, "gm")[0]!.targets[0]!.lost).toBeUndefined();
    expect(await world.as(gm, () => drawn(world.messages.get(hit.messageId!)!))).not.toContain("HP lost");
  });
});
