/**
 * Cards posted before the rows were shared (version 2, test/foundry/v2-card.ts)
 * and before each undo row was shared with its card row (version 3,
 * test/foundry/v3-card.ts) still show every row, undo and redo; a card
 * posted now is version 4.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardFlags } from "../../src/foundry/card/flags.ts";
import { shareRows } from "../../src/foundry/card/share-rows.ts";
import { unshareRows } from "../../src/foundry/card/shared-rows.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";
import { drawn, readCard } from "./drawn.ts";
import { toVersion2 } from "./v2-card.ts";
import { toVersion3 } from "./v3-card.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fireball = { parts: [{ amount: 12, types: ["fire"] }, { amount: 5, types: ["cold"] }], label: "Fireball" };
const defenses = { resistances: [{ type: "fire", limit: 5, label: "Ward" }], triggers: [{ type: "cold", gains: "prone" }] };

let world: World;
let gm: Client & { api: ApiLike };
let actors: ActorDouble[];

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  actors = ["Goblin A", "Goblin B", "Ogre"].map((name, i) =>
    world.addActor({ id: `x${i}`, name, type: "npc", system: { attributes: { hp: { value: i === 2 ? 59 : 30, max: i === 2 ? 59 : 30 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses } } }),
  );
  gm = await world.connect(world.users.get("gm")!);
});

describe("a version 2 card", () => {
  it("shows every row, undoes and redoes as before", async () => {
    const before = actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }));
    const hit = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
    await settle();
    const after = actors.map(hp);
    expect(after).toEqual([18, 18, 47]); // 12 fire - 5 (Ward) + 5 cold
    const message = world.messages.get(hit.messageId!)!;
    toVersion2(message);
    expect(readCard(message).version).toBe(2);
    expect(JSON.stringify(message.flags)).toContain('"entries":[{'); // the ogre's own HP entry as a shape and its numbers
    const html = await drawn(message);
    for (const name of ["Goblin A", "Goblin B", "Ogre"]) expect(html).toContain(name);
    expect(html).toContain("59 → 47");

    expect(await gm.api.undo(hit.messageId!)).toBe("reverted");
    expect(actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }))).toEqual(before);
    const redo = await gm.api.redo(hit.messageId!);
    await settle();
    expect(redo.result).toBe("redone");
    expect(actors.map(hp)).toEqual(after);
  });
});

describe("a version 3 card", () => {
  it("keeps each row's own numbers, undoes and redoes", async () => {
    const before = actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }));
    const hit = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
    await settle();
    const message = world.messages.get(hit.messageId!)!;
    const rows = readCard(message).view!.rows;
    toVersion3(message);
    expect(readCard(message).version).toBe(3);
    expect(readCard(message).view!.rows).toEqual(rows);
    expect(await drawn(message)).toContain("59 → 47");
    expect(await gm.api.undo(hit.messageId!)).toBe("reverted");
    expect(actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }))).toEqual(before);
    expect((await gm.api.redo(hit.messageId!)).result).toBe("redone");
    expect(actors.map(hp)).toEqual([18, 18, 47]);
  });
});

describe("a version 4 card", () => {
  it("keeps each row's own numbers, undoes and redoes", async () => {
    const before = actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }));
    const hit = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
    await settle();
    const message = world.messages.get(hit.messageId!)!;
    expect(readCard(message).version).toBe(4);
    expect(await drawn(message)).toContain("59 → 47");
    expect(await gm.api.undo(hit.messageId!)).toBe("reverted");
    expect(actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }))).toEqual(before);
    expect((await gm.api.redo(hit.messageId!)).result).toBe("redone");
    expect(actors.map(hp)).toEqual([18, 18, 47]);
  });
});

describe("a version 4 card whose rows were rewritten", () => {
  it("is not a card when an undo row or a card row comes after a row without one (it would pair with another actor)", async () => {
    const hit = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
    await settle();
    const message = world.messages.get(hit.messageId!)!;
    const card = (message.flags["damage-chain"] as { card: { rows: unknown } }).card;
    const joint = unshareRows(card.rows) as { d?: unknown; v?: unknown }[];
    expect(joint).toHaveLength(3);
    for (const gap of [{ v: joint[0]!.v }, { d: joint[0]!.d }]) {
      card.rows = shareRows([gap, ...joint.slice(1)]);
      expect(cardFlags(message as unknown as ChatMessage.Implementation)).toBeUndefined();
    }
    card.rows = shareRows(joint);
    expect(readCard(message).deltas).toHaveLength(3);
  });
});
