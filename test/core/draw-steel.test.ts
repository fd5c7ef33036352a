/**
 * Draw Steel: the importer and the built-in `draw-steel` profile against a
 * table of hand-computed cases. Each expected number is worked by hand from
 * MetaMorphic-Digital/draw-steel 68856d4:
 * - `src/module/data/actor/base-actor.mjs` 385–387: weakness = max(all, type);
 *   389–395: immunity = max(all, type) over the immunities the roll does not
 *   ignore (`all` ignores every one); 397: damage = max(0, damage + weakness − immunity);
 * - `src/module/documents/actor.mjs` 123–127: temporary stamina first, then
 *   stamina, clamped at its minimum (0 for an NPC, `base-actor.mjs` 119);
 * - `src/module/rolls/damage.mjs` 108: shift-click halves the total, rounded
 *   down, before `takeDamage` (the adapter passes the halved amount).
 */
import { describe, expect, it } from "vitest";
import { detectSystem, importActor, importDrawSteel, drawSteelIgnoreTrait } from "../../src/core/import/index.ts";
import { run } from "./support.ts";

type Table = Record<string, number>;
const creature = (immunities: Table = {}, weaknesses: Table = {}, system: Record<string, unknown> = {}) => ({
  name: "Test",
  type: "npc",
  system: { stamina: { value: 30, max: 30, temporary: 0 }, damage: { immunities, weaknesses }, ...system },
});

/** One hit on an imported creature under the `draw-steel` profile: [the damage after weakness and immunity (line 397), stamina left]. */
function hit(immunities: Table, weaknesses: Table, amount: number, type: string | undefined, ignored: string[] = [], stamina = 30): [number, number] {
  const { defenses } = importDrawSteel(creature(immunities, weaknesses));
  const result = run({
    profile: "draw-steel",
    defender: { defenses, resources: { hp: { value: stamina, max: 30 } } },
    event: { parts: [{ amount, types: type === undefined ? [] : [type] }], traits: ignored.map(drawSteelIgnoreTrait) },
  });
  return [result.final, result.resources.hp!.value];
}

