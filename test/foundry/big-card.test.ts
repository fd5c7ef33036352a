/**
 * Compact cards for big hits (issue 8 §3): a 1,000-target area hit posts one
 * message of at most 150 KB (content + flags), keeps one summary row per
 * target, draws a target's explanation from the stored trace when opened,
 * and its undo restores every actor exactly.
 */
import { describe, expect, it } from "vitest";
import { localizer } from "../../src/foundry/card/data.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";
import { unpackTargets } from "../../src/foundry/card/stored.ts";
import { undoCard } from "../../src/foundry/card/undo.ts";
import { explainSteps } from "../../src/foundry/card/view.ts";
import { World, settle, type ApiLike, type Client } from "./double.ts";

const N = 1000;

describe("a 1,000-target area hit", () => {
  it("posts one card of at most 150 KB (content + flags) with one row per target, and its undo restores every actor exactly", async () => {
    const world = new World();
    world.addUser("gm", true);
    const defenses = {
      resistances: Array.from({ length: 10 }, (_, i) => ({ type: i % 2 ? "cold" : "fire", limit: 2 + i, label: `Ward ${i}` })),
      immunities: [{ type: "poison" }],
      vulnerabilities: Array.from({ length: 9 }, (_, i) => ({ type: "radiant", limit: i + 1 })),
    };
    const actors = Array.from({ length: N }, (_, i) =>
      world.addActor({ id: `a${String(i).padStart(15, "0")}`, name: `Goblin ${i}`, type: "npc", system: { attributes: { hp: { value: 20 + (i % 11), max: 30 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses } } }),
    );
    const before = actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }));
    const gm = (await world.connect(world.users.get("gm")!)) as Client & { api: ApiLike };
    const out = await gm.api.applyDamage(actors.map((actor) => ({ actor })), { parts: [{ amount: 12, types: ["fire"] }, { amount: 5, types: ["cold"] }], traits: ["burst"], label: "Fireball" });
    await settle();
    expect(world.messages.size).toBe(1);
    const message = world.messages.get(out.messageId!)!;
    const bytes = new TextEncoder().encode(message.content + JSON.stringify(message.flags)).length;
    expect(bytes).toBeLessThanOrEqual(150 * 1024);

    // One stored row per target, drawn for the reader; the explanation of a row from the stored trace.
    const flags = cardFlags(message as unknown as ChatMessage.Implementation)!;
    const targets = unpackTargets(flags.view!, flags.deltas.map((d) => d.uuid));
    expect(targets).toHaveLength(N);
    expect(targets[N - 1]).toMatchObject({ uuid: `Actor.a${String(N - 1).padStart(15, "0")}`, name: `Goblin ${N - 1}`, final: 9 });
    expect(explainSteps(targets[7]!.entries, localizer()).map((x) => x.defense).join()).toContain("Ward 8");

    expect(await undoCard(message as unknown as ChatMessage.Implementation)).toBe("reverted");
    expect(actors.map((a) => JSON.stringify({ system: a.system, flags: a.flags }))).toEqual(before);
  });
});
