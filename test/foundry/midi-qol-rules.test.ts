/**
 * Saves, midi-qol's damage reduction and dnd5e's traits together, with the
 * defaults (dnd5e's `replace` mode, the `dnd5e` profile, `midiQolDr: chain`),
 * through midi-qol's own application (`midi-double.ts`). Every expected number
 * is computed by hand as midi-qol 11.6.32 (github:Trahloc/midi-qol 35bd9c8)
 * on dnd5e 5.3.3 (foundryvtt/dnd5e 965ad2d) computes it:
 *
 * - S: a save, in midi-qol's default `SaveDRdr` order, is dnd5e's tray
 *   multiplier ×½ (`src/module/utils.ts` lines 274-279; `settings.ts` line 79);
 * - T: dnd5e per part: immunity 0 (actor.mjs 837-841), modification (843-848),
 *   × the multiplier (851), resistance `Math.trunc(v / 2)` (856),
 *   vulnerability × 2 (862), bypasses for `mgc` physical damage (941-943);
 *   the threshold on the truncated sum (880-891);
 * - D: then midi-qol's `dnd5e.calculateDamage`: `dm.midi.all` capped at the
 *   damage it selects (`src/module/Hooks.ts` 1089-1091, 1149-1151), the sum
 *   capped at the hit's damage (1171-1173), one negative part (1175);
 * - R: the GM adds up the parts and rounds toward 0 once
 *   (`src/module/GMAction.ts` lines 800-801).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble, type Client } from "./double.ts";
import { midiApplyTokenDamage, useMidi } from "./midi-double.ts";

type Traits = { di?: string[]; dr?: string[]; dv?: string[]; bypass?: string[]; dm?: Record<string, number>; dt?: number };
interface Case {
  name: string;
  parts: [number, string, string[]?][];
  traits: Traits;
  saved: boolean;
  dr: number;
  /** HP lost, by hand; the working in the name. */
  lost: number;
}