describe("the draw-steel profile gives Draw Steel's numbers (hand-computed)", () => {
  // [label, immunities, weaknesses, amount, type, ignored immunities, stamina before, expected damage after line 397, expected stamina]
  const table: [string, Table, Table, number, string | undefined, string[], number, number, number][] = [
    ["acceptance: fire immunity 5 and fire weakness 3, 10 fire: 10 + 3 − 5", { fire: 5 }, { fire: 3 }, 10, "fire", [], 30, 8, 22],
    ["no traits: 10 fire", {}, {}, 10, "fire", [], 30, 10, 20],
    ["fire immunity 5, 10 fire", { fire: 5 }, {}, 10, "fire", [], 30, 5, 25],
    ["the higher immunity only: all 2 and fire 5, 10 fire → 5 off", { all: 2, fire: 5 }, {}, 10, "fire", [], 30, 5, 25],
    ["the higher immunity only: all 7 and fire 5, 10 fire → 7 off", { all: 7, fire: 5 }, {}, 10, "fire", [], 30, 3, 27],
    ["the higher weakness only: all 4 and fire 2, 10 fire → 4 on", {}, { all: 4, fire: 2 }, 10, "fire", [], 30, 14, 16],
    ["the higher weakness only: all 1 and fire 6, 10 fire → 6 on", {}, { all: 1, fire: 6 }, 10, "fire", [], 30, 16, 14],
    ["another type's immunity does nothing: fire 5, 10 cold", { fire: 5 }, {}, 10, "cold", [], 30, 10, 20],
    ["another type's weakness does nothing: fire 5, 10 cold", {}, { fire: 5 }, 10, "cold", [], 30, 10, 20],
    ["untyped damage meets the all immunity: all 3, 10 untyped", { all: 3 }, {}, 10, undefined, [], 30, 7, 23],
    ["untyped damage meets no typed immunity: fire 5, 10 untyped", { fire: 5 }, {}, 10, undefined, [], 30, 10, 20],
    ["untyped damage meets the all weakness: all 2, 10 untyped", {}, { all: 2 }, 10, undefined, [], 30, 12, 18],
    ["immunity above the damage: fire 15, 10 fire → 0", { fire: 15 }, {}, 10, "fire", [], 30, 0, 30],
    ["weakness then immunity: fire imm 12, weak 3, 10 fire → 1", { fire: 12 }, { fire: 3 }, 10, "fire", [], 30, 1, 29],
    ["weakness then immunity, never below 0: imm 13, weak 3, 10 fire → 0", { fire: 13 }, { fire: 3 }, 10, "fire", [], 30, 0, 30],
    ["both all and typed on both sides: imm all 4 fire 2, weak all 1 fire 5, 10 fire → 10 + 5 − 4", { all: 4, fire: 2 }, { all: 1, fire: 5 }, 10, "fire", [], 30, 11, 19],
    ["the roll ignores fire immunity: fire 5, all 2 → the all 2 still counts", { fire: 5, all: 2 }, {}, 10, "fire", ["fire"], 30, 8, 22],
    ["the roll ignores all immunities: fire 5, all 2, fire weak 3 → 13", { fire: 5, all: 2 }, { fire: 3 }, 10, "fire", ["all"], 30, 13, 17],
    ["the roll ignores cold immunity: the fire 5 holds", { fire: 5 }, {}, 10, "fire", ["cold"], 30, 5, 25],
    ["ignoring immunities never ignores weakness: ignores all, weak all 2, 10 fire", {}, { all: 2 }, 10, "fire", ["all"], 30, 12, 18],
    ["corruption weakness 5, holy immunity 2, 6 corruption → 11", { holy: 2 }, { corruption: 5 }, 6, "corruption", [], 30, 11, 19],
    ["holy immunity 2, 6 holy → 4", { holy: 2 }, {}, 6, "holy", [], 30, 4, 26],
    ["shift-click halves 15 to 7 (damage.mjs 108), fire immunity 5 → 2", { fire: 5 }, {}, 7, "fire", [], 30, 2, 28],
    ["shift-click halves 9 to 4, fire weakness 3 → 7", {}, { fire: 3 }, 4, "fire", [], 30, 7, 23],
    ["an NPC's stamina stops at 0 (min 0): 3 stamina, 10 psychic", {}, {}, 10, "psychic", [], 3, 10, 0],
    ["an NPC at 0 stamina takes nothing more", {}, {}, 10, "psychic", [], 0, 10, 0],
    ["lightning weakness 2 on 1 lightning → 3", {}, { lightning: 2 }, 1, "lightning", [], 30, 3, 27],
    ["sonic immunity 1 on 1 sonic → 0", { sonic: 1 }, {}, 1, "sonic", [], 30, 0, 30],
    ["acid 5 + poison immunity 5 on acid: no change", { poison: 5 }, {}, 5, "acid", [], 30, 5, 25],
    ["zero values are nothing: fire imm 0, weak 0", { fire: 0 }, { fire: 0 }, 9, "fire", [], 30, 9, 21],
  ];
  it.each(table)("%s", (_label, imm, weak, amount, type, ignored, stamina, dealt, left) => {
    const [final, after] = hit(imm, weak, amount, type, ignored, stamina);
    expect(final).toBe(dealt);
    expect(after).toBe(left);
  });

  it("temporary stamina goes first (actor.mjs 123–127): 5 temporary, 30 stamina, 8 fire on fire weakness 3 → 11: temp 0, stamina 24", () => {
    const { defenses } = importDrawSteel(creature({}, { fire: 3 }));
    // The adapter maps stamina with temporary stamina taken first: the chain sees value + temp points.
    const result = run({ profile: "draw-steel", defender: { defenses, resources: { hp: { value: 35, max: 35 } } }, event: { parts: [{ amount: 8, types: ["fire"] }] } });
    expect(result.final).toBe(11);
    expect(result.resources.hp!.value).toBe(24);
  });

  it("a stamina drop from the token bar (not takeDamage) meets no imported entry", () => {
    const { defenses } = importDrawSteel(creature({ all: 5 }, { all: 3 }));
    const result = run({ profile: "draw-steel", defender: { defenses, resources: { hp: { value: 30 } } }, event: { parts: [{ amount: 10, types: [] }], traits: ["draw-steel-direct"] } });
    expect(result.final).toBe(10);
  });
});

