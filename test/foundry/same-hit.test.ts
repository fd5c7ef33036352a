/**
 * Identical targets of one event are planned once (`src/foundry/hit/same-hit.ts`):
 * each is still written, shown and undone as its own actor, a target that
 * differs in anything the hit reads is planned on its own, and a hit that
 * draws random numbers is never shared.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

type Hp = { value: number; max: number; temp?: number };
const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp }).hp;
const ward = { resistances: [{ type: "fire", limit: 5 }] };
const fireball = { parts: [{ amount: 12, types: ["fire"] }], traits: ["burst"], label: "Fireball" };

let world: World;
let gm: Client & { api: ApiLike };
const goblin = (id: string, hpData: Hp, flags: object = { schemaVersion: 1, defenses: ward }) =>
  world.addActor({ id, name: id, type: "npc", system: { attributes: { hp: hpData } }, flags: { "damage-chain": flags } });

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  gm = await world.connect(world.users.get("gm")!);
});

describe("identical targets of one area hit", () => {
  it("each is written and undone as its own actor; a twin in HP, state or flags is planned on its own", async () => {
    const twins = [goblin("g1", { value: 30, max: 30 }), goblin("g2", { value: 30, max: 30 }), goblin("g3", { value: 30, max: 30 })];
    const temp = goblin("temp", { value: 25, max: 30, temp: 5 });
    const tired = goblin("tired", { value: 30, max: 30 }, { schemaVersion: 1, defenses: ward, state: { roundLifeLost: 4 } });
    const bare = goblin("bare", { value: 30, max: 30 }, { schemaVersion: 1 });
    const all = [...twins, temp, tired, bare];
    const before = all.map((a) => structuredClone({ system: a.system, flags: a.flags }));
    const outcome = await gm.api.applyDamage(all.map((actor) => ({ actor })), fireball);
    await settle();
    // Resist fire 5: 12 − min(6, 5) = 7 (the double's system maps no temp HP); no defenses: 12.
    expect(outcome.targets.map((t) => t.final)).toEqual([7, 7, 7, 7, 7, 12]);
    expect(all.map((a) => hp(a).value)).toEqual([23, 23, 23, 18, 23, 18]);
    expect(hp(temp).temp).toBe(5);
    expect(outcome.targets.map((t) => t.uuid)).toEqual(all.map((a) => a.uuid));
    const state = (a: ActorDouble) => (a.flags["damage-chain"] as { state: { roundLifeLost: number } }).state.roundLifeLost;
    expect(all.map(state)).toEqual([7, 7, 7, 7, 11, 12]);
    await gm.api.undo(outcome.messageId!);
    await settle();
    expect(all.map((a) => ({ system: a.system, flags: a.flags }))).toEqual(before);
  });

  it("a hit that draws random numbers is not shared: each Variable Resistance twin rolls its own", async () => {
    const vr = { schemaVersion: 1, defenses: { keywords: ["variableResistance"] } };
    const twins = [goblin("d1", { value: 30, max: 30 }, vr), goblin("d2", { value: 30, max: 30 }, vr)];
    const rolls = [0, 0, 0.999, 0.999];
    gm.config.Dice.randomUniform = () => rolls.shift() ?? 0;
    await gm.api.applyDamage(twins.map((actor) => ({ actor })), { parts: [{ amount: 8, types: ["fire"] }, { amount: 8, types: ["cold"] }] });
    await settle();
    const resist = (a: ActorDouble) => (a.flags["damage-chain"] as { state: { variableResistance: { resist: string } } }).state.variableResistance.resist;
    expect(rolls).toEqual([]);
    expect(resist(twins[0]!)).not.toBe(resist(twins[1]!));
  });
});
