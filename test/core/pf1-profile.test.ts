/**
 * The `pf1` profile against a worked table: every case computed by hand from
 * the Pathfinder Core Rulebook (CRB) section named beside it, on traits as
 * PF1 stores them (imported by `core/import/pf1.ts`) and hits as the PF1
 * adapter gives them (instance types; the weapon's materials, alignments and
 * `magic` as event traits).
 */
import { describe, expect, it } from "vitest";
import { importPf1 } from "../../src/core/import/pf1.ts";
import { run } from "./support.ts";

type Traits = Record<string, unknown>;
const actor = (traits: Traits) => ({ name: "Creature", type: "npc", system: { traits } });
const dr = (amount: number, t1 = "", t2 = "", operator = true) => ({ amount, operator, types: [t1, t2] });
const er = (amount: number, type: string) => ({ amount, operator: true, types: [type, ""] });

/** [section, traits, parts [amount, type][], event traits, expected damage] */
type Row = [string, Traits, [number, string][], string[], number];
const ROWS: Row[] = [
  // Damage Reduction (CRB, Universal Monster Rules "Damage Reduction" / Special Abilities)
  ["DR: 12 slashing vs DR 5/silver, cold iron sword", { dr: { value: [dr(5, "alchemicalsilver")] } }, [[12, "slashing"]], ["coldiron"], 7],
  ["DR: overcome by a silver weapon", { dr: { value: [dr(5, "alchemicalsilver")] } }, [[12, "slashing"]], ["alchemicalsilver"], 12],
  ["DR x/—: nothing overcomes it", { dr: { value: [dr(10)] } }, [[12, "piercing"]], ["magic", "adamantine"], 2],
  ["DR: negates damage completely", { dr: { value: [dr(10)] } }, [[7, "bludgeoning"]], [], 0],
  ["DR: does not reduce energy damage", { dr: { value: [dr(10)] } }, [[15, "fire"]], [], 15],
  ["DR: once per attack on the physical sum", { dr: { value: [dr(5)] } }, [[4, "slashing"], [3, "piercing"]], [], 2],
  ["DR: weapon + energy, only the physical part", { dr: { value: [dr(5)] } }, [[8, "slashing"], [6, "fire"]], [], 9],
  ["DR 5/magic: a magic weapon", { dr: { value: [dr(5, "magic")] } }, [[9, "slashing"]], ["magic"], 9],
  ["DR 5/magic: a mundane weapon", { dr: { value: [dr(5, "magic")] } }, [[9, "slashing"]], [], 4],
  ["DR 10/cold iron or good: a good weapon", { dr: { value: [dr(10, "coldiron", "good")] } }, [[14, "slashing"]], ["good"], 14],
  ["DR 10/cold iron or good: a cold iron weapon", { dr: { value: [dr(10, "coldiron", "good")] } }, [[14, "slashing"]], ["coldiron"], 14],
  ["DR 10/cold iron or good: neither", { dr: { value: [dr(10, "coldiron", "good")] } }, [[14, "slashing"]], ["evil"], 4],
  ["DR 10/magic and silver: both", { dr: { value: [dr(10, "magic", "alchemicalsilver", false)] } }, [[15, "piercing"]], ["magic", "alchemicalsilver"], 15],
  ["DR 10/magic and silver: magic only", { dr: { value: [dr(10, "magic", "alchemicalsilver", false)] } }, [[15, "piercing"]], ["magic"], 5],
  ["DR 10/magic and silver: silver only", { dr: { value: [dr(10, "magic", "alchemicalsilver", false)] } }, [[15, "piercing"]], ["alchemicalsilver"], 5],
  ["DR 5/bludgeoning: a club overcomes it", { dr: { value: [dr(5, "bludgeoning")] } }, [[8, "bludgeoning"]], [], 8],
  ["DR 5/bludgeoning: a sword does not", { dr: { value: [dr(5, "bludgeoning")] } }, [[8, "slashing"]], [], 3],
  ["DR do not stack: the best that applies (10/magic vs mundane)", { dr: { value: [dr(5), dr(10, "magic")] } }, [[20, "slashing"]], [], 10],
  ["DR do not stack: 10/magic overcome, 5/— still applies", { dr: { value: [dr(5), dr(10, "magic")] } }, [[20, "slashing"]], ["magic"], 15],
  ["DR 15/epic: an epic weapon", { dr: { value: [dr(15, "epic")] } }, [[20, "slashing"]], ["epic"], 20],
  ["DR custom text: 5/adamantine", { dr: { value: [], custom: "5/adamantine" } }, [[9, "slashing"]], [], 4],
  ["DR old string form: 10/cold iron", { dr: "10/cold iron" }, [[12, "slashing"]], ["coldiron"], 12],
  // Energy Resistance (CRB, Special Abilities "Energy Resistance")
  ["ER: 15 fire vs fire resistance 10", { eres: { value: [er(10, "fire")] } }, [[15, "fire"]], [], 5],
  ["ER: resistance of another energy", { eres: { value: [er(10, "fire")] } }, [[15, "cold"]], [], 15],
  ["ER: the highest of one type, not both", { eres: { value: [er(5, "cold"), er(10, "cold")] } }, [[12, "cold"]], [], 2],
  ["ER and DR on one attack: each on its own damage", { dr: { value: [dr(5, "alchemicalsilver")] }, eres: { value: [er(10, "fire")] } }, [[12, "slashing"], [6, "fire"]], [], 7],
  ["ER custom text: electricity 10", { eres: { value: [], custom: "electricity 10" } }, [[12, "electric"]], [], 2],
  // Immunity (CRB, Special Abilities "Immunity")
  ["Immunity: fire immune takes no fire", { di: { value: ["fire"], custom: [] } }, [[30, "fire"]], [], 0],
  ["Immunity: only the immune part", { di: { value: ["cold"], custom: [] } }, [[10, "slashing"], [8, "cold"]], [], 10],
  // Vulnerability (CRB, Universal Monster Rules "Vulnerabilities": +50%; Rounding: down)
  ["Vulnerability: 15 fire → 22", { dv: { value: ["fire"], custom: [] } }, [[15, "fire"]], [], 22],
  ["Vulnerability: 9 cold → 13 (13.5 rounds down)", { dv: { value: ["cold"], custom: [] } }, [[9, "cold"]], [], 13],
  ["Vulnerability then resistance: 10 fire ×1.5 = 15, resist 5 → 10", { dv: { value: ["fire"], custom: [] }, eres: { value: [er(5, "fire")] } }, [[10, "fire"]], [], 10],
  // Hardness (CRB, Environment, "Smashing an Object": hardness subtracted from each hit)
  ["Hardness 8 vs 12 slashing", { hardness: 8 }, [[12, "slashing"]], [], 4],
  ["Hardness once per hit over two parts", { hardness: 8 }, [[5, "slashing"], [6, "fire"]], [], 3],
  ["Hardness stops a weak hit", { hardness: 10 }, [[6, "bludgeoning"]], [], 0],
  // Nonlethal damage (CRB, "Nonlethal Damage"): DR applies to it as to lethal damage; the adapter writes it to nonlethal.
  ["Nonlethal: DR 5/— applies", { dr: { value: [dr(5)] } }, [[9, "bludgeoning"]], ["nonlethal"], 4],
];

describe("pf1 profile: worked table (Core Rulebook)", () => {
  it("has at least 30 cases", () => expect(ROWS.length).toBeGreaterThanOrEqual(30));
  it.each(ROWS)("%s", (_section, traits, parts, eventTraits, expected) => {
    const imported = importPf1(actor(traits));
    expect(imported.problems).toEqual([]);
    const result = run({ profile: "pf1", defender: { defenses: imported.defenses as never, resources: { hp: { value: 100, max: 100 } } }, event: { parts: parts.map(([amount, type]) => ({ amount, types: [type] })), traits: eventTraits } });
    expect(result.final).toBe(expected);
    expect(result.resources.hp!.value).toBe(100 - expected);
  });
});