describe("importDrawSteel", () => {
  it("makes immunities FDR and weaknesses DV entries, tagged, each immunity ignored by its own key and by all", () => {
    const { defenses, problems, creature: info } = importDrawSteel(creature({ all: 2, fire: 5, cold: 0 }, { holy: 3 }, { monster: { keywords: ["Undead"], level: 3, role: "brute", organization: "elite" } }));
    expect(problems).toEqual([]);
    expect(defenses.flat).toEqual([
      { kind: "FDR", type: "all", value: 2, natural: false, template: "import.draw-steel", ignoredBy: ["draw-steel-direct", "draw-steel-ignores-immunity-all"] },
      { kind: "FDR", type: "fire", value: 5, natural: false, template: "import.draw-steel", ignoredBy: ["draw-steel-direct", "draw-steel-ignores-immunity-all", "draw-steel-ignores-immunity-fire"] },
      { kind: "DV", type: "holy", value: 3, natural: false, template: "import.draw-steel", ignoredBy: ["draw-steel-direct"] },
    ]);
    expect(info).toEqual({ name: "Test", system: "draw-steel", type: "npc", groups: ["undead", "elite"], role: "brute", level: 3 });
  });

  it("reports, never guesses: bad values, a minion's squad stamina, condition immunities", () => {
    const { defenses, problems } = importDrawSteel(creature({ fire: -2, cold: 1.5 }, { acid: "3" as never }, { monster: { organization: "minion" }, statuses: { immunities: ["grabbed"] } }));
    expect(defenses.flat).toEqual([]);
    expect(problems.map((p) => p.path)).toEqual([
      "system.damage.immunities.fire",
      "system.damage.immunities.cold",
      "system.damage.weaknesses.acid",
      "system.monster.organization",
      "system.statuses.immunities",
    ]);
  });

  it("never throws on junk and is detected by its shape or its _stats", () => {
    for (const junk of [null, 3, "x", [], { system: { damage: 4 } }]) expect(() => importDrawSteel(junk)).not.toThrow();
    expect(importDrawSteel({ system: { damage: { immunities: 4 } } }).problems[0]!.path).toBe("system.damage.immunities");
    expect(detectSystem(creature())).toBe("draw-steel");
    expect(detectSystem({ _stats: { systemId: "draw-steel" } })).toBe("draw-steel");
    expect(importActor(creature({ fire: 5 }), "draw-steel").defenses.flat).toHaveLength(1);
  });
});

describe("the compendium's Draw Steel sample creature (packs-src/sample-creatures-draw-steel/draw-steel.yml)", () => {
  it("takes what its biography says under the draw-steel profile", async () => {
    const { readFileSync } = await import("node:fs");
    const { parse } = await import("yaml");
    const doc = parse(readFileSync(new URL("../../packs-src/sample-creatures-draw-steel/draw-steel.yml", import.meta.url), "utf8")) as { system: { biography: { value: string } } };
    expect(doc.system.biography.value).toMatch(/10 fire \(8\), 10 holy \(13\), 10 cold \(9\) and 10 untyped \(9\)/);
    const { defenses, problems } = importDrawSteel(doc);
    expect(problems).toEqual([]);
    const taken = (type: string | undefined) => run({ profile: "draw-steel", defender: { defenses, resources: { hp: { value: 40 } } }, event: { parts: [{ amount: 10, types: type === undefined ? [] : [type] }] } }).final;
    expect([taken("fire"), taken("holy"), taken("cold"), taken(undefined)]).toEqual([8, 13, 9, 9]);
  });
});
