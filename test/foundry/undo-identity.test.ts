/**
 * Undo "newest first" means the newest write, not an equal value.
 * A hit leaves a value; an edit in between takes it away; a later hit
 * leaves the same value again. The older card must still be refused (its
 * undo would write over the newer hit, and the newer card would then be
 * refused forever); newest first, both undo and the actor ends as it began.
 */
import { beforeEach, expect, it } from "vitest";
import { World, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const snapshot = (a: ActorDouble) => structuredClone({ system: a.system, flags: a.flags });
const state = (a: ActorDouble) => (a.flags["damage-chain"] as { state: { conditions: string[] } }).state;

let world: World;
let gm: Client & { api: ApiLike };
let troll: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  // At 0 HP a hit changes no hit points: only the condition its trigger gives.
  troll = world.addActor({ id: "troll", name: "Troll", type: "npc", system: { attributes: { hp: { value: 0, max: 50 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "slowed" }] } } } });
  gm = await world.connect(world.users.get("gm")!);
  gm.api.profiles.register({ id: "triggers", name: "Triggers", steps: [{ step: "life" }, { step: "triggers" }] });
});

it("an older card whose values a newer hit wrote again is refused; newest first, both undo", async () => {
  const start = snapshot(troll);
  const a = await world.as(gm, () => gm.api.applyDamage([{ actor: troll }], { parts: [{ amount: 5, types: ["cold"] }] }, { profile: "triggers" }));
  expect(state(troll).conditions).toEqual(["slowed"]);
  const afterA = snapshot(troll);
  // The GM clears the condition by hand; the next cold hit gives it again.
  await world.as(gm, () => troll.update({ "flags.damage-chain.state.conditions": [] }));
  const b = await world.as(gm, () => gm.api.applyDamage([{ actor: troll }], { parts: [{ amount: 5, types: ["cold"] }] }, { profile: "triggers" }));
  expect(state(troll).conditions).toEqual(["slowed"]);
  expect(await world.as(gm, () => gm.api.undo(a.messageId!))).toBe("refused");
  expect(state(troll).conditions).toEqual(["slowed"]);
  expect(await world.as(gm, () => gm.api.undo(b.messageId!))).toBe("reverted");
  expect(state(troll).conditions).toEqual([]);
  // The hand edit came between the two hits: card A now finds what it wrote gone, and is refused.
  expect(await world.as(gm, () => gm.api.undo(a.messageId!))).toBe("refused");
  expect(snapshot(troll)).not.toEqual(afterA);
  expect(start.system).toEqual(troll.system);
});
