/**
 * The built-in `dnd5e` profile as a dnd5e world meets it: it is
 * the default profile there, the chain resolves dnd5e's own hits
 * with it from the raw descriptions and the tray's options, and the card
 * explains each trait. Figures worked out by hand from foundryvtt/dnd5e
 * 5.3.3 `module/documents/actor/actor.mjs` `calculateDamage`: line 851 the
 * multiplier, line 856 `Math.trunc(appliedDamage / 2)` for a resistance,
 * line 862 ×2 for a vulnerability, line 880 one truncation of the sum,
 * lines 883-891 the threshold `dt`, lines 820-831 / 846-847 `dm`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DamageTray5e, applyDamage5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";
import { drawn } from "./drawn.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
type Traits = Record<string, unknown>;
const creature = (id: string, traits: Traits = {}, value = 40, dt?: number) => ({
  id, name: id[0]!.toUpperCase() + id.slice(1), type: "npc",
  system: { attributes: { hp: { ...hp5e(value, 40), ...(dt === undefined ? {} : { dt }) } }, traits },
});
const set = (...v: string[]) => ({ value: new Set(v), bypasses: new Set<string>() });
const dmg = (value: number, type: string, ...properties: string[]) => ({ value, type, properties: new Set(properties) });

let world: World;

beforeEach(() => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
});

const cardText = async () => (await Promise.all([...world.messages.values()].map((m) => drawn(m)))).join("\n");

describe("the dnd5e profile in a dnd5e world with every default", () => {
  it("is the active profile, and resolves dnd5e's hits by dnd5e's arithmetic: 7 slashing resisted → 3, 7 radiant vulnerable → 14", async () => {
    const golem = world.addActor(creature("golem", { dr: set("slashing") }));
    const shade = world.addActor(creature("shade", { dv: set("radiant") }));
    await world.connect(world.users.get("gm")!);
    expect(game.settings!.get("damage-chain", "profile")).toBe("dnd5e");
    await applyDamage5e(golem, [dmg(7, "slashing")], { isDelta: true });
    await applyDamage5e(shade, [dmg(7, "radiant")], { isDelta: true });
    await settle();
    expect([hp(golem).value, hp(shade).value]).toEqual([37, 26]);
  });

  it("explains dnd5e's resistance on the card (the chain resolved it, not dnd5e)", async () => {
    const golem = world.addActor(creature("golem", { dr: set("fire") }));
    await world.connect(world.users.get("gm")!);
    await applyDamage5e(golem, [dmg(10, "fire")], { isDelta: true });
    await settle();
    expect(hp(golem).value).toBe(35);
    expect(await cardText()).toMatch(/Resist[^<]*Fire/);
  });

  it("reads dm, dt and bypasses live: a magical slashing hit bypasses a nonmagical resistance, dt ignores a small hit", async () => {
    const giant = world.addActor(creature("giant", { dr: { value: new Set(["slashing"]), bypasses: new Set(["mgc"]) }, dm: { amount: { fire: "-3" }, bypasses: new Set() } }, 40, 5));
    await world.connect(world.users.get("gm")!);
    await applyDamage5e(giant, [dmg(8, "slashing", "mgc")], { isDelta: true }); // bypassed: 8
    await applyDamage5e(giant, [dmg(4, "cold")], { isDelta: true }); // 4 < dt 5: 0
    await applyDamage5e(giant, [dmg(10, "fire")], { isDelta: true }); // dm −3: 7
    await settle();
    expect(hp(giant).value).toBe(40 - 8 - 0 - 7);
  });

  it("passes the tray's multiplier to the profile: Ice Storm ×½ on a cold-resistant ogre is trunc(4.5 + trunc(6.5 / 2)) = 7", async () => {
    const ogre = world.addActor(creature("ogre", { dr: set("cold") }));
    await world.connect(world.users.get("gm")!);
    await applyDamage5e(ogre, [dmg(9, "bludgeoning"), dmg(13, "cold")], { isDelta: true, multiplier: 0.5 });
    await settle();
    expect(hp(ogre).value).toBe(33);
  });

  it("obeys the tray's ignore resistance for one target only, and the card says so", async () => {
    const a = world.addActor(creature("alpha", { dr: set("fire") }));
    const b = world.addActor(creature("beta", { dr: set("fire") }));
    await world.connect(world.users.get("gm")!);
    const tray = new DamageTray5e([dmg(10, "fire")]);
    tray.toggleResistance(a, "fire");
    await tray.apply([a, b]);
    await settle();
    expect([hp(a).value, hp(b).value]).toEqual([30, 35]);
    expect(await cardText()).toMatch(/Resist Fire: ignored for Fire \(damage tray\)/);
  });

  it("after mode: dnd5e resolves its traits once, the profile's dnd5e steps stand aside", async () => {
    const golem = world.addActor(creature("golem", { dr: set("fire") }));
    await world.connect(world.users.get("gm")!);
    await world.setSetting("damage-chain.dnd5eMode", "after");
    await applyDamage5e(golem, [dmg(10, "fire")], { isDelta: true });
    await settle();
    expect(hp(golem).value).toBe(35);
  });
});

describe("outside dnd5e", () => {
  it("the default profile stays the seed default", async () => {
    const other = new World();
    other.addUser("gm", true);
    await other.connect(other.users.get("gm")!);
    expect(game.settings!.get("damage-chain", "profile")).toBe("revised-4e");
  });
});
