/**
 * Variable Resistance shared with allies (seed 001 "A note on Variable
 * Resistance"): after a hit, every ally with the trait — the actors of the
 * other tokens in the hit token's scene with the same disposition — gets the
 * same Variable Resistance, written with the hit (one batched update per
 * parent) and undone with it. When it triggers for several allied targets of
 * one area hit, one of them, chosen with the adapter's random source, uses it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { seededRandom } from "../../src/core/random.ts";
import { applyDamage5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

type Vr = { resist: string; vulnerable: string } | undefined;
const vr = (a: ActorDouble): Vr => (a.flags["damage-chain"] as { state?: { variableResistance?: Vr } }).state?.variableResistance;
const snapshot = (a: ActorDouble) => structuredClone({ system: a.system, flags: a.flags });
const HOSTILE = -1;
const FRIENDLY = 1;
/** 8 fire + 8 cold: a demon immune to cold is hit by fire only, one immune to fire by cold only. */
const fireAndCold = { parts: [{ amount: 8, types: ["fire"] }, { amount: 8, types: ["cold"] }], traits: ["burst"] };

let world: World;
let gm: Awaited<ReturnType<World["connect"]>>;
let a: ActorDouble, b: ActorDouble, c: ActorDouble, plain: ActorDouble, friend: ActorDouble, elsewhere: ActorDouble, minion: ActorDouble;

const demon = (id: string, immune: string[] = [], extra: object = {}) =>
  world.addActor({
    id, name: id, type: "npc",
    system: { attributes: { hp: { value: 30, max: 30, temp: 0, tempmax: 0 } } },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { keywords: ["variableResistance"], immunities: immune.map((type) => ({ type })) } } },
    ...extra,
  });

/** A world of `systemId` (a system's folder is loaded at init, only in worlds of that system) with the demons, the GM connected. */
async function setup(systemId?: string): Promise<void> {
  world = new World();
  if (systemId !== undefined) world.systemId = systemId;
  world.addUser("gm", true);
  a = demon("a", ["cold"]);
  b = demon("b", ["fire"]);
  c = demon("c");
  minion = demon("minion", [], { unlinked: true });
  plain = world.addActor({ id: "plain", name: "plain", type: "npc", system: { attributes: { hp: { value: 30, max: 30 } } }, flags: { "damage-chain": { schemaVersion: 1 } } });
  friend = demon("friend");
  elsewhere = demon("elsewhere");
  for (const x of [a, b, c, minion, plain]) world.placeToken("keep", x, HOSTILE);
  world.placeToken("keep", friend, FRIENDLY);
  world.placeToken("cave", elsewhere, HOSTILE);
  gm = await world.connect(world.users.get("gm")!);
  gm.api.profiles.register({ id: "vr", name: "Variable Resistance", steps: [{ step: "resistance" }, { step: "life" }, { step: "variableResistance" }] });
}

beforeEach(() => setup());

