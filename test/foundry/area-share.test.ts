/**
 * Each target's share of one area hit: Fireball on 24
 * targets, 8 of them saved for half: one card, 24 rows, the 8 rows say
 * "saved: half" and take half of the 27 rounded down (13); shares travel
 * through the GM relay for a player, and a bad share is refused naming it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { drawn, readCard } from "./drawn.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fireball = { parts: [{ amount: 27, types: ["fire"] }], label: "Fireball" };

let world: World;
let gm: Client & { api: ApiLike };
let goblins: ActorDouble[];

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  goblins = Array.from({ length: 24 }, (_v, i) => world.addActor({ id: `g${i}`, name: `Goblin ${i + 1}`, type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, ownership: { p1: 1 } }));
  gm = await world.connect(world.users.get("gm")!);
});

describe("a target's share of an area hit", () => {
  it("Fireball on 24 goblins, 8 saved: one card, 24 rows, the 8 say half and take 13", async () => {
    const saved = new Set(goblins.filter((_g, i) => i % 3 === 0));
    await gm.api.applyDamage(goblins.map((g) => (saved.has(g) ? { target: g, multiplier: 0.5 } : g)), fireball);
    await settle();
    expect(world.messages.size).toBe(1);
    const message = [...world.messages.values()][0]!;
    const card = readCard(message);
    const rows = unpackTargets(card.view!, card.deltas.map((d) => d.uuid));
    expect(rows).toHaveLength(24);
    expect(rows.filter((r) => r.share?.multiplier === 0.5).map((r) => r.name)).toEqual([...saved].map((g) => g.name));
    expect(goblins.map(hp)).toEqual(goblins.map((g) => (saved.has(g) ? 40 - 13 : 40 - 27)));
    expect(card.view!.summary).toBe("Fireball: 27 Fire");
    const html = await drawn(message);
    expect(html.match(/damage-chain-card__share">saved: half</g)).toHaveLength(8);
  });

  it("none, double and only some parts: 0, 54, and only the fire of 7 slashing + 4 fire", async () => {
    const [a, b, c] = goblins;
    await gm.api.applyDamage([{ target: a!, multiplier: 0 }, { target: b!, multiplier: 2 }, { target: c!, parts: [1] }], { parts: [{ amount: 7, types: ["slashing"] }, { amount: 4, types: ["fire"] }] });
    await settle();
    expect([a, b, c].map((g) => hp(g!))).toEqual([40, 40 - 22, 40 - 4]);
    const html = await drawn([...world.messages.values()][0]!);
    expect(html).toContain(">none<");
    expect(html).toContain(">double<");
    expect(html).toContain(">only Fire<");
  });

  it("refuses a bad share naming the field, and writes nothing", async () => {
    await expect(gm.api.applyDamage([{ target: goblins[0]!, multiplier: -1 }], fireball)).rejects.toThrow(/targets\[0\]\.multiplier/);
    await expect(gm.api.applyDamage([{ target: goblins[0]!, multiplier: "half" }], fireball)).rejects.toThrow(/targets\[0\]\.multiplier/);
    expect(world.actorWrites()).toEqual([]);
  });

  it("a player's shares reach the active GM through the relay and are checked there", async () => {
    const player = await world.connect(world.users.get("p1")!);
    await world.as(player, () => player.api.applyDamage([{ target: goblins[0]!, multiplier: 0.5 }, goblins[1]!], fireball));
    await settle();
    expect([hp(goblins[0]!), hp(goblins[1]!)]).toEqual([40 - 13, 40 - 27]);
    // A forged request with a share for an actor it does not target, or a bad share, is refused.
    const forged = (await world.relayAs(player, { kind: "apply", requestId: "req-share-forged-01", userId: "p1", targets: [goblins[2]!.uuid], event: fireball, shares: [{ uuid: goblins[3]!.uuid, share: { multiplier: 2 } }] })) as { ok: boolean };
    expect(forged.ok).toBe(false);
    const bad = (await world.relayAs(player, { kind: "apply", requestId: "req-share-bad-0001", userId: "p1", targets: [goblins[2]!.uuid], event: fireball, shares: [{ uuid: goblins[2]!.uuid, share: { multiplier: 1e9 } }] })) as { ok: boolean };
    expect(bad.ok).toBe(false);
    expect([hp(goblins[2]!), hp(goblins[3]!)]).toEqual([40, 40]);
  });
});
