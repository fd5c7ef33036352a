/**
 * Compact cards for big hits: a 1,000-target area hit posts one
 * message of at most 64 KB (content + flags; rows shared, `card/shared-rows.ts`), keeps one summary row per
 * target, draws a target's explanation from the stored trace when opened,
 * and its undo restores every actor exactly.
 */
import { describe, expect, it } from "vitest";
import { NAMES_IN_CONTENT } from "../../src/foundry/card/card.ts";
import { localizer } from "../../src/foundry/localizer.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { undoCard } from "../../src/foundry/card/undo.ts";
import { explainSteps } from "../../src/foundry/card/view.ts";
import { World, settle, type ApiLike, type Client } from "./double.ts";

const N = 1000;
const defenses = {
  resistances: Array.from({ length: 10 }, (_, i) => ({ type: i % 2 ? "cold" : "fire", limit: 2 + i, label: `Ward ${i}` })),
  immunities: [{ type: "poison" }],
  vulnerabilities: Array.from({ length: 9 }, (_, i) => ({ type: "radiant", limit: i + 1 })),
};
const fireball = { parts: [{ amount: 12, types: ["fire"] }, { amount: 5, types: ["cold"] }], traits: ["burst"], label: "Fireball" };

/** Hit `actors` with the fireball as the GM; the one message it posted, its size in bytes, and a snapshot function. */
async function areaHit(world: World, actors: ReturnType<World["addActor"]>[]) {
  const snapshot = () => actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }));
  const before = snapshot();
  const gm = (await world.connect(world.users.get("gm")!)) as Client & { api: ApiLike };
  const out = await gm.api.applyDamage(actors.map((actor) => ({ actor })), fireball);
  await settle();
  expect(world.messages.size).toBe(1);
  const message = world.messages.get(out.messageId!)!;
  const bytes = new TextEncoder().encode(message.content + JSON.stringify(message.flags)).length;
  const flags = cardFlags(message as unknown as ChatMessage.Implementation)!;
  const targets = unpackTargets(flags.view!, flags.deltas.map((d) => d.uuid));
  return { message: message as unknown as ChatMessage.Implementation, content: message.content, bytes, targets, before, snapshot };
}

