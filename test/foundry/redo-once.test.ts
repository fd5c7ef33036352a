/**
 * Redo as an operation with one owner: the active GM carries it out and
 * records it, so a second redo, a redo from another client, a redo of a
 * half-bad card and a redo of a card whose `reverted` its author forged are
 * each refused or carried out exactly once; each target takes its own event
 * and share whatever rows players may see.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { readCard } from "./drawn.ts";

type Obj = Record<string, unknown>;
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fire = (amount: number) => ({ parts: [{ amount, types: ["fire"] }], label: "Fireball" });
const redoCards = (world: World, id: string) => [...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { redoOf?: string } } | undefined)?.card?.redoOf === id);
const tryRedo = (api: ApiLike, id: string) => api.redo(id).then((r) => r.result, (e: Error) => `threw ${e.message}`);

let world: World;
let gm: Client & { api: ApiLike };
let ogre: ActorDouble;
let hero: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } } });
  hero = world.addActor({ id: "hero", name: "Hero", type: "character", ownership: { p1: 3 }, system: { attributes: { hp: { value: 40, max: 40 } } } });
  gm = await world.connect(world.users.get("gm")!);
});

describe("redo where NPC rows are hidden", () => {
  it("each target takes its own share again: the NPC its saved half, the PC all of it; the card players receive keeps no row of the NPC", async () => {
    await world.setSetting("damage-chain.cardVisibility", "hideNpc");
    const hit = await gm.api.applyDamage([{ target: ogre, multiplier: 0.5 }, hero], fire(20));
    await settle();
    expect([hp(ogre), hp(hero)]).toEqual([30, 20]);
    const card = readCard(world.messages.get(hit.messageId!)!);
    expect((card.hit as { rows: unknown[] }).rows).toHaveLength(1);
    expect(card.deltas.map((d) => d.uuid)).toEqual([hero.uuid]);
    await gm.api.undo(hit.messageId!);
    expect([hp(ogre), hp(hero)]).toEqual([40, 40]);
    expect((await gm.api.redo(hit.messageId!)).result).toBe("redone");
    await settle();
    expect([hp(ogre), hp(hero)]).toEqual([30, 20]);
  });
});

describe("one owner, one record", () => {
  let player: Client & { api: ApiLike };
  let hit: { messageId: string | null };

  beforeEach(async () => {
    player = await world.connect(world.users.get("p1")!);
    hit = await world.as(player, () => player.api.applyDamage([hero], fire(10)));
    await settle();
    expect(hp(hero)).toBe(30);
    expect(await world.as(player, () => player.api.undo(hit.messageId!))).toBe("relayed");
    await settle();
    expect(hp(hero)).toBe(40);
  });

  it("a player's redo while a GM is connected is recorded: redos from the player and the GM, twice each, redo it once", async () => {
    const results = [];
    for (const client of [player, player, gm, gm]) {
      results.push(await world.as(client, () => tryRedo(client.api, hit.messageId!)));
      await settle();
    }
    expect(results).toEqual(["redone", "already", "already", "already"]);
    expect(hp(hero)).toBe(30);
    expect(redoCards(world, hit.messageId!)).toHaveLength(1);
    expect(redoCards(world, hit.messageId!)[0]!.author.isGM).toBe(true);
  });

  it("a player's and another GM's redo requests reaching the active GM in the same tick redo it once", async () => {
    const other = await world.connect(world.addUser("gm2", true));
    const ask = (c: Client, n: number) => world.relayAs(c, { kind: "redo", requestId: `redo-request-${n}`, userId: c.user.id, messageId: hit.messageId! });
    const answers = (await Promise.all([ask(player, 1), ask(other, 2)])) as { ok: boolean; reason?: string }[];
    await settle();
    expect(answers.map((a) => (a.ok ? "redone" : a.reason)).sort()).toEqual(["DAMAGECHAIN.Notify.RedoAlready", "redone"]);
    expect(hp(hero)).toBe(30);
    expect(redoCards(world, hit.messageId!)).toHaveLength(1);
  });

  it("another GM's redo is carried out by the active GM, once", async () => {
    const other = await world.connect(world.addUser("gm2", true));
    expect(await world.as(other, () => tryRedo(other.api, hit.messageId!))).toBe("redone");
    await settle();
    expect(await world.as(player, () => tryRedo(player.api, hit.messageId!))).toBe("already");
    expect(hp(hero)).toBe(30);
    expect(redoCards(world, hit.messageId!).map((m) => m.author.id)).toEqual(["gm"]);
  });

  it("after the GM's client reloads, the record still refuses a second redo", async () => {
    expect(await world.as(player, () => tryRedo(player.api, hit.messageId!))).toBe("redone");
    await settle();
    // A player wipes the mark off a card they own; the GM's record (the redo card it posted) still holds.
    const card = world.messages.get(hit.messageId!)!;
    delete (card.flags["damage-chain"] as { card: Obj }).card.redone;
    const gm2 = await world.connect(world.users.get("gm")!);
    expect(await world.as(gm2, () => tryRedo(gm2.api, hit.messageId!))).toBe("already");
    expect(hp(hero)).toBe(30);
  });
});

describe("a redo that cannot be carried out whole writes nothing", () => {
  for (const bad of [1.5, 64, 1000]) {
    it(`a part index of ${bad} on the second event: refused before anything is written, and again on retry`, async () => {
      const hit = await gm.api.applyDamage([ogre, hero], fire(10));
      await settle();
      await gm.api.undo(hit.messageId!);
      const card = world.messages.get(hit.messageId!)!;
      const data = (card.flags["damage-chain"] as { card: { hit: { events: Obj[]; rows: number[][] } } }).card.hit;
      data.events.push({ ...data.events[0], label: "Other" });
      data.rows = [[0], [1, 1, bad]];
      for (let i = 0; i < 3; i++) expect(await world.as(gm, () => tryRedo(gm.api, hit.messageId!))).toBe("invalid");
      await settle();
      expect([hp(ogre), hp(hero)]).toEqual([40, 40]);
      expect(world.messages.size).toBe(1);
    });
  }
});

describe("reverted is the author's word", () => {
  it("a player's own standing card, forged as reverted, is not redone by the GM", async () => {
    const gmUser = world.users.get("gm")!;
    const player = await world.connect(world.users.get("p1")!);
    // The GM away: the player's client writes its own actor and posts the card itself.
    gmUser.active = false;
    const hit = await world.as(player, () => player.api.applyDamage([hero], fire(10)));
    await settle();
    gmUser.active = true;
    expect(hp(hero)).toBe(30);
    const card = world.messages.get(hit.messageId!)! as MessageDouble;
    expect(card.author.id).toBe("p1");
    await world.as(player, () => card.update({ "flags.damage-chain.card.reverted": true }));
    expect(await world.as(gm, () => tryRedo(gm.api, hit.messageId!))).toBe("refused");
    expect(await world.as(player, () => tryRedo(player.api, hit.messageId!))).toBe("refused");
    await settle();
    expect(hp(hero)).toBe(30);
  });
});
