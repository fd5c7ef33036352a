/**
 * pf2e world, every default (after mode, the pf2e profile): pf2e resolves
 * its immunities, weaknesses and resistances, and the chain's own defenses
 * act on pf2e's result without a profile edit; an actor without them keeps
 * pf2e's numbers. pf2e's Rest for the Night restores endurance uses
 * (foundryvtt/pf2e src/scripts/macros/rest-for-the-night.ts fires
 * `pf2e.restForTheNight` with the actor).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type Client } from "./double.ts";
import { applyDamagePf2e, damageRoll, usePf2e, type IwrEntry } from "./pf2e-double.ts";

let world: World;
let gm: Client;
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const chain = (a: ActorDouble) => a.flags["damage-chain"] as { pools?: Record<string, { value: number }>; state?: { oneTimeUses?: Record<string, number> } };
const creature = (id: string, value: number, resistances: IwrEntry[], flags: object) =>
  world.addActor({ id, name: id, type: "npc", system: { attributes: { hp: { value, max: 40, temp: 0 }, immunities: [], weaknesses: [], resistances } }, flags: { "damage-chain": { schemaVersion: 1, ...flags } } });

beforeEach(async () => {
  world = new World();
  usePf2e(world);
  world.addUser("gm", true);
});

describe("pf2e plus the chain", () => {
  it("pf2e's resistance first, then a 10-point ward: 20 fire on resistance fire 5 is 15, the ward 10 → 0, HP −5", async () => {
    const golem = creature("golem", 40, [{ type: "fire", value: 5 }], { pools: { ward: { value: 10, max: 10 } } });
    gm = await world.connect(world.users.get("gm")!);
    expect(game.settings!.get("damage-chain", "profile")).toBe("pf2e");
    await applyDamagePf2e(golem, { damage: damageRoll([20, "fire"]) });
    await settle();
    expect(hp(golem)).toBe(35);
    expect(chain(golem).pools!.ward!.value).toBe(0);
  });

  it("Ferocity: 12 on 8 HP leaves 1; after Rest for the Night the use is back", async () => {
    const brute = creature("brute", 8, [], { defenses: { endurance: [{ id: "ferocity", label: "Ferocity", uses: 1, recharge: "longRest" }] } });
    gm = await world.connect(world.users.get("gm")!);
    await applyDamagePf2e(brute, { damage: damageRoll([12, "slashing"]) });
    await settle();
    expect(hp(brute)).toBe(1);
    expect(chain(brute).state!.oneTimeUses!.ferocity).toBe(0);
    gm.hooks.callAll("pf2e.restForTheNight" as never, brute as never);
    await settle();
    expect(chain(brute).state!.oneTimeUses!.ferocity).toBeUndefined();
  });

  it("Orc Ferocity after pf2e's fire resistance 5: 20 fire on 6 HP is 15, leaves 1", async () => {
    const champion = creature("champion", 6, [{ type: "fire", value: 5 }], { defenses: { endurance: [{ id: "orc-ferocity", label: "Orc Ferocity", uses: 1, recharge: "longRest" }] } });
    gm = await world.connect(world.users.get("gm")!);
    await applyDamagePf2e(champion, { damage: damageRoll([20, "fire"]) });
    await settle();
    expect(hp(champion)).toBe(1);
  });
});
