/**
 * dnd5e's damage tray keeps one options object per target
 * (`DamageApplicationElement#getTargetOptions`, dnd5e 5.3.3
 * damage-application.mjs) for its previews, resistance toggles and the
 * application. Replace mode must not write into it: the module
 * keeps its own copy of the raw damage descriptions and resolves from that,
 * so switching replace/after and clicking the toggles with the tray open
 * throws nothing, and the damage applied matches the mode.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DamageTray5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
const defenses = { resistances: [{ type: "fire", label: "Fire ward" }] };
const roll = () => [{ value: 12, type: "fire", properties: new Set(["mgc"]) }, { value: 6, type: "slashing", properties: new Set<string>() }];

let world: World;
let wolf: ActorDouble;
let tray: DamageTray5e;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  wolf = world.addActor({
    id: "wolf", name: "wolf", type: "npc",
    system: { attributes: { hp: hp5e(40, 40) }, traits: { dr: { value: new Set(["fire"]) } } },
    flags: { "damage-chain": { schemaVersion: 1, defenses } },
  });
  await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.dnd5eMode", "replace");
  await world.setSetting("damage-chain.profile", "revised-4e"); // a seed profile's chain defenses; a dnd5e world starts on the dnd5e profile
  tray = new DamageTray5e(roll(), { id: "roll-1" });
});

describe("dnd5e damage tray", () => {
  it("replace: previews leave the tray's stored options as dnd5e made them", () => {
    expect(tray.preview(wolf)).toBe(12); // the chain's result: fire 12 → 6 (Fire ward), slashing 6
    expect(tray.targetOptions(wolf.uuid)).toEqual({ multiplier: 1, originatingMessage: { id: "roll-1" } });
  });

  it("switching to after with the tray open, then clicking a resistance toggle, throws nothing; each mode applies its own damage", async () => {
    tray.preview(wolf);
    await world.setSetting("damage-chain.dnd5eMode", "after");
    expect(tray.preview(wolf)).toBe(9); // dnd5e halves fire to 6, the chain's Fire ward to 3; slashing 6
    expect(() => tray.toggleResistance(wolf, "fire")).not.toThrow(); // ignore dnd5e's fire resistance for this target
    expect(tray.preview(wolf)).toBe(12); // fire 12 → 6 by the chain alone; slashing 6
    await tray.apply([wolf]);
    await settle();
    expect(hp(wolf).value).toBe(28);
  });

  it("replace after a toggle in after mode: the chain still resolves the raw damage", async () => {
    await world.setSetting("damage-chain.dnd5eMode", "after");
    tray.toggleResistance(wolf, "fire");
    await world.setSetting("damage-chain.dnd5eMode", "replace");
    expect(() => tray.toggleResistance(wolf, "fire")).not.toThrow();
    await tray.apply([wolf]);
    await settle();
    expect(hp(wolf).value).toBe(28);
  });

  it("the tray's multiplier (half damage on a save) scales the raw damage the chain resolves", async () => {
    tray.targetOptions(wolf.uuid).multiplier = 0.5;
    await tray.apply([wolf]);
    await settle();
    expect(hp(wolf).value).toBe(34); // fire 6 → 3 (Fire ward), slashing 3
  });
});
