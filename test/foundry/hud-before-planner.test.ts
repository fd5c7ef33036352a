/**
 * The hit planner is its own chunk (`hit/load-plan.ts`), loading from `init`
 * without Foundry waiting for it. A HUD decrease that comes before it has
 * loaded cannot wait inside Foundry's update: the update leaves HP alone and
 * the hit follows on its own, through the chain, once the planner is here —
 * never written raw, never lost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { World, settle, type ActorDouble } from "./double.ts";
import { readFileSync } from "node:fs";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

/** While true, the planner looks not loaded yet to a caller that must not wait (`peek()`); loading it still works. */
const held = { value: false };

vi.mock("../../src/foundry/hit/load-plan.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/foundry/hit/load-plan.ts")>();
  const loadPlan = Object.assign(() => real.loadPlan(), { peek: () => (held.value ? undefined : real.loadPlan.peek()) });
  return { ...real, loadPlan };
});

/** The text a player reads, from the lang file the double's `game.i18n` serves. */
const stillLoading = (JSON.parse(readFileSync("lang/en.json", "utf8")) as { DAMAGECHAIN: { Api: { StillLoading: string } } }).DAMAGECHAIN.Api.StillLoading;

let world: World;
let ghoul: ActorDouble;
beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  ghoul = world.addActor({
    id: "ghoul",
    name: "Ghoul",
    system: { attributes: { hp: { value: 30, max: 30 } } },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: 3, label: "Tough hide" }] } } },
  });
  await world.connect(world.users.get("gm")!);
});
afterEach(() => {
  held.value = false;
});

describe("a HUD hit before the planner has loaded", () => {
  it("is applied through the chain once it has: HP 30 - (10 - 3) = 23, one card", async () => {
    held.value = true;
    await ghoul.modifyTokenAttribute("attributes.hp", -10, true, true);
    held.value = false;
    await settle();
    // revised-4e (001): Resist physical, limit 3, against an attack removes min(10/2, 3) = 3 (written raw: 20).
    expect(hp(ghoul)).toBe(23);
    expect(world.messages.size).toBe(1);
  });

  it("counts two such hits in one tick: 30 - 7 - 7 = 16", async () => {
    held.value = true;
    await Promise.all([ghoul.modifyTokenAttribute("attributes.hp", -10, true, true), ghoul.modifyTokenAttribute("attributes.hp", -10, true, true)]);
    held.value = false;
    await settle();
    expect(hp(ghoul)).toBe(16);
    expect(world.messages.size).toBe(2);
  });

  it("api.preview, which cannot wait, says the rules are still loading instead of guessing", async () => {
    held.value = true;
    const client = world.clients[0]!;
    expect(() => (client.module.api as { preview(a: unknown, e: unknown): unknown }).preview(ghoul, { parts: [{ amount: 10 }] })).toThrow(stillLoading);
  });
});
