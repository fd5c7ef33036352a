/**
 * The GM's own system plus the chain, in a dnd5e world with every default
 * (the dnd5e profile): the chain's own defenses act on top of dnd5e's
 * arithmetic without a profile edit, each recipe works as a GM would use it,
 * and an actor without them gets exactly dnd5e's numbers. Figures from
 * foundryvtt/dnd5e 5.3.3 `calculateDamage` (actor.mjs line 851 the tray's
 * multiplier, line 880 one truncation) and the rules of docs/rules.md.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyDamage5e, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";
import { drawn } from "./drawn.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp;
type Flags = { state?: { oneTimeUses?: Record<string, number>; roundLifeLost?: number }; pools?: Record<string, { value: number }> };
const flags = (a: ActorDouble) => a.flags["damage-chain"] as Flags;
const dmg = (value: number, type: string) => ({ value, type, properties: new Set<string>() });
const creature = (id: string, value: number, max: number, chain: object = {}, type = "npc") => ({
  id, name: id[0]!.toUpperCase() + id.slice(1), type,
  system: { attributes: { hp: hp5e(value, max) }, traits: {}, abilities: { con: { save: { value: 3 } } } },
  flags: { "damage-chain": { schemaVersion: 1, ...chain } },
});

let world: World;
let gm: Client & { api: ApiLike };
beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
});
const connect = async () => (gm = await world.connect(world.users.get("gm")!));
const cards = async () => Promise.all([...world.messages.values()].map((m) => drawn(m)));
const lastCard = async () => (await cards()).at(-1)!;

describe("a ward on top of dnd5e's rules", () => {
  it("a wizard NPC with a 12-point ward takes Fireball 27, saved: 13, the ward 12 → 0, HP −1, and the card says so in that order", async () => {
    const wizard = world.addActor(creature("wizard", 40, 40, { pools: { ward: { value: 12, max: 12 } } }));
    await connect();
    expect(game.settings!.get("damage-chain", "profile")).toBe("dnd5e");
    await applyDamage5e(wizard, [dmg(27, "fire")], { isDelta: true, multiplier: 0.5 });
    await settle();
    expect(hp(wizard).value).toBe(39);
    expect(flags(wizard).pools!.ward!.value).toBe(0);
    const text = await lastCard();
    const ward = text.search(/Ward/);
    const life = text.search(/HP 40 → 39/);
    expect(ward).toBeGreaterThan(-1);
    expect(life).toBeGreaterThan(ward);
  });

  it("the same wizard without a ward takes exactly what dnd5e gives: 13", async () => {
    const wizard = world.addActor(creature("wizard", 40, 40));
    await connect();
    await applyDamage5e(wizard, [dmg(27, "fire")], { isDelta: true, multiplier: 0.5 });
    await settle();
    expect(hp(wizard).value).toBe(27);
  });
});

describe("Relentless Endurance (SRD 5.2 Orc), with dnd5e's long rest", () => {
  const orcFlags = { defenses: { endurance: [{ id: "relentless-endurance", label: "Relentless Endurance", uses: 1, recharge: "longRest", template: "recipe.relentlessEndurance" }] } };
  it("an orc PC at 5 of 30 takes 20: HP 1 and the card names the recipe; a second hit drops it to 0; after a long rest it works again", async () => {
    const orc = world.addActor(creature("orc", 5, 30, orcFlags, "character"));
    await connect();
    await applyDamage5e(orc, [dmg(20, "slashing")], { isDelta: true });
    await settle();
    expect(hp(orc).value).toBe(1);
    expect(await lastCard()).toContain("Relentless Endurance");
    await applyDamage5e(orc, [dmg(3, "slashing")], { isDelta: true });
    await settle();
    expect(hp(orc).value).toBe(0);
    await orc.update({ "system.attributes.hp.value": 10 }, { isRest: true });
    // dnd5e fires restCompleted on the resting client after its own updates (actor.mjs line 2332).
    gm.hooks.callAll("dnd5e.restCompleted" as never, orc as never, { longRest: true } as never, { type: "long" } as never);
    await settle();
    expect(flags(orc).state!.oneTimeUses!["relentless-endurance"]).toBeUndefined();
    await applyDamage5e(orc, [dmg(30, "slashing")], { isDelta: true });
    await settle();
    expect(hp(orc).value).toBe(1);
  });

  it("a short rest does not restore it", async () => {
    const orc = world.addActor(creature("orc", 5, 30, orcFlags, "character"));
    await connect();
    await applyDamage5e(orc, [dmg(20, "slashing")], { isDelta: true });
    await settle();
    gm.hooks.callAll("dnd5e.restCompleted" as never, orc as never, { longRest: false } as never, { type: "short" } as never);
    await settle();
    expect(flags(orc).state!.oneTimeUses!["relentless-endurance"]).toBe(0);
  });
});

describe("Undead Fortitude (SRD 5.2 Zombie): a save rolled with Foundry's dice, shown on the card", () => {
  const zombieFlags = { defenses: { endurance: [{ id: "undead-fortitude", label: "Undead Fortitude", recharge: "never", saveDc: 5, saveAbility: "con", saveBonus: 0, exceptTypes: ["radiant"], ignoredBy: ["critical"] }] } };
  it("d20 + the zombie's own Constitution save (+3) against DC 5 + the damage: 0.95 on the die is a 20, 23 ≥ 17, HP 1", async () => {
    const zombie = world.addActor(creature("zombie", 10, 22, zombieFlags));
    await connect();
    gm.config.Dice.randomUniform = () => 0.95;
    await applyDamage5e(zombie, [dmg(12, "slashing")], { isDelta: true });
    await settle();
    expect(hp(zombie).value).toBe(1);
    expect(await lastCard()).toMatch(/Save 23 against DC 17/);
  });
  it("a low roll fails: 0 on the die is a 1, 4 < 17, HP 0", async () => {
    const zombie = world.addActor(creature("zombie", 10, 22, zombieFlags));
    await connect();
    gm.config.Dice.randomUniform = () => 0;
    await applyDamage5e(zombie, [dmg(12, "slashing")], { isDelta: true });
    await settle();
    expect(hp(zombie).value).toBe(0);
    expect(await lastCard()).toMatch(/Save 4 against DC 17/);
  });
  it("radiant damage: no save, HP 0", async () => {
    const zombie = world.addActor(creature("zombie", 10, 22, zombieFlags));
    await connect();
    gm.config.Dice.randomUniform = () => 0.95;
    await applyDamage5e(zombie, [dmg(12, "radiant")], { isDelta: true });
    await settle();
    expect(hp(zombie).value).toBe(0);
  });
});

describe("a boss's per-round damage limit (seed 000)", () => {
  it("25 + 25 in one round is 30 in all, the card says what was ignored and why; the next round resets it", async () => {
    const boss = world.addActor(creature("boss", 300, 300, { defenses: { damageLimits: [{ value: 30, label: "Boss: at most 30 damage per round" }] } }));
    await connect();
    await applyDamage5e(boss, [dmg(25, "fire")], { isDelta: true });
    await applyDamage5e(boss, [dmg(25, "fire")], { isDelta: true });
    await settle();
    expect(hp(boss).value).toBe(270);
    expect(await lastCard()).toMatch(/Damage Limit 30: 25 lost this round, 5 more allowed; 20 ignored/);
    world.updateCombat({ combatants: [{ actor: boss }] }, { round: 2, turn: 0 });
    await settle();
    await applyDamage5e(boss, [dmg(25, "fire")], { isDelta: true });
    await settle();
    expect(hp(boss).value).toBe(245);
  });
});

describe("a boss's damage shell (seed 000) and a spirit shield (seed 004), on top of dnd5e's rules", () => {
  it("damage shell at 100: 40 on 120 stops at 100, the next hit that round is ignored, the next round it goes through", async () => {
    const lich = world.addActor(creature("lich", 120, 200, { defenses: { shells: [{ id: "shell-half", value: 100, label: "Boss: damage shell at 100 HP" }] } }));
    await connect();
    await applyDamage5e(lich, [dmg(40, "force")], { isDelta: true });
    await applyDamage5e(lich, [dmg(10, "piercing")], { isDelta: true });
    await settle();
    expect(hp(lich).value).toBe(100);
    expect(await lastCard()).toMatch(/Immune until the next round/);
    world.updateCombat({ combatants: [{ actor: lich }] }, { round: 2, turn: 0 });
    await settle();
    await applyDamage5e(lich, [dmg(40, "force")], { isDelta: true });
    await settle();
    expect(hp(lich).value).toBe(60);
  });

  it("spirit shield: the next hit has no effect, the one after lands", async () => {
    const guardian = world.addActor(creature("guardian", 30, 30, { defenses: { prevention: [{ id: "spirit-shield", kind: "oneTime", uses: 1, label: "Spirit shield" }] } }));
    await connect();
    await applyDamage5e(guardian, [dmg(12, "bludgeoning")], { isDelta: true });
    await settle();
    expect(hp(guardian).value).toBe(30);
    expect(await lastCard()).toContain("Spirit shield");
    await applyDamage5e(guardian, [dmg(12, "bludgeoning")], { isDelta: true });
    await settle();
    expect(hp(guardian).value).toBe(18);
  });
});