describe("a 1,000-target area hit", () => {
  it("posts one card of at most 64 KB (content + flags) with one row per target, and its undo restores every actor exactly", async () => {
    const world = new World();
    world.addUser("gm", true);
    const actors = Array.from({ length: N }, (_, i) =>
      world.addActor({ id: `a${String(i).padStart(15, "0")}`, name: `Goblin ${i}`, type: "npc", system: { attributes: { hp: { value: 20 + (i % 11), max: 30 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses } } }),
    );
    const hit = await areaHit(world, actors);
    expect(hit.bytes).toBeLessThanOrEqual(64 * 1024);

    // One stored row per target, drawn for the reader; the explanation of a row from the stored trace.
    expect(hit.targets).toHaveLength(N);
    expect(hit.targets[N - 1]).toMatchObject({ uuid: `Actor.a${String(N - 1).padStart(15, "0")}`, name: `Goblin ${N - 1}`, final: 9 });
    expect(explainSteps(hit.targets[7]!.entries, localizer()).map((x) => x.defense).join()).toContain("Ward 8");

    expect(await undoCard(hit.message)).toBe("reverted");
    expect(hit.snapshot()).toEqual(hit.before);
  });

  it("keeps the card under 64 KB when every target has hit points of its own, each row explained with its own numbers", async () => {
    const world = new World();
    world.addUser("gm", true);
    const actors = Array.from({ length: N }, (_, i) =>
      world.addActor({ id: `b${String(i).padStart(15, "0")}`, name: `Orc ${i}`, type: "npc", system: { attributes: { hp: { value: 100 + i, max: 2000 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses } } }),
    );
    const hit = await areaHit(world, actors);
    expect(hit.bytes).toBeLessThanOrEqual(64 * 1024);

    // The content names the first targets and counts the rest; every row is in the flags.
    expect(hit.content).toContain(`Orc ${NAMES_IN_CONTENT - 1}<`);
    expect(hit.content).not.toContain(`Orc ${NAMES_IN_CONTENT}<`);
    expect(hit.content).toContain(`… and ${N - NAMES_IN_CONTENT} more`);
    expect(hit.targets).toHaveLength(N);
    for (const i of [0, 3, 700, N - 1]) {
      const steps = explainSteps(hit.targets[i]!.entries, localizer());
      expect(steps.map((s) => s.text).join("\n")).toContain(`${100 + i} → ${91 + i}`);
    }

    expect(await undoCard(hit.message)).toBe("reverted");
    expect(hit.snapshot()).toEqual(hit.before);
  });

  it("keeps the card under 64 KB when every target's defenses differ too, each row explained with its own defense", async () => {
    const world = new World();
    world.addUser("gm", true);
    const own = (i: number) => ({ resistances: [{ type: "fire", limit: 2 + (i % 7), label: `Ward ${i}` }], vulnerabilities: [{ type: "cold", limit: 1 + (i % 5) }] });
    const actors = Array.from({ length: N }, (_, i) =>
      world.addActor({ id: `c${String(i).padStart(15, "0")}`, name: `Orc ${i}`, type: "npc", system: { attributes: { hp: { value: 100 + i, max: 2000 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: own(i) } } }),
    );
    const hit = await areaHit(world, actors);
    expect(hit.bytes).toBeLessThanOrEqual(64 * 1024);
    for (const i of [0, 500, N - 1]) expect(explainSteps(hit.targets[i]!.entries, localizer()).map((x) => x.defense).join()).toContain(`Ward ${i}`);
    expect(await undoCard(hit.message)).toBe("reverted");
    expect(hit.snapshot()).toEqual(hit.before);
  });

  it("keeps the card under 64 KB when the same targets, each with its own hit points and defenses, are hit again and again, and the last undo restores the state the hits before left", async () => {
    const world = new World();
    world.addUser("gm", true);
    // A fight's mix of stat blocks (as bench/area-hit.measure.ts): every target's limits, labels and vulnerabilities its own.
    const own = (i: number) => ({
      resistances: Array.from({ length: 10 }, (_, k) => ({ type: k % 2 ? "cold" : "fire", limit: 2 + k + (i % 7), label: `Ward ${k}.${i}` })),
      immunities: [{ type: i % 2 ? "poison" : "necrotic" }],
      vulnerabilities: Array.from({ length: 9 }, (_, k) => ({ type: k % 3 ? "radiant" : "cold", limit: k + 1 + (i % 5) })),
    });
    const actors = Array.from({ length: N }, (_, i) =>
      world.addActor({ id: `r1a${i}`, name: `Goblin ${i}`, type: "npc", system: { attributes: { hp: { value: 30 + i, max: 30 + i } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: own(i) } } }),
    );
    // The bench's "hit again" row: the same targets hit five more times (the later hits find targets at 0 hit points too).
    let hit = await areaHit(world, actors);
    const sizes = [hit.bytes];
    for (let n = 1; n < 6; n++) {
      world.messages.clear();
      hit = await areaHit(world, actors);
      sizes.push(hit.bytes);
    }
    for (const bytes of sizes) expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(hit.targets[N - 1]).toMatchObject({ name: `Goblin ${N - 1}` });
    // Target 500 has 530 hit points and takes 11 a hit (12 fire - 6, 5 cold - 2 + 2: its own limits).
    expect(explainSteps(hit.targets[500]!.entries, localizer()).map((s) => s.text).join("\n")).toContain(`${530 - 55} → ${530 - 66}`);

    expect(await undoCard(hit.message)).toBe("reverted");
    expect(hit.snapshot()).toEqual(hit.before);
  });
});
