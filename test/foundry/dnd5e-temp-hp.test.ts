// @vitest-environment happy-dom
/**
 * Temp HP is shown apart from HP on the card: 5 damage on a
 * 30-HP PC with 8 temp HP reads "HP 30 → 30, temp 8 → 3", not "HP 38 → 33".
 * dnd5e takes temp HP first (`Actor5e#applyDamage`: `deltaTemp`).
 */
import { expect, it } from "vitest";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { hp5e } from "./dnd5e-double.ts";
import { readCard } from "./drawn.ts";
import { World, settle } from "./double.ts";

it("5 damage on 30 HP with 8 temp: HP 30 → 30 and temp 8 → 3, apart", async () => {
  const world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  const pc = world.addActor({ id: "pc", name: "PC", type: "character", system: { attributes: { hp: hp5e(30, 30, 8) }, traits: {} } });
  const gm = await world.connect(world.users.get("gm")!);
  await world.as(gm, () => gm.api.applyDamage([pc], { parts: [{ amount: 5 }] }));
  await settle();
  expect((pc.system.attributes as { hp: { value: number; temp: number } }).hp).toMatchObject({ value: 30, temp: 3 });
  const card = [...world.messages.values()].find((m) => readCard(m).of === undefined)!;
  expect(unpackTargets(readCard(card).view!, [])[0]!.changes).toEqual([{ key: "hp", before: 30, after: 30, max: 30 }, { key: "temp", before: 8, after: 3 }]);
});
