/**
 * Round and time state in the actors' flags: a new combat round resets the
 * Damage Limit counter and shell immunity (000), the end of a turn clears
 * temporary damage (002), the end of the encounter ends Variable Resistance
 * (001), and Damage Shell cooldowns run on `game.time.worldTime`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

type State = { roundLifeLost: number; shellImmune: boolean; shellCooldowns: Record<string, number>; temporaryDamage: number; variableResistance?: object };
const state = (a: ActorDouble) => (a.flags["damage-chain"] as { state: State }).state;
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

let world: World;
let gm: Client & { api: ApiLike };
let knight: ActorDouble;
const combat = () => ({ combatants: [{ actor: knight }] });

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  knight = world.addActor({
    id: "knight",
    name: "Knight",
    system: { attributes: { hp: { value: 50, max: 50 } } },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { damageLimits: [{ value: 12 }] } } },
  });
  gm = await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.profile", "layered-armor");
});

describe("round and time state", () => {
  it("a new round resets the Damage Limit counter, so the limit applies per round", async () => {
    await gm.api.applyDamage([{ actor: knight }], { parts: [{ amount: 10 }] });
    await gm.api.applyDamage([{ actor: knight }], { parts: [{ amount: 10 }] });
    expect(hp(knight)).toBe(50 - 12); // Damage Limit 12: 10, then only 2 more this round
    expect(state(knight).roundLifeLost).toBe(12);
    world.updateCombat(combat(), { round: 2, turn: 0 });
    await settle();
    expect(state(knight).roundLifeLost).toBe(0);
    await gm.api.applyDamage([{ actor: knight }], { parts: [{ amount: 10 }] });
    expect(hp(knight)).toBe(50 - 12 - 10);
  });

  it("a shell's cooldown is stored in world time and its immunity ends with the round", async () => {
    knight.flags["damage-chain"] = { schemaVersion: 1, defenses: { shells: [{ id: "aegis", value: 30, cooldown: 3600 }] } };
    world.worldTime = 1000;
    await gm.api.applyDamage([{ actor: knight }], { parts: [{ amount: 25 }] });
    expect(hp(knight)).toBe(30); // the shell at 30 stops the fall (000)
    expect(state(knight).shellImmune).toBe(true);
    expect(state(knight).shellCooldowns).toEqual({ aegis: 1000 + 3600 });
    world.updateCombat(combat(), { round: 3, turn: 0 });
    await settle();
    expect(state(knight).shellImmune).toBe(false);
    expect(state(knight).shellCooldowns).toEqual({ aegis: 4600 });
  });

  it("rewinding the combat resets nothing; a turn change clears temporary damage; the end of the encounter ends Variable Resistance", async () => {
    knight.flags["damage-chain"] = { schemaVersion: 1, state: { roundLifeLost: 5, temporaryDamage: 3, variableResistance: { resist: "fire", vulnerable: "cold" } } };
    world.updateCombat(combat(), { round: 1, turn: 0 }, { direction: -1 });
    await settle();
    expect(state(knight)).toMatchObject({ roundLifeLost: 5, temporaryDamage: 3 });
    world.updateCombat(combat(), { turn: 1 });
    await settle();
    expect(state(knight)).toMatchObject({ roundLifeLost: 5, temporaryDamage: 0 });
    world.as(gm, () => gm.hooks.callAll("deleteCombat", combat(), {}, "gm"));
    await settle();
    expect(state(knight).variableResistance).toBeUndefined();
  });

  it("an initiative reset (Foundry's Combat#resetAll: turn re-pointed, turnEvents false) ends no turn and no round", async () => {
    knight.flags["damage-chain"] = { schemaVersion: 1, state: { roundLifeLost: 5, temporaryDamage: 3 } };
    // core v13 resetAll: this.update({combatants, turn}, {turnEvents: false, diff: false}); no direction
    world.updateCombat(combat(), { combatants: [], turn: 2 }, { turnEvents: false, diff: false });
    await settle();
    expect(state(knight)).toMatchObject({ roundLifeLost: 5, temporaryDamage: 3 });
    expect(world.actorWrites()).toHaveLength(0);
  });
});
