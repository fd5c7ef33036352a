/**
 * Area hits: one event on N tokens is resolved once per target, written in
 * ONE batched update per parent, and announced on ONE card listing every
 * target. The module hooks `damage-chain.preResolve` (change or cancel a
 * target) and `damage-chain.resolved` take part.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { drawn } from "./drawn.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fireball = { parts: [{ amount: 12, types: ["fire"] }], traits: ["burst"], label: "Fireball" };

let world: World;
let gm: Client & { api: ApiLike };
let actors: ActorDouble[];
const creature = (id: string, defenses: object, extra: object = {}) =>
  world.addActor({ id, name: id, type: "npc", system: { attributes: { hp: { value: 30, max: 30 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses } }, ...extra });

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  actors = [
    creature("plain", {}),
    creature("swarm", { keywords: ["swarm"] }),
    creature("salamander", { immunities: [{ type: "fire" }] }),
    creature("warded", { resistances: [{ type: "fire", limit: 5 }] }),
  ];
  gm = await world.connect(world.users.get("gm")!);
});

describe("area hits", () => {
  it("writes every world actor in ONE update call and posts ONE card listing every target", async () => {
    const outcome = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
    await settle();
    expect(world.actorWrites()).toEqual([{ ids: ["plain", "swarm", "salamander", "warded"], userId: "gm" }]);
    expect(world.messages.size).toBe(1);
    // 001: swarm vs burst gains half (12 + 6); immune: No Effect; Resist fire 5: 12 - min(6, 5).
    expect(actors.map(hp)).toEqual([30 - 12, 30 - 18, 30, 30 - 7]);
    expect(outcome.targets.map((t) => t.final)).toEqual([12, 18, 0, 7]);
    const card = await drawn(world.messages.get(outcome.messageId!)!);
    expect(card.match(/class="damage-chain-card__target"/g)).toHaveLength(4);
    expect(card).toContain("Fireball: 12 Fire (Burst)");
  });

  it("gives each unlinked token's actor its own update (one per parent) and still ONE card", async () => {
    const goblin = creature("goblin", {}, { unlinked: true });
    await gm.api.applyDamage([...actors, goblin].map((actor) => ({ actor })), fireball);
    await settle();
    expect(world.actorWrites().map((w) => w.ids)).toEqual([["plain", "swarm", "salamander", "warded"], ["goblin"]]);
    expect(world.messages.size).toBe(1);
  });

  it("lets damage-chain.preResolve change or cancel a target, and calls damage-chain.resolved once per written target", async () => {
    const resolved: string[] = [];
    gm.hooks.on("damage-chain.preResolve", (actor: ActorDouble, event: { parts: { amount: number }[] }) => {
      if (actor.id === "plain") event.parts[0]!.amount *= 2;
      return actor.id !== "swarm";
    });
    gm.hooks.on("damage-chain.resolved", (actor: ActorDouble) => resolved.push(actor.id));
    const outcome = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
    expect(hp(actors[0]!)).toBe(30 - 24);
    expect(hp(actors[1]!)).toBe(30);
    expect(world.actorWrites()[0]!.ids).not.toContain("swarm");
    expect(resolved).toEqual(["plain", "salamander", "warded"]);
    expect(outcome.targets.find((t) => t.uuid === "Actor.swarm")).toMatchObject({ cancelled: true });
  });

  it("refuses an invalid event with an error naming the field, writing nothing", async () => {
    await expect(gm.api.applyDamage(actors.map((actor) => ({ actor })), { parts: [{ amount: -3 }] })).rejects.toThrow("event.parts[0].amount");
    // In the user's language, naming the profile asked for and the ones there are (not an internal path).
    await expect(gm.api.applyDamage([{ actor: actors[0] }], fireball, { profile: "nope" })).rejects.toThrow(/^There is no profile "nope"\. Known profiles: .*revised-4e/);
    expect(world.writes).toEqual([]);
  });

  it("preview resolves without writing anything", () => {
    const dry = gm.api.preview(actors[1], fireball);
    expect(dry.final).toBe(18);
    expect(dry.update).toEqual({ "system.attributes.hp.value": 12, "flags.damage-chain.hits": 1, "flags.damage-chain.state": expect.any(Object) });
    expect(world.writes).toEqual([]);
    expect(hp(actors[1]!)).toBe(30);
  });
});
