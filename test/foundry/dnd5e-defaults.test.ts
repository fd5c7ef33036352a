/**
 * A dnd5e world plays by dnd5e's rules until the GM chooses otherwise.
 * With every setting at its default:
 * - dnd5e's own immunities, resistances and vulnerabilities still count
 *   (10 fire: 0 to the immune, 5 to the resistant, 20 to the vulnerable);
 * - save for half on mixed damage truncates once, as dnd5e does (Ice Storm
 *   9 bludgeoning + 13 cold at ×½: 4.5 + 6.5 = 11), in both modes;
 * - dnd5e's `amount` (the tray, `dnd5e.applyDamage`) is the damage after
 *   traits, not the hit points lost (27 fire on a 7-HP goblin: 27);
 * - NPC hit points are hidden from players on the card.
 * dnd5e's arithmetic: foundryvtt/dnd5e `module/documents/actor/actor.mjs`
 * `calculateDamage` (immunity → 0; `Math.trunc(appliedDamage / 2)` for a
 * resistance; ×2 for a vulnerability; `damages.amount = Math.trunc(...)` of
 * the sum) and `applyDamage` (`amount` passed to `dnd5e.applyDamage`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyDamage5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const creature = (id: string, traits: Record<string, { value: Set<string> }> = {}, value = 40) => ({ id, name: id[0]!.toUpperCase() + id.slice(1), type: "npc", system: { attributes: { hp: hp5e(value, 40) }, traits } });

let world: World;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
});

describe("a dnd5e world with every default", () => {
  it("keeps dnd5e's immunity, resistance and vulnerability: 10 fire deals 0, 5 and 20", async () => {
    const immune = world.addActor(creature("immune", { di: { value: new Set(["fire"]) } }));
    const resistant = world.addActor(creature("resistant", { dr: { value: new Set(["fire"]) } }));
    const vulnerable = world.addActor(creature("vulnerable", { dv: { value: new Set(["fire"]) } }));
    await world.connect(world.users.get("gm")!);
    for (const a of [immune, resistant, vulnerable]) await applyDamage5e(a, [{ value: 10, type: "fire", properties: new Set() }], { isDelta: true });
    await settle();
    expect([hp(immune).value, hp(resistant).value, hp(vulnerable).value]).toEqual([40, 35, 20]);
  });

  it.each(["replace", "after"])("%s: Ice Storm at ×½ deals 11 (one truncation of the sum)", async (mode) => {
    const ogre = world.addActor(creature("ogre"));
    await world.connect(world.users.get("gm")!);
    await world.setSetting("damage-chain.dnd5eMode", mode);
    await applyDamage5e(ogre, [{ value: 9, type: "bludgeoning", properties: new Set() }, { value: 13, type: "cold", properties: new Set() }], { isDelta: true, multiplier: 0.5 });
    await settle();
    expect(hp(ogre).value).toBe(29);
  });

  it.each(["replace", "after"])("%s: dnd5e.applyDamage gets the damage (27), not the hit points lost (7)", async (mode) => {
    const goblin = world.addActor(creature("goblin", {}, 7));
    const client = await world.connect(world.users.get("gm")!);
    await world.setSetting("damage-chain.dnd5eMode", mode);
    const amounts: number[] = [];
    world.as(client, () => Hooks.on("dnd5e.applyDamage", (_actor: unknown, amount: number) => void amounts.push(amount)));
    await applyDamage5e(goblin, [{ value: 27, type: "fire", properties: new Set() }], { isDelta: true });
    await settle();
    expect(hp(goblin).value).toBe(0);
    expect(amounts).toEqual([27]);
  });

  it("hides an NPC's hit points from players by default, and only in a dnd5e world", async () => {
    const ogre = world.addActor(creature("ogre"));
    world.addUser("p1", false);
    const gm = await world.connect(world.users.get("gm")!);
    await world.as(gm, () => gm.api.applyDamage([{ actor: ogre }], { parts: [{ amount: 13, types: ["fire"] }] }));
    await settle();
    const cards = [...world.messages.values()];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((m) => m.visibleTo(world.users.get("p1")!)).map((m) => m.content).join("")).not.toContain("Ogre");
    expect(cards.filter((m) => m.visibleTo(world.users.get("p1")!)).map((m) => m.content).join("")).not.toContain("27");

    const other = new World();
    other.addUser("gm", true);
    const orc = other.addActor(creature("orc"));
    const gm2 = await other.connect(other.users.get("gm")!);
    await other.as(gm2, () => gm2.api.applyDamage([{ actor: orc }], { parts: [{ amount: 13, types: ["fire"] }] }));
    expect([...other.messages.values()].some((m) => m.whisper.length === 0)).toBe(true);
  });
});
