// @vitest-environment happy-dom
/**
 * 002 through the module: a card-game hit with a power reduction (rules 5, 6,
 * 15) and an on-damage effect (rule 9), applied with `api.applyDamage`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

let world: World;
let gm: Client & { api: ApiLike };
let champion: ActorDouble;
const state = (a: ActorDouble) => (a.flags["damage-chain"] as { state?: { counters?: number; conditions?: string[] } }).state ?? {};

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  champion = world.addActor({
    id: "champion", name: "Champion", type: "character",
    system: { attributes: { hp: { value: 20, max: 20 } } },
    flags: { "damage-chain": { schemaVersion: 1, traits: ["champion"], defenses: { triggers: [{ type: "all", gains: "enraged", label: "Rage" }] } } },
  });
  gm = await world.connect(world.users.get("gm")!);
});

async function hit(amount: number, adjust: number): Promise<string> {
  const outcome = await world.as(gm, () => gm.api.applyDamage([{ actor: champion }], { parts: [{ amount, types: ["fire"] }], modifiers: [{ kind: "adjust", amount: adjust }] }, { profile: "card-game" }));
  await settle();
  return world.messages.get(outcome.messageId!)!.content;
}

describe("002 card game in a world", () => {
  it("a hit of 3 with −5 places no counter, fires no on-damage effect, and the card shows the power change", async () => {
    const content = await hit(3, -5);
    expect([state(champion).counters ?? 0, state(champion).conditions ?? []]).toEqual([0, []]);
    expect(content).toContain("3 Fire − 5");
  });

  it("a hit of 3 with +0 places 3 counters and fires the on-damage effect", async () => {
    await hit(3, 0);
    expect([state(champion).counters, state(champion).conditions]).toEqual([3, ["enraged"]]);
  });
});
