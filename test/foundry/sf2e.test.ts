/**
 * Starfinder 2e: pf2e's engine built with the system id `sf2e`
 * (foundryvtt/pf2e `build/build-system.ts` at 0e020964, l. 11 and 25), so the
 * double is pf2e's (`usePf2e(world, "sf2e")`). pf2e's acceptance cases of
 * immunity, weakness and resistance, with SF2e's own creatures and armor,
 * hold in an SF2e world under both of pf2e's modes: "after" (the system's
 * `applyIWR` as the double models it, the chain after it) and "replace" (the
 * chain's pf2e profile with the traits imported live). Each expected number
 * is worked by hand from `applyIWR` (`src/module/system/damage/iwr.ts` at
 * 05066b10, l. 13; l. 54 step 0 unaffected, l. 59 step 1 immunity, l. 138
 * step 3 the highest weakness added, l. 165 step 4 the highest resistance, at
 * most the damage so far);
 * docs/sf2e.md has the same table.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { drawn } from "./drawn.ts";
import { applyDamagePf2e, damageRoll, undoDamagePf2e, usePf2e, type IwrEntry } from "./pf2e-double.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

type Iwr = { immunities?: IwrEntry[]; weaknesses?: IwrEntry[]; resistances?: IwrEntry[] };
interface Case {
  what: string;
  iwr: Iwr;
  traits?: string[];
  /** Void healing (`attributes.hp.negativeHealing`, set by the Void Healing rule element). */
  voidHealing?: boolean;
  hit: [number, string, string[]?];
  /** Damage taken, by hand from `applyIWR`. */
  taken: number;
}

const GHOST: Iwr = { resistances: [{ type: "all-damage", value: 5, exceptions: ["force", "ghost-touch", "spirit", "vitality"] }] };
const GARGOYLE: Iwr = { resistances: [{ type: "physical", value: 5, exceptions: ["adamantine"] }] };
// packs/sf2e/alien-core-bestiary/Cybernetic_Zombie_dxbr3LNg0R66Aj1n.json at 2ea34c3c: weaknesses electricity 10, slashing 10.
const ZOMBIE: Iwr = { weaknesses: [{ type: "electricity", value: 10 }, { type: "slashing", value: 10 }] };
// src/scripts/config/armor-specialization.ts at 4f296a00, l. 33–50: heavy ceramic armor resists acid, cold, electricity and fire 2.
const CERAMIC: Iwr = { resistances: ["acid", "cold", "electricity", "fire"].map((type) => ({ type, value: 2 })) };

const CASES: Case[] = [
  { what: "ghost, all-damage 5 except force: 10 force", iwr: GHOST, hit: [10, "force"], taken: 10 },
  { what: "ghost: 10 fire (a laser), 10 − 5", iwr: GHOST, hit: [10, "fire"], taken: 5 },
  ...["bludgeoning", "piercing", "slashing", "bleed"].map((t): Case => ({ what: `gargoyle, physical 5 except adamantine: 10 ${t}`, iwr: GARGOYLE, hit: [10, t], taken: 5 })),
  { what: "gargoyle: 10 slashing from an adamantine blade (its exception)", iwr: GARGOYLE, hit: [10, "slashing", ["adamantine"]], taken: 10 },
  { what: "cybernetic zombie (undead, void healing): 10 void, unaffected", iwr: ZOMBIE, traits: ["mindless", "tech", "undead", "zombie"], voidHealing: true, hit: [10, "void"], taken: 0 },
  { what: "cybernetic zombie: 10 bleed, unaffected (not living)", iwr: ZOMBIE, traits: ["mindless", "tech", "undead", "zombie"], voidHealing: true, hit: [10, "bleed"], taken: 0 },
  { what: "cybernetic zombie: 6 electricity (an arc pistol), 6 + 10", iwr: ZOMBIE, traits: ["undead"], voidHealing: true, hit: [6, "electricity"], taken: 16 },
  { what: "cybernetic zombie: 6 fire (a laser pistol), no entry", iwr: ZOMBIE, traits: ["undead"], voidHealing: true, hit: [6, "fire"], taken: 6 },
  { what: "heavy ceramic armor: 10 fire, 10 − 2", iwr: CERAMIC, traits: ["humanoid"], hit: [10, "fire"], taken: 8 },
  { what: "heavy ceramic armor: 1 cold, resistance takes at most the damage", iwr: CERAMIC, traits: ["humanoid"], hit: [1, "cold"], taken: 0 },
  { what: "fire immunity: 10 fire", iwr: { immunities: [{ type: "fire" }] }, hit: [10, "fire"], taken: 0 },
  { what: "weakness cold 5: 10 cold", iwr: { weaknesses: [{ type: "cold", value: 5 }] }, hit: [10, "cold"], taken: 15 },
  { what: "weakness fire 5 then resistance fire 3: 10 fire, 10 + 5 − 3", iwr: { weaknesses: [{ type: "fire", value: 5 }], resistances: [{ type: "fire", value: 3 }] }, hit: [10, "fire"], taken: 12 },
  { what: "physical 5 except silver: 9 slashing with silver", iwr: { resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }] }, hit: [9, "slashing", ["silver"]], taken: 9 },
];

