/**
 * A redo of a card a player posted believes its `reverted` only as a GM can
 * vouch for it: the GM's undo record (`card/undo-record.ts`), or the actor
 * still exactly as the undo left it (its `hits` counter too). A forged mark
 * followed by a later hit is refused; a genuine undo, a later hit and a redo
 * still work where a GM carried out the undo.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fire = (amount: number) => ({ parts: [{ amount, types: ["fire"] }], label: "Fireball" });
const tryRedo = (api: ApiLike, id: string) => api.redo(id).then((r) => r.result, (e: Error) => `threw ${e.message}`);

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let hero: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  hero = world.addActor({ id: "hero", name: "Hero", type: "character", ownership: { p1: 3 }, system: { attributes: { hp: { value: 40, max: 40 } } } });
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

/** The GM away while `fn` runs: the player's client writes its own actor and posts its cards itself. */
async function gmAway<T>(fn: () => Promise<T>): Promise<T> {
  const gmUser = world.users.get("gm")!;
  gmUser.active = false;
  try {
    const out = await fn();
    await settle();
    return out;
  } finally {
    gmUser.active = true;
  }
}

async function playerCard(): Promise<MessageDouble> {
  const hit = await gmAway(() => world.as(player, () => player.api.applyDamage([hero], fire(10))));
  const card = world.messages.get(hit.messageId!)!;
  expect([card.author.id, hp(hero)]).toEqual(["p1", 30]);
  return card;
}

const laterHit = async (amount: number) => {
  await world.as(gm, () => gm.api.applyDamage([hero], fire(amount)));
  await settle();
};

describe("a forged reverted, then a later hit on the same actor", () => {
  it("is refused by the GM's redo and by the player's, and nothing is written", async () => {
    const card = await playerCard();
    await world.as(player, () => card.update({ "flags.damage-chain.card.reverted": true }));
    await laterHit(5);
    expect(hp(hero)).toBe(25);
    expect(await world.as(gm, () => tryRedo(gm.api, card.id))).toBe("refused");
    expect(await world.as(player, () => tryRedo(player.api, card.id))).toBe("refused");
    await settle();
    expect(hp(hero)).toBe(25);
  });

  it("a forged GM record in the player's own card flags counts for nothing", async () => {
    const card = await playerCard();
    await world.as(player, () => card.update({ "flags.damage-chain.card.reverted": true, "flags.damage-chain.card.undone": { at: Date.now(), by: "gm" } }));
    await laterHit(5);
    expect(await world.as(gm, () => tryRedo(gm.api, card.id))).toBe("refused");
    expect(hp(hero)).toBe(25);
  });
});

describe("a genuine undo", () => {
  it("carried out by the GM (the player asked), then a later hit, then a redo: redone once", async () => {
    const card = await playerCard();
    expect(await world.as(player, () => player.api.undo(card.id))).toBe("relayed");
    await settle();
    expect(hp(hero)).toBe(40);
    await laterHit(5);
    expect(hp(hero)).toBe(35);
    expect(await world.as(player, () => tryRedo(player.api, card.id))).toBe("redone");
    await settle();
    expect(hp(hero)).toBe(25);
    expect(await world.as(gm, () => tryRedo(gm.api, card.id))).toBe("already");
    expect(hp(hero)).toBe(25);
  });

  it("by the player with no GM connected: redone while the actor is as the undo left it", async () => {
    const card = await playerCard();
    expect(await gmAway(() => world.as(player, () => player.api.undo(card.id)))).toBe("reverted");
    expect(hp(hero)).toBe(40);
    expect(await world.as(gm, () => tryRedo(gm.api, card.id))).toBe("redone");
    await settle();
    expect(hp(hero)).toBe(30);
  });

  it("by the player with no GM connected, then a later hit: no GM can vouch for it, so it is refused", async () => {
    const card = await playerCard();
    await gmAway(() => world.as(player, () => player.api.undo(card.id)));
    await laterHit(5);
    expect(await world.as(gm, () => tryRedo(gm.api, card.id))).toBe("refused");
    expect(hp(hero)).toBe(35);
  });
});