describe("Variable Resistance shared with allies", () => {
  it("gives allies with the trait the hit demon's result, in one batched update per parent, with one card", async () => {
    const outcome = await gm.api.applyDamage([{ actor: a }], { parts: [{ amount: 6, types: ["fire"] }] }, { profile: "vr" });
    const used = vr(a);
    expect(used?.resist).toBe("fire");
    expect([b, c, minion].map(vr)).toEqual([used, used, used]);
    // No trait, another disposition, another scene: not allies with the trait.
    expect([plain, friend, elsewhere].map(vr)).toEqual([undefined, undefined, undefined]);
    expect(world.actorWrites().map((w) => w.ids)).toEqual([["a", "b", "c"], ["minion"]]);
    expect(world.messages.size).toBe(1);
    // Types by their labels in lang/en.json: "Fire", "Cold"...
    const label = (id: string) => `${id[0]!.toUpperCase()}${id.slice(1)}`;
    expect(world.messages.get(outcome.messageId!)!.content).toContain(`Variable Resistance: resist Fire, vulnerable ${label(used!.vulnerable)} — shared with 3 allies`);
  });

  it("words the card line for a lone demon and for a single ally", async () => {
    const lone = await gm.api.applyDamage([{ actor: elsewhere }], { parts: [{ amount: 6, types: ["fire"] }] }, { profile: "vr" });
    const loneCard = world.messages.get(lone.messageId!)!.content;
    expect(loneCard).toContain("Variable Resistance: resist Fire, vulnerable");
    expect(loneCard).not.toContain("shared with");
    const pair = await gm.api.applyDamage([{ actor: friend }], { parts: [{ amount: 6, types: ["fire"] }] }, { profile: "vr" });
    // friend is alone on its side of the keep too: no ally with the trait.
    expect(world.messages.get(pair.messageId!)!.content).not.toContain("shared with");
    world.placeToken("cave", c, HOSTILE);
    const one = await gm.api.applyDamage([{ actor: elsewhere }], { parts: [{ amount: 6, types: ["cold"] }] }, { profile: "vr" });
    expect(world.messages.get(one.messageId!)!.content).toContain("— shared with 1 ally");
  });

  it("on a player's client (no GM connected), shares only with allies the player may write, and still posts the card", async () => {
    world.users.get("gm")!.active = false; // with a GM connected the GM would write the hit
    world.addUser("p", false);
    const own = demon("own", [], { ownership: { p: 3 } });
    world.placeToken("keep", own, HOSTILE);
    const player = await world.connect(world.users.get("p")!);
    player.api.profiles.register({ id: "vr", name: "Variable Resistance", steps: [{ step: "resistance" }, { step: "life" }, { step: "variableResistance" }] });
    const before = [a, b, c].map(snapshot);
    const outcome = await player.api.applyDamage([{ actor: own }], { parts: [{ amount: 6, types: ["fire"] }] }, { profile: "vr" });
    expect(vr(own)?.resist).toBe("fire");
    expect([a, b, c].map(snapshot)).toEqual(before);
    expect(outcome.relayed).toBe(false);
    expect(world.messages.get(outcome.messageId!)!.content).not.toContain("shared with");
  });

  it("two demons in one area hit: exactly one uses it, the one the random source picks, and the other keeps none of its own roll", async () => {
    for (const [u, user] of [[0, "fire"], [0.999, "cold"]] as const) {
      for (const x of [a, b, c, minion]) x.flags["damage-chain"] = { schemaVersion: 1, defenses: (x.flags["damage-chain"] as { defenses: object }).defenses };
      gm.config.Dice.randomUniform = () => u;
      const outcome = await gm.api.applyDamage([{ actor: a }, { actor: b }], fireAndCold, { profile: "vr" });
      // a resists fire (its only triggering type), b cold: the random source decides whose result everyone gets.
      expect(vr(a)?.resist).toBe(user);
      expect([b, c, minion].map(vr)).toEqual([vr(a), vr(a), vr(a)]);
      const card = world.messages.get(outcome.messageId!)!.content;
      expect(card).toContain("shared with 3 allies");
      expect(card).toContain(`Used by ${user === "fire" ? "a" : "b"}, chosen at random among the 2 allies`);
    }
  });

  it("the choice is random: over seeded random sources both demons get to use it, and all allies always share one result", async () => {
    const users = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const r = seededRandom(seed);
      gm.config.Dice.randomUniform = () => r.int(1_000_000) / 1_000_000;
      await gm.api.applyDamage([{ actor: a }, { actor: b }], fireAndCold, { profile: "vr" });
      expect([b, c, minion].map(vr)).toEqual([vr(a), vr(a), vr(a)]);
      users.add(vr(a)!.resist);
    }
    expect([...users].sort()).toEqual(["cold", "fire"]);
  });

  it("undo restores the targets and the allies exactly", async () => {
    const before = [a, b, c, minion, plain].map(snapshot);
    const outcome = await gm.api.applyDamage([{ actor: a }, { actor: b }], fireAndCold, { profile: "vr" });
    expect(vr(c)).toBeDefined();
    expect(await gm.api.undo(outcome.messageId!)).toBe("reverted");
    expect([a, b, c, minion, plain].map(snapshot)).toEqual(before);
  });

  it("token HUD: the hit is the caller's one write, the allies follow in one batched update, one card; undo restores all", async () => {
    await world.setSetting("damage-chain.defaultDamageType", "fire");
    await world.setSetting("damage-chain.profile", "vr");
    const before = [a, b, c, minion].map(snapshot);
    await a.modifyTokenAttribute("attributes.hp", -5, true, true);
    await settle();
    expect(vr(a)?.resist).toBe("fire");
    expect([b, c, minion].map(vr)).toEqual([vr(a), vr(a), vr(a)]);
    expect(world.actorWrites().map((w) => w.ids)).toEqual([["a"], ["b", "c"], ["minion"]]);
    expect(world.messages.size).toBe(1);
    expect(await gm.api.undo([...world.messages.keys()][0]!)).toBe("reverted");
    expect([a, b, c, minion].map(snapshot)).toEqual(before);
  });

  it("dnd5e: the hits of one roll share one choice and one card; the demon that did not use it is corrected in the allies' batch", async () => {
    await setup("dnd5e");
    await world.setSetting("damage-chain.profile", "vr");
    gm.config.Dice.randomUniform = () => 0;
    const before = [a, b, c, minion].map(snapshot);
    const origin = { originatingMessage: { id: "roll-1" } };
    // One dnd5e application of the roll (the tray's Apply: one target after another).
    await world.as(gm, () =>
      gm.finish.inApplication("roll-1", async () => {
        await applyDamage5e(a, [{ value: 8, type: "fire" }, { value: 8, type: "cold" }], { ...origin });
        await applyDamage5e(b, [{ value: 8, type: "fire" }, { value: 8, type: "cold" }], { ...origin });
      }),
    );
    expect(vr(a)?.resist).toBe("fire");
    expect([b, c, minion].map(vr)).toEqual([vr(a), vr(a), vr(a)]);
    expect(world.actorWrites().map((w) => w.ids)).toEqual([["a"], ["b"], ["b", "c"], ["minion"]]);
    expect(world.messages.size).toBe(1);
    expect(await gm.api.undo([...world.messages.keys()][0]!)).toBe("reverted");
    expect([a, b, c, minion].map(snapshot)).toEqual(before);
  });
});
