/**
 * "Count the system's own traits as defenses": with the
 * world setting on, each hit reads the dnd5e traits from the actor's
 * prepared data (Sets) without writing anything; off (the default), only the
 * stored defenses count; a stored import is not counted twice.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, type ActorDouble, type Client } from "./double.ts";

type ActorData = typeof import("../../src/foundry/actor/data.ts");
type Traits = typeof import("../../src/foundry/actor/system-traits.ts");
let world: World;
let gm: Client;
let data: ActorData;
let traits: Traits;
let ghoul: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  ghoul = world.addActor({
    id: "g",
    name: "Ghoul",
    type: "npc",
    system: {
      attributes: { hp: { value: 22, max: 22 } },
      details: { type: { value: "undead", subtype: "", swarm: "", custom: "" } },
      traits: { di: { value: new Set(["poison"]), bypasses: new Set(), custom: "" }, dr: { value: new Set(["slashing"]), bypasses: new Set(["mgc"]), custom: "" }, dv: { value: new Set(), bypasses: new Set(), custom: "" }, ci: { value: new Set(["charmed"]), custom: "" }, dm: { amount: {}, bypasses: new Set() } },
    },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5 }] } } },
  });
  gm = await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.dnd5eMode", "replace"); // these tests are of replace mode; a new world starts in after
  data = await world.as(gm, () => import("../../src/foundry/actor/data.ts"));
  traits = await world.as(gm, () => import("../../src/foundry/actor/system-traits.ts"));
});

const read = () => world.as(gm, () => data.readDefender(ghoul as never).defender.defenses);

describe("system traits as defenses", () => {
  it("off by default: only the stored defenses count", () => {
    expect(read().resistances).toEqual([{ type: "fire", limit: 5 }]);
    expect(read().immunities).toEqual([]);
  });

  it("on: each read adds the system's traits, tagged, and writes nothing", () => {
    world.settings.set("damage-chain.systemTraits", true);
    const d = read();
    expect(d.immunities).toEqual([{ type: "poison", template: "import.dnd5e" }]);
    expect(d.resistances).toEqual([{ type: "fire", limit: 5 }, { type: "slashing", ignoredBy: ["magical"], template: "import.dnd5e" }]);
    expect(d.conditionImmunities).toEqual([{ gains: "charmed", template: "import.dnd5e" }]);
    expect(world.writes).toEqual([]);
    // A later change to the system data shows at the next hit.
    (ghoul.system.traits as { dv: { value: Set<string> } }).dv.value.add("radiant");
    expect(read().vulnerabilities).toEqual([{ type: "radiant", template: "import.dnd5e" }]);
  });

  it("a stored import is replaced by the live one, never counted twice", () => {
    world.settings.set("damage-chain.systemTraits", true);
    const stored = world.as(gm, () => traits.importInto(ghoul as never, read()).defenses);
    expect(stored.immunities).toHaveLength(1);
    ghoul.flags["damage-chain"] = { schemaVersion: 1, defenses: stored };
    expect(read().immunities).toEqual([{ type: "poison", template: "import.dnd5e" }]);
  });

  it("dnd5e 'after' mode: dnd5e already applied its traits, so the live read adds nothing", () => {
    world.settings.set("damage-chain.systemTraits", true);
    world.settings.set("damage-chain.dnd5eMode", "after");
    expect(read().immunities).toEqual([]);
  });

  it("the dnd5e profile reads the actor's dnd5e traits live as plain data, whatever the setting, and writes nothing", async () => {
    const { BUILT_IN_PROFILES } = await import("../../src/core/profiles.ts");
    const dnd5e = BUILT_IN_PROFILES.find((p) => p.id === "dnd5e")!;
    const revised = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
    const readWith = (profile: typeof dnd5e) => world.as(gm, () => data.readDefender(ghoul as never, profile).defender);
    expect(readWith(dnd5e).dnd5e).toEqual({ di: { value: ["poison"], bypasses: [] }, dr: { value: ["slashing"], bypasses: ["mgc"] }, dv: { value: [], bypasses: [] }, dm: { amount: {}, bypasses: [] } });
    // Seed profiles do not get them; the stored defenses are the flags' only.
    expect(readWith(revised).dnd5e).toBeUndefined();
    expect(readWith(dnd5e).defenses.immunities).toEqual([]);
    (ghoul.system.attributes as { hp: { dt?: number } }).hp.dt = 5;
    expect(readWith(dnd5e).dnd5e?.dt).toBe(5);
    world.settings.set("damage-chain.dnd5eMode", "after");
    expect(readWith(dnd5e).dnd5e).toBeUndefined();
    expect(world.writes).toEqual([]);
  });
});