let world: World;
let gm: Client & { api: ApiLike };
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number; temp: number } }).hp;
const chainCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const pf2eCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => (m.flags as { pf2e?: unknown }).pf2e !== undefined);
const creature = (id: string, c: Pick<Case, "iwr" | "traits" | "voidHealing">, flags: Record<string, unknown> = {}) =>
  world.addActor({
    id, name: id, type: "npc",
    system: { traits: { value: c.traits ?? [] }, attributes: { hp: { value: 40, max: 40, temp: 0, negativeHealing: c.voidHealing === true }, immunities: [], weaknesses: [], resistances: [], ...c.iwr } },
    flags,
  });

beforeEach(() => {
  world = new World();
  usePf2e(world, "sf2e");
  world.addUser("gm", true);
});
const connect = async () => (gm = (await world.connect(world.users.get("gm")!)) as typeof gm);

describe("an SF2e world's defaults", () => {
  it("pf2e's profile, pf2e's after mode, NPC rows hidden from players", async () => {
    await connect();
    expect(game.system!.id).toBe("sf2e");
    expect(game.settings!.get("damage-chain", "profile")).toBe("pf2e");
    expect(game.settings!.get("damage-chain", "pf2eMode")).toBe("after");
    expect(game.settings!.get("damage-chain", "cardVisibility")).toBe("hideNpc");
    // The pf2e profile is offered (under its lang key); the dnd5e profile, whose steps come with dnd5e's folder, is not.
    const choices = (gm.settingConfig.get("damage-chain.profile") as { choices: Record<string, string> }).choices;
    expect([choices.pf2e, choices.dnd5e]).toEqual(["DAMAGECHAIN.Profile.pf2e", undefined]);
  });
});

describe.each(["after", "replace"] as const)("pf2e's immunity, weakness and resistance in an SF2e world, %s mode", (mode) => {
  it.each(CASES.map((c) => [c.what, c] as const))("%s", async (_what, c) => {
    const target = creature("target", c);
    await connect();
    await world.setSetting("damage-chain.pf2eMode", mode);
    await applyDamagePf2e(target, { damage: damageRoll(c.hit), item: { name: "Strike" } });
    await settle();
    expect(hp(target).value).toBe(40 - c.taken);
    // One write at most and one card; pf2e's message only when pf2e applied it. In after mode a hit pf2e
    // reduces to 0 writes nothing (`if (hpDamage !== 0)`), so there is no chain hit either.
    expect(world.actorWrites().length).toBeLessThanOrEqual(1);
    expect(chainCards()).toHaveLength(mode === "after" && c.taken === 0 ? 0 : 1);
    expect(pf2eCards()).toHaveLength(mode === "after" ? 1 : 0);
  });
});

describe("the card and undo in an SF2e world", () => {
  it("replace mode names SF2e's IWR in pf2e's words: Resistance 5 Fire, Unaffected by Void", async () => {
    const ghost = creature("ghost", { iwr: GHOST });
    const zombie = creature("zombie", { iwr: ZOMBIE, traits: ["undead"], voidHealing: true });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(ghost, { damage: damageRoll([10, "fire"]) });
    await applyDamagePf2e(zombie, { damage: damageRoll([10, "void"]) });
    await settle();
    const [first, second] = await Promise.all(chainCards().map((m) => drawn(m)));
    expect(first).toMatch(/Resistance 5/);
    expect(first).not.toMatch(/FDR/);
    expect(second).toMatch(/Unaffected by Void/);
  });

  it("the system's undo on a hit the chain took part in runs the chain card's undo: HP restored exactly, the card marked undone", async () => {
    const sentinel = creature("sentinel", { iwr: CERAMIC }, { "damage-chain": { schemaVersion: 1, pools: { ward: { value: 3, max: 3 } } } });
    await connect();
    await applyDamagePf2e(sentinel, { damage: damageRoll([10, "fire"]) });
    await settle();
    expect(hp(sentinel).value).toBe(35); // 10 − 2 (ceramic) = 8, the ward takes 3
    await undoDamagePf2e(sentinel, pf2eCards()[0]!);
    await settle();
    expect(hp(sentinel).value).toBe(40);
    expect(await gm.api.undo(chainCards()[0]!.id)).toBe("already");
  });
});
