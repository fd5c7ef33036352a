/**
 * dnd5e's reactions to HP changes follow the chain's result,
 * with dnd5e's `AttributesFields.preUpdateHP` / `onUpdateHP` modelled in the
 * double (`useDnd5e`): the concentration check's DC comes from the damage
 * the chain dealt, not the roll; `dnd5e.damageActor` reports it; and undoing
 * a hit that dropped a PC to 0 lets dnd5e reset its death saves.
 */
import { beforeEach, expect, it } from "vitest";
import { applyDamage5e, concentrationChecks, hp5e, useDnd5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const death = (a: ActorDouble) => (a.system.attributes as { death?: { success: number; failure: number } }).death;

let world: World;
let gm: Client & { api: ApiLike };
let wizard: ActorDouble;

beforeEach(async () => {
  world = new World();
  useDnd5e(world);
  world.addUser("gm", true);
  wizard = world.addActor({
    id: "wizard", name: "Wizard", type: "character",
    system: { attributes: { hp: hp5e(100, 100), death: { success: 1, failure: 2 } }, traits: {} },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", label: "Fire ward" }] } } },
  });
  gm = await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.dnd5eMode", "replace");
  await world.setSetting("damage-chain.profile", "revised-4e"); // a seed profile's chain defenses; a dnd5e world starts on the dnd5e profile
});

it("the concentration DC follows the chain-reduced hit, and dnd5e.damageActor reports it", async () => {
  const reported: number[] = [];
  world.as(gm, () => Hooks.on("dnd5e.damageActor" as never, ((_a: unknown, changes: { total: number }) => void reported.push(changes.total)) as never));
  await world.as(gm, () => applyDamage5e(wizard, [{ value: 60, type: "fire", properties: new Set<string>() }], { isDelta: true }));
  await settle();
  expect(hp(wizard).value).toBe(70); // revised-4e: the Fire ward removes half of 60
  expect(reported).toEqual([-30]);
  expect(concentrationChecks(world)).toEqual([{ actor: "wizard", dc: 15 }]); // ⌊30 / 2⌋, not ⌊60 / 2⌋
});

it("undoing a hit that dropped a PC to 0 lets dnd5e reset its death saves", async () => {
  const out = await world.as(gm, () => gm.api.applyDamage([{ actor: wizard }], { parts: [{ amount: 150, types: ["cold"] }] }));
  expect(hp(wizard).value).toBe(0);
  expect(death(wizard)).toEqual({ success: 1, failure: 2 });
  expect(await world.as(gm, () => gm.api.undo(out.messageId!))).toBe("reverted");
  expect(hp(wizard).value).toBe(100);
  expect(death(wizard)).toEqual({ success: 0, failure: 0 });
});
