/**
 * An undo reverts only what a hit could leave: a resource's revert is a whole
 * number of points, never below 0 (a hit reads every resource so), even on a
 * card for the author's own actor. And a refused undo is answered as refused:
 * a player whose undo the GM relay refuses is told why, in their language.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number; temp?: number | null } }).hp;

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let hero: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e"; // its HP map temp HP too (`system.attributes.hp.temp`)
  world.addUser("gm", true);
  world.addUser("p1", false);
  hero = world.addActor({ id: "hero", name: "Hero", system: { attributes: { hp: hp5e(40, 40, 0) }, traits: {} }, ownership: { p1: 3 } });
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

/** A card the player posts for their own hero: the hit left HP 40 (as it is), its revert of the player's choosing. */
async function ownCard(revert: Record<string, unknown>): Promise<string> {
  const deltas = [{ uuid: "Actor.hero", apply: { "system.attributes.hp.value": 40 }, revert }];
  const m = await world.as(player, () => world.createMessage({ content: "<p>card</p>", flags: { "damage-chain": { card: { version: 1, applier: "p1", reverted: false, deltas } } } }));
  return m.id;
}

describe("a revert no hit could leave", () => {
  // Each refusal of a path is logged with it (card/undo.ts): the tests below assert it and keep it off the output.
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const refusals = (id: string, path: string) => warn.mock.calls.filter(([text]) => text === `damage-chain | undo of card ${id} refused: Hero ${path}`).length;

  it.each([-5, 10.5, 1e308, -0.5])("HP %s is refused, by the GM and by the player, and nothing is written", async (value) => {
    const id = await ownCard({ "system.attributes.hp.value": value });
    expect(await world.as(gm, () => gm.api.undo(id))).toBe("refused");
    expect(await world.as(player, () => player.api.undo(id))).toBe("refused");
    await settle();
    expect(hp(hero).value).toBe(40);
    expect(world.actorWrites()).toEqual([]);
    expect(refusals(id, "system.attributes.hp.value")).toBe(warn.mock.calls.length);
    expect(warn.mock.calls.length).toBeGreaterThan(0);
  });

  it.each([-1, 2.5])("temp HP %s is refused", async (value) => {
    const id = await ownCard({ "system.attributes.hp.value": 45, "system.attributes.hp.temp": value });
    expect(await world.as(gm, () => gm.api.undo(id))).toBe("refused");
    expect(world.actorWrites()).toEqual([]);
    expect(warn.mock.calls).toEqual([[`damage-chain | undo of card ${id} refused: Hero system.attributes.hp.temp`]]);
  });

  it("whole points of 0 or more (and temp HP null) are carried out", async () => {
    const id = await ownCard({ "system.attributes.hp.value": 0, "system.attributes.hp.temp": null });
    expect(await world.as(gm, () => gm.api.undo(id)), gm.notes.map((n) => n.text).join()).toBe("reverted");
    expect(hp(hero).value).toBe(0);
  });
});

describe("a relayed undo the GM refuses", () => {
  it("is answered as refused: the player is told why, and nothing is written", async () => {
    const dragon = world.addActor({ id: "dragon", name: "Dragon", type: "npc", system: { attributes: { hp: hp5e(300, 300) }, traits: {} } });
    world.users.get("p1")!.targets.add({ actor: dragon });
    const first = await world.as(player, () => player.api.applyDamage([dragon], { parts: [{ amount: 10, types: ["fire"] }] }));
    expect(first.relayed).toBe(true);
    await world.as(gm, () => gm.api.applyDamage([dragon], { parts: [{ amount: 5, types: ["fire"] }] }));
    expect(hp(dragon).value).toBe(285);
    const writes = world.actorWrites().length;
    expect(await world.as(player, () => player.api.undo(first.messageId!))).toBe("refused");
    await settle();
    expect(player.notes.map((n) => n.text).join("\n")).toContain("Dragon changed after this hit");
    expect(hp(dragon).value).toBe(285);
    expect(world.actorWrites()).toHaveLength(writes);
  });
});
