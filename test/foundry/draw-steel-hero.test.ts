/**
 * Draw Steel's heroes may fall below 0 stamina, to −winded (`hero.mjs` 240:
 * `stamina.min = −winded`; `documents/actor.mjs` 121, 127 clamp to `min`):
 * the chain stops life at 0 and the rest of the hit goes below 0, down to the
 * prepared `system.stamina.min` (`systems/draw-steel/below-zero.ts`). One write, one card
 * showing the value the system keeps, undo back to where it was.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { drawn } from "./drawn.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";
import { applyDamageRoll, modifyStamina, useDrawSteel } from "./draw-steel-double.ts";

let world: World;
let gm: Client & { api: ApiLike };
const chainCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const stamina = (a: ActorDouble) => (a.system as { stamina: { value: number; temporary: number } }).stamina;
const hero = (value: number) =>
  world.addActor({ id: "hero", name: "hero", type: "hero", bar: "stamina", system: { stamina: { value, max: 20, temporary: 0, min: -10 }, damage: { immunities: { all: 0 }, weaknesses: { all: 0 } } } });

beforeEach(async () => {
  world = new World();
  useDrawSteel(world);
  gm = (await world.connect(world.addUser("gm", true))) as typeof gm;
});

describe("a hero below 0 stamina", () => {
  it("a dying hero at −3 hit by 5 on the token bar goes to −8, as the system writes it (never back up to 0)", async () => {
    const h = hero(-3);
    await modifyStamina(h, -5, true);
    await settle();
    expect(stamina(h).value).toBe(-8);
  });

  it("a hero at 3 taking 5 fire goes to −2, as the system computes it", async () => {
    const h = hero(3);
    await applyDamageRoll({ total: 5, type: "fire" }, [h]);
    await settle();
    expect(stamina(h).value).toBe(-2);
  });

  it("a hero's fall stops at −winded (−10)", async () => {
    const h = hero(3);
    await applyDamageRoll({ total: 50, type: "fire" }, [h]);
    await settle();
    expect(stamina(h).value).toBe(-10);
  });

  it("a dying hero at −3 taking 5 fire through Apply Damage goes to −8; the card says −3 → −8; undo gives −3 back", async () => {
    const h = hero(-3);
    await applyDamageRoll({ total: 5, type: "fire" }, [h]);
    await settle();
    expect(stamina(h).value).toBe(-8);
    expect(world.actorWrites()).toHaveLength(1);
    expect((await drawn(chainCards()[0]!)).replace(/<[^>]+>/g, "")).toMatch(/-3 → {2}to -8/);
    expect(await gm.api.undo(chainCards()[0]!.id)).toBe("reverted");
    expect(stamina(h).value).toBe(-3);
  });

  it("temporary stamina first, then below 0: 3 stamina and 2 temporary, 10 fire → temporary 0, stamina −5 (the system's 3 − 8)", async () => {
    const h = world.addActor({ id: "t", name: "t", type: "hero", bar: "stamina", system: { stamina: { value: 3, max: 20, temporary: 2, min: -10 }, damage: { immunities: { all: 0 }, weaknesses: { all: 0 } } } });
    await applyDamageRoll({ total: 10, type: "fire" }, [h]);
    await settle();
    expect([stamina(h).temporary, stamina(h).value]).toEqual([0, -5]);
  });

  it("an NPC (minimum 0) still stops at 0", async () => {
    const npc = world.addActor({ id: "n", name: "n", type: "npc", bar: "stamina", system: { stamina: { value: 3, max: 20, temporary: 0, min: 0 }, damage: { immunities: { all: 0 }, weaknesses: { all: 0 } } } });
    await applyDamageRoll({ total: 10, type: "fire" }, [npc]);
    await settle();
    expect(stamina(npc).value).toBe(0);
  });
});
