/**
 * Undo from the chat card restores the exact previous state from the stored
 * deltas — resources, round counters, shell state and cooldowns, one-time
 * uses, conditions, Variable Resistance — after a long sequence of hits, one
 * card at a time (other changes in between, such as a round reset, are not
 * part of a card and are not undone);
 * it marks the card reverted, and a second undo does nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const snapshot = (a: ActorDouble) => structuredClone({ system: a.system, flags: a.flags });
const TYPES = ["poison", "fire", "cold", "acid", "physical", "lightning"];

let world: World;
let gm: Client & { api: ApiLike };
let demon: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  demon = world.addActor({
    id: "demon",
    name: "Demon",
    type: "npc",
    system: { attributes: { hp: { value: 120, max: 120 } } },
    flags: {
      "damage-chain": {
        schemaVersion: 1,
        defenses: {
          prevention: [{ id: "ward", kind: "oneTime", uses: 2, types: ["poison"], label: "Spirit ward" }],
          shells: [{ id: "last-stand", value: 15, cooldown: 600 }],
          triggers: [{ type: "cold", gains: "slowed" }],
          keywords: ["variableResistance"],
        },
      },
    },
  });
  gm = await world.connect(world.users.get("gm")!);
  gm.api.profiles.register({
    id: "undo-test",
    name: "Undo test",
    steps: [{ step: "prevention" }, { step: "resistance" }, { step: "damageShell" }, { step: "life" }, { step: "triggers" }, { step: "variableResistance" }],
  });
});

describe("undo", () => {
  it("restores the exact state before each hit, undoing a long sequence card by card", async () => {
    const before: ReturnType<typeof snapshot>[] = [];
    const cards: string[] = [];
    for (let i = 0; i < 30; i++) {
      world.worldTime += 60;
      before.push(snapshot(demon));
      const outcome = await gm.api.applyDamage([{ actor: demon }], { parts: [{ amount: 3 + ((i * 7) % 17), types: [TYPES[i % TYPES.length]!] }] }, { profile: "undo-test" });
      cards.push(outcome.messageId!);
    }
    const state = (demon.flags["damage-chain"] as { state: Record<string, unknown> }).state;
    // The sequence reached every kind of state the undo must restore.
    expect(state.oneTimeUses).toEqual({ ward: 0 });
    expect(state.conditions).toContain("slowed");
    expect(state.variableResistance).toBeDefined();
    expect(Object.keys(state.shellCooldowns as object)).toEqual(["last-stand"]);
    expect(state.shellImmune).toBe(true);

    for (let i = cards.length - 1; i >= 0; i--) {
      expect(await gm.api.undo(cards[i]!)).toBe("reverted");
      expect(snapshot(demon)).toEqual(before[i]);
      expect((world.messages.get(cards[i]!)!.flags["damage-chain"] as { card: { reverted: boolean } }).card.reverted).toBe(true);
    }
  });

  it("a second undo does nothing", async () => {
    const outcome = await gm.api.applyDamage([{ actor: demon }], { parts: [{ amount: 9, types: ["fire"] }] }, { profile: "undo-test" });
    const start = snapshot(demon);
    expect(await gm.api.undo(outcome.messageId!)).toBe("reverted");
    const writes = world.writes.length;
    const restored = snapshot(demon);
    expect(restored).not.toEqual(start);
    expect(await gm.api.undo(outcome.messageId!)).toBe("already");
    expect(world.writes.length).toBe(writes);
    expect(snapshot(demon)).toEqual(restored);
  });

  it("a player who did not apply the damage may not undo it; a message that is not a card is ignored", async () => {
    const outcome = await gm.api.applyDamage([{ actor: demon }], { parts: [{ amount: 9 }] });
    const player = await world.connect(world.users.get("p1")!);
    expect(await player.api.undo(outcome.messageId!)).toBe("denied");
    expect(player.notes.at(-1)!.text).toBe("You may not undo this damage.");
    expect(await world.as(gm, () => gm.api.undo("not-a-card"))).toBe("invalid");
  });
});