const CASES: Case[] = [
  { name: "10 slashing, DR 3: 10 - 3 = 7 (D 1175, R)", parts: [[10, "slashing"]], traits: {}, saved: false, dr: 3, lost: 7 },
  { name: "10 slashing saved, DR 3: 5 - 3 = 2 (S, D)", parts: [[10, "slashing"]], traits: {}, saved: true, dr: 3, lost: 2 },
  { name: "15 cold saved, cold-vulnerable: 7.5 × 2 = 15 (S, T 851, 862)", parts: [[15, "cold"]], traits: { dv: ["cold"] }, saved: true, dr: 0, lost: 15 },
  { name: "15 cold saved, cold-vulnerable, DR 4: 15 - 4 = 11", parts: [[15, "cold"]], traits: { dv: ["cold"] }, saved: true, dr: 4, lost: 11 },
  { name: "15 + 21 fire saved, fire-resistant: trunc(3.75) + trunc(5.25) = 8 (T 856)", parts: [[15, "fire"], [21, "fire"]], traits: { dr: ["fire"] }, saved: true, dr: 0, lost: 8 },
  { name: "15 + 21 fire saved, fire-resistant, DR 2: 8 - 2 = 6", parts: [[15, "fire"], [21, "fire"]], traits: { dr: ["fire"] }, saved: true, dr: 2, lost: 6 },
  { name: "Ice Storm saved (9 bludgeoning + 13 cold), DR 3: 4.5 + 6.5 - 3 = 8", parts: [[9, "bludgeoning"], [13, "cold"]], traits: {}, saved: true, dr: 3, lost: 8 },
  { name: "Ice Storm saved, cold-resistant, DR 1: 4.5 + trunc(3.25) - 1 = 6.5 → 6 (R)", parts: [[9, "bludgeoning"], [13, "cold"]], traits: { dr: ["cold"] }, saved: true, dr: 1, lost: 6 },
  { name: "7 fire saved, fire-resistant, DR 1: trunc(1.75) = 1, less 1 = 0", parts: [[7, "fire"]], traits: { dr: ["fire"] }, saved: true, dr: 1, lost: 0 },
  { name: "4 piercing, DR 10: capped at the damage, 0 (D 1149-1151)", parts: [[4, "piercing"]], traits: {}, saved: false, dr: 10, lost: 0 },
  { name: "3 fire saved, DR 1: 1.5 - 1 = 0.5 → 0 (R)", parts: [[3, "fire"]], traits: {}, saved: true, dr: 1, lost: 0 },
  { name: "5 fire saved, DR 1: 2.5 - 1 = 1.5 → 1 (R)", parts: [[5, "fire"]], traits: {}, saved: true, dr: 1, lost: 1 },
  { name: "11 necrotic saved, DR 2: 5.5 - 2 = 3.5 → 3", parts: [[11, "necrotic"]], traits: {}, saved: true, dr: 2, lost: 3 },
  { name: "11 + 11 necrotic saved, DR 2: 5.5 + 5.5 - 2 = 9", parts: [[11, "necrotic"], [11, "necrotic"]], traits: {}, saved: true, dr: 2, lost: 9 },
  { name: "20 fire on a fire-immune creature, DR 3: nothing selected, 0 (T 837, D 1091)", parts: [[20, "fire"]], traits: { di: ["fire"] }, saved: false, dr: 3, lost: 0 },
  { name: "20 fire + 10 slashing, fire-immune, DR 3: 10 - 3 = 7", parts: [[20, "fire"], [10, "slashing"]], traits: { di: ["fire"] }, saved: false, dr: 3, lost: 7 },
  { name: "20 fire + 10 slashing saved, fire-immune, slashing-resistant, DR 2: trunc(2.5) - 2 = 0", parts: [[20, "fire"], [10, "slashing"]], traits: { di: ["fire"], dr: ["slashing"] }, saved: true, dr: 2, lost: 0 },
  { name: "12 radiant saved, resistant and vulnerable, DR 1: trunc(3) × 2 - 1 = 5", parts: [[12, "radiant"]], traits: { dr: ["radiant"], dv: ["radiant"] }, saved: true, dr: 1, lost: 5 },
  { name: "10 magical slashing saved, resistance bypassed by mgc, DR 2: 5 - 2 = 3 (T 941-943)", parts: [[10, "slashing", ["mgc"]]], traits: { dr: ["slashing"], bypass: ["mgc"] }, saved: true, dr: 2, lost: 3 },
  { name: "10 plain slashing saved, resistance (bypass mgc) acts, DR 2: trunc(2.5) - 2 = 0", parts: [[10, "slashing"]], traits: { dr: ["slashing"], bypass: ["mgc"] }, saved: true, dr: 2, lost: 0 },
  { name: "10 fire, dnd5e modification -2 fire, DR 3: 8 - 3 = 5 (T 843-848, then D)", parts: [[10, "fire"]], traits: { dm: { fire: -2 } }, saved: false, dr: 3, lost: 5 },
  { name: "10 fire saved, modification -2 fire, fire-resistant, DR 1: trunc(8 × ½ / 2) - 1 = 1", parts: [[10, "fire"]], traits: { dm: { fire: -2 }, dr: ["fire"] }, saved: true, dr: 1, lost: 1 },
  { name: "12 slashing saved, threshold 10: 6 is below it, 0; no DR left to take (T 883-891, D 1171)", parts: [[12, "slashing"]], traits: { dt: 10 }, saved: true, dr: 3, lost: 0 },
  { name: "12 slashing saved, threshold 5, DR 3: 6 goes through, then 6 - 3 = 3 (the DR after the threshold)", parts: [[12, "slashing"]], traits: { dt: 5 }, saved: true, dr: 3, lost: 3 },
  { name: "12 slashing, threshold 10, DR 3: 12 goes through, then 9", parts: [[12, "slashing"]], traits: { dt: 10 }, saved: false, dr: 3, lost: 9 },
];

let world: World;
let gm: Client;

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  useMidi(world);
  world.addUser("gm", true);
  gm = await world.connect(world.users.get("gm")!);
});

/** A 100 HP creature with the case's dnd5e traits and midi-qol DR (`dm.midi.all`, negative as midi-qol's own tests set it: `src/module/tests/setupTest.ts` line 888). */
function creature(t: Traits, dr: number): ActorDouble {
  const trait = (v: string[] | undefined) => ({ value: new Set(v ?? []), bypasses: new Set(t.bypass ?? []) });
  const dm = { ...(t.dm === undefined ? {} : { amount: t.dm }), ...(dr === 0 ? {} : { midi: { all: -dr } }) };
  return world.addActor({
    id: "target", name: "target", type: "npc",
    system: { attributes: { hp: { ...hp5e(100, 100), ...(t.dt === undefined ? {} : { dt: t.dt }) } }, traits: { di: trait(t.di), dr: trait(t.dr), dv: trait(t.dv), dm } },
  });
}

describe("midi-qol by dnd5e's rules: saves, midi-qol's damage reduction and dnd5e's traits", () => {
  it("has at least 20 hand-computed cases", () => expect(CASES.length).toBeGreaterThanOrEqual(20));

  it.each(CASES)("$name", async (c) => {
    const target = creature(c.traits, c.dr);
    const parts = c.parts.map(([value, type, properties]) => ({ value, type, properties: new Set(properties ?? []) }));
    await midiApplyTokenDamage(world, gm, parts, [target], c.saved ? new Set([target]) : new Set());
    await settle();
    expect(100 - (target.system.attributes as { hp: Hp5e }).hp.value).toBe(c.lost);
  });
});
