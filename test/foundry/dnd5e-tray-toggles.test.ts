/**
 * Under every profile, dnd5e's tray is obeyed in replace mode:
 * the tray's per-target toggles (ignore immunity / resistance / vulnerability
 * of a type, downgrade an immunity) change what the chain does for that
 * target and type, and the card's GM notes say so; other targets are
 * unchanged. dnd5e 5.3.3 keeps these options per target
 * (`damage-application.mjs`) and skips the changes in `calculateDamage`
 * (`#changeIsIgnored`, `#changeHasEffect`).
 */
import { beforeEach, expect, it } from "vitest";
import { DamageTray5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp.value;
const warded = (id: string, defenses: object) => ({ id, name: id, type: "npc", system: { attributes: { hp: hp5e(40, 40) }, traits: {} }, flags: { "damage-chain": { schemaVersion: 1, defenses } } });

let world: World;
let a: ActorDouble;
let b: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  a = world.addActor(warded("a", { resistances: [{ type: "fire", label: "Fire ward" }], flat: [{ kind: "FDR", type: "fire", value: 3 }], immunities: [{ type: "cold" }] }));
  b = world.addActor(warded("b", { resistances: [{ type: "fire", label: "Fire ward" }], flat: [{ kind: "FDR", type: "fire", value: 3 }], immunities: [{ type: "cold" }] }));
  await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.dnd5eMode", "replace");
  await world.setSetting("damage-chain.profile", "revised-4e"); // a seed profile's chain defenses; a dnd5e world starts on the dnd5e profile
});

it.each(["revised-4e", "layered-armor"])("%s: ignore resistance to fire on one target: it takes the full 12, the other is unchanged, the card says why", async (profile) => {
  await world.setSetting("damage-chain.profile", profile);
  const tray = new DamageTray5e([{ value: 12, type: "fire", properties: new Set<string>() }]);
  const untouched = (tray.preview(b) as number);
  tray.toggleResistance(a, "fire");
  expect(tray.preview(a)).toBe(12);
  await tray.apply([a, b]);
  await settle();
  expect(hp(a)).toBe(28);
  expect(hp(b)).toBe(40 - untouched);
  expect(untouched).toBeLessThan(12);
  const text = [...world.messages.values()].map((m) => JSON.stringify(m.flags)).join(" ");
  expect(text).toContain("Resistance to Fire ignored (dnd5e damage tray)");
});

it("ignore immunity to cold, and downgrade it on another target", async () => {
  const tray = new DamageTray5e([{ value: 10, type: "cold", properties: new Set<string>() }]);
  (tray.targetOptions(a.uuid).ignore = { immunity: new Set(["cold"]) });
  tray.targetOptions(b.uuid).downgrade = new Set(["cold"]);
  await tray.apply([a, b]);
  await settle();
  expect(hp(a)).toBe(30);
  expect(hp(b)).toBe(35); // revised-4e: a resistance removes half
});
