/**
 * Draw Steel's own damage application in a Draw Steel world, as a new GM
 * meets it: the chat card's Apply Damage (`DamageRoll#applyDamage` →
 * `takeDamage`) runs through the chain ONCE with the roll's type, the
 * `draw-steel` profile (the world's default) reads the actor's immunities and
 * weaknesses live and gives the system's numbers; one write, one card by
 * the active GM; its Undo restores stamina. A minion in a squad is left to
 * the system (its shared stamina is a combatant group's). Double:
 * `draw-steel-double.ts` (draw-steel 68856d4).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { drawn, readCard } from "./drawn.ts";
import { applyDamageRoll, joinSquad, modifyStamina, SquadDouble, takeDamage, useDrawSteel } from "./draw-steel-double.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

let world: World;
let gm: Client & { api: ApiLike };
type Table = Record<string, number>;
const stamina = (a: ActorDouble) => (a.system as { stamina: { value: number; temporary: number } }).stamina;
const chainCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const creature = (id: string, immunities: Table = {}, weaknesses: Table = {}, extra: { temporary?: number; organization?: string; type?: string } = {}) =>
  world.addActor({
    id, name: id, type: extra.type ?? "npc", bar: "stamina",
    system: { stamina: { value: 30, max: 30, temporary: extra.temporary ?? 0 }, damage: { immunities: { all: 0, ...immunities }, weaknesses: { all: 0, ...weaknesses } }, monster: { organization: extra.organization ?? "platoon" } },
  });

beforeEach(() => {
  world = new World();
  useDrawSteel(world);
  world.addUser("gm", true);
});

const connect = async () => (gm = (await world.connect(world.users.get("gm")!)) as typeof gm);

describe("Draw Steel's Apply Damage through the chain", () => {
  it("acceptance: fire immunity 5 and fire weakness 3 take 10 fire as the system computes it (10 + 3 − 5 = 8): one write, one card, undo restores", async () => {
    const elemental = creature("elemental", { fire: 5 }, { fire: 3 });
    await connect();
    expect(game.settings!.get("damage-chain", "profile")).toBe("draw-steel");
    await applyDamageRoll({ total: 10, type: "fire" }, [elemental]);
    await settle();
    expect(stamina(elemental).value).toBe(22);
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.actorWrites()[0]!.userId).toBe("gm");
    expect(chainCards()).toHaveLength(1);
    const card = readCard(chainCards()[0]!);
    expect(card.view?.summary).toMatch(/10 Fire/);
    expect(await gm.api.undo(chainCards()[0]!.id)).toBe("reverted");
    expect(stamina(elemental).value).toBe(30);
  });

  it("the card names the system's immunity and weakness in its words", async () => {
    const elemental = creature("elemental", { fire: 5 }, { fire: 3 });
    await connect();
    await applyDamageRoll({ total: 10, type: "fire" }, [elemental]);
    await settle();
    const text = await drawn(chainCards()[0]!);
    expect(text).toMatch(/Weakness 3 Fire/);
    expect(text).toMatch(/Immunity 5 Fire/);
  });

  it("shift-click halves before the traits (damage.mjs 108): 15 fire halved to 7, immunity 5 → 2", async () => {
    const elemental = creature("elemental", { fire: 5 });
    await connect();
    await applyDamageRoll({ total: 15, type: "fire" }, [elemental], { halfDamage: true });
    await settle();
    expect(stamina(elemental).value).toBe(28);
  });

  it("temporary stamina first, the highest of all and the type, ignored immunities, untyped damage", async () => {
    const a = creature("a", { all: 2, fire: 5 }, { all: 4 }, { temporary: 6 });
    const b = creature("b", { all: 3 });
    const c = creature("c", { all: 2, fire: 5 });
    await connect();
    await applyDamageRoll({ total: 10, type: "fire" }, [a]); // 10 + 4 − 5 = 9: temporary 6 → 0, stamina 30 → 27
    await applyDamageRoll({ total: 10 }, [b]); // untyped meets all 3: 7
    await applyDamageRoll({ total: 10, type: "fire", ignoredImmunities: ["fire"] }, [c]); // the all 2 still counts: 8
    await settle();
    expect([stamina(a).temporary, stamina(a).value]).toEqual([0, 27]);
    expect(stamina(b).value).toBe(23);
    expect(stamina(c).value).toBe(22);
    expect(world.actorWrites()).toHaveLength(3);
    expect(chainCards()).toHaveLength(3);
  });

  it("a player's Apply Damage on a creature they target is written by the active GM, once", async () => {
    const elemental = creature("elemental", { fire: 5 }, { fire: 3 });
    await connect();
    const user = world.addUser("p", false);
    const player = await world.connect(user);
    user.targets.add({ actor: elemental });
    await world.as(player, () => applyDamageRoll({ total: 10, type: "fire" }, [elemental]));
    await settle();
    expect(stamina(elemental).value).toBe(22);
    expect(world.actorWrites().map((w) => w.userId)).toEqual(["gm"]);
    expect(chainCards()).toHaveLength(1);
  });

  it("a stamina drop on the token bar meets none of the traits (the system's bar applies none): 10 on all immunity 5 → 20", async () => {
    const golem = creature("golem", { all: 5 });
    await connect();
    await modifyStamina(golem, -10, true);
    await settle();
    expect(stamina(golem).value).toBe(20);
    expect(world.actorWrites()).toHaveLength(1);
    expect(chainCards()).toHaveLength(1);
  });

  it("0 damage is left to the system: its weakness still adds (line 397), and the chain sees that write as a bar drop", async () => {
    const ghoul = creature("ghoul", {}, { holy: 3 });
    await connect();
    await takeDamage(ghoul, 0, { type: "holy" });
    await settle();
    expect(stamina(ghoul).value).toBe(27);
    expect(world.actorWrites()).toHaveLength(1);
  });
});

describe("minion squads", () => {
  it("a minion in one squad is left to the system: the squad's shared stamina drops by the system's numbers, no actor write, no card", async () => {
    const minion = creature("minion", { fire: 2 }, {}, { organization: "minion" });
    const squad = new SquadDouble({ staminaValue: 40 });
    joinSquad(minion, squad);
    await connect();
    await applyDamageRoll({ total: 10, type: "fire" }, [minion]);
    await settle();
    expect(squad.system.staminaValue).toBe(32);
    expect(stamina(minion).value).toBe(30);
    expect(world.actorWrites()).toHaveLength(0);
    expect(chainCards()).toHaveLength(0);
  });

  it("a minion in no squad takes the hit on its own stamina, as the system does after its warning (lines 410–418), through the chain", async () => {
    const minion = creature("minion", { fire: 2 }, {}, { organization: "minion" });
    await connect();
    await applyDamageRoll({ total: 10, type: "fire" }, [minion]);
    await settle();
    expect(stamina(minion).value).toBe(22);
    expect(chainCards()).toHaveLength(1);
  });
});

describe("the Defenses tab's summary of the system's traits", () => {
  it("lists immunities and weaknesses above 0 as the system's sheet does (actor-sheet.mjs 303–321), read by the profile on every hit, no separate editor", async () => {
    const elemental = creature("elemental", { fire: 5, all: 2 }, { holy: 3 });
    await connect();
    const { drawSteelTraitSummary } = await import("../../src/foundry/systems/draw-steel/trait-summary.ts");
    const summary = drawSteelTraitSummary(elemental as unknown as Actor.Implementation);
    expect(summary.reading).toBe("profile");
    expect(summary.editors).toEqual([]);
    expect(summary.clauses.map((c) => c.kind)).toEqual(["immune", "weak"]);
    expect(summary.clauses[0]!.items).toEqual(["All 2, fire 5"]);
    expect(summary.clauses[1]!.items).toEqual(["holy 3"]);
  });
});
