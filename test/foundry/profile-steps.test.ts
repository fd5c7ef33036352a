/**
 * Profiles fail closed: a profile is checked against the steps this world can
 * run (the dnd5e profile's steps are registered only in dnd5e worlds:
 * `core/steps/dnd5e.ts`, `systems/dnd5e/index.ts`) when it is registered or
 * imported and when it becomes active. One that cannot run is refused with a
 * message naming the step; a hit that still meets one falls back to the
 * world's own built-in profile, the GM is told and the card says so. It is
 * never applied raw.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";
import { hp5e } from "./dnd5e-double.ts";
import { usePf2e } from "./pf2e-double.ts";
import { readCard } from "./drawn.ts";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const dnd5eSteps = { id: "from-dnd5e", name: "From my dnd5e world", steps: [{ step: "dnd5eModification" }, { step: "immunity" }, { step: "life" }] };
const cards = (world: World) => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const notesOf = (world: World) => cards(world).flatMap((m) => unpackTargets(readCard(m).view!, []).flatMap((t) => t.warnings));

let world: World;
let gm: Client & { api: ApiLike };
let golem: ActorDouble;

describe("in a pf2e world", () => {
  beforeEach(() => {
    world = new World();
    usePf2e(world);
    world.addUser("gm", true);
    golem = world.addActor({ id: "golem", name: "Golem", type: "npc", system: { attributes: { hp: { value: 500, max: 500, temp: 0 }, immunities: [], weaknesses: [], resistances: [] } } });
  });

  it("registering a profile that uses dnd5e's steps through the API is refused, naming the step", async () => {
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    expect(() => world.as(gm, () => gm.api.profiles.register(dnd5eSteps))).toThrow(/Damage modification \(dnd5e\)/);
    expect(world.as(gm, () => (gm.api.profiles as unknown as { get(id: string): unknown }).get("from-dnd5e"))).toBeUndefined();
  });

  it("a stored custom profile with dnd5e's steps is not loaded, and the GM is told which step", async () => {
    world.settings.set("damage-chain.customProfiles", [dnd5eSteps]);
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    expect(world.as(gm, () => (gm.api.profiles as unknown as { get(id: string): unknown }).get("from-dnd5e"))).toBeUndefined();
    expect(gm.notes.map((n) => n.text).join("\n")).toMatch(/Damage modification \(dnd5e\)/);
  });

  it("importing such a profile in the profile editor is refused, naming the step", async () => {
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    const { importJson } = await import("../../src/foundry/apps/profile-draft.ts");
    const { stepLoaded } = await import("../../src/core/chain.ts");
    const draft = { id: "mine", name: "Mine", description: "", steps: [], options: {} };
    const problems = world.as(gm, () => importJson(draft, JSON.stringify(dnd5eSteps), stepLoaded));
    expect(problems.map((p) => p.message).join("\n")).toMatch(/Damage modification \(dnd5e\)/);
    expect(draft.steps).toEqual([]);
  });

  it.each(["dnd5e", "from-dnd5e"])("with the active profile %s (which cannot run here), a token-HUD hit goes through the chain by pf2e's profile: a card that says so, the GM told", async (id) => {
    world.settings.set("damage-chain.customProfiles", [dnd5eSteps]); // stored in a dnd5e world, then imported with the world's settings
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    await world.setSetting("damage-chain.profile", id);
    await world.as(gm, () => golem.modifyTokenAttribute("attributes.hp", -10, true, true));
    await settle();
    expect(hp(golem)).toBe(490);
    const hits = cards(world).filter((m) => readCard(m).of === undefined); // the GM's notes travel in a GM part of their own
    expect(hits).toHaveLength(1);
    expect(readCard(hits[0]!).view!.profile).toBe("pf2e");
    // dnd5e's own profile never loads here (it comes with dnd5e's folder): the card and the GM name it as another system's; a GM's copy names its step.
    const why = id === "dnd5e" ? /"dnd5e 5\.x" comes with the rules of another game system/ : /step "[^"]+\(dnd5e\)"/;
    expect(notesOf(world).join("\n")).toMatch(new RegExp(`${why.source}.*followed "pf2e"`));
    expect(gm.notes.map((n) => n.text).join("\n")).toMatch(why);
  });
});

describe("in a dnd5e world", () => {
  beforeEach(() => {
    world = new World();
    world.systemId = "dnd5e";
    world.addUser("gm", true);
    golem = world.addActor({ id: "golem", name: "Golem", type: "npc", system: { attributes: { hp: hp5e(500, 500) }, traits: {} } });
  });

  it("a stored custom profile with dnd5e's steps loads (the steps arrive with dnd5e's folder) and runs", async () => {
    world.settings.set("damage-chain.customProfiles", [dnd5eSteps]);
    world.settings.set("damage-chain.profile", "from-dnd5e");
    gm = (await world.connect(world.users.get("gm")!)) as typeof gm;
    expect(gm.notes).toEqual([]);
    await world.as(gm, () => gm.api.applyDamage([golem], { parts: [{ amount: 10, types: ["fire"] }] }));
    await settle();
    expect(hp(golem)).toBe(490);
    expect(notesOf(world)).toEqual([]); // no fallback: the chosen profile ran
    expect(() => world.as(gm, () => gm.api.profiles.register({ ...dnd5eSteps, id: "another" }))).not.toThrow();
  });
});
