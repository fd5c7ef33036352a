/**
 * Audit of the rules core against RULES.md §2/§4 and the five seeds: one case
 * per rule sentence, asserting what the seed says. Cases named "reading: ..."
 * pin this project's documented reading of a sentence the seeds leave open.
 */
// This file: seeds 002, 003 and 004.
import { describe, expect, it } from "vitest";
import { endTurn } from "../../src/core/lifecycle.ts";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run } from "./support.ts";

type Result = ReturnType<typeof run>;
const after = (prev: DefenderInput, r: Result): DefenderInput => ({ ...prev, resources: r.resources, state: r.state });
const ENV = { traits: ["environmental"] };

describe("002 card game", () => {
  const champion = (state: DefenderInput["state"] = {}, traits = ["champion"]): DefenderInput => ({ traits, resources: { hp: { value: 10 } }, state, defenses: { prevention: [{ kind: "ongoing", types: ["fire"] }] } });

  it("unpreventable ignores prevention; prevented damage places nothing and is not dealt", () => {
    const prevented = run({ profile: "card-game", defender: champion(), event: hit(4, "fire") });
    expect([prevented.prevented, prevented.dealt, prevented.state.counters]).toEqual([true, false, 0]);
    const through = run({ profile: "card-game", defender: champion(), event: hit(4, "fire", { traits: ["unpreventable"] }) });
    expect([through.dealt, through.state.counters]).toEqual([true, 4]);
  });

  it("damage is dealt only when more than 0 reaches the target", () => {
    const r = run({ profile: "card-game", defender: champion(), event: hit(0) });
    expect([r.final, r.dealt, r.prevented, r.state.counters]).toEqual([0, false, false, 0]);
  });

  it("champion counters stay; ally damage is temporary and cleared at the end phase", () => {
    const c = run({ profile: "card-game", defender: champion(), event: hit(3) });
    expect(endTurn(c.state).counters).toBe(3);
    const a = run({ profile: "card-game", defender: champion({}, ["ally"]), event: hit(3) });
    expect([a.state.temporaryDamage, a.state.counters, endTurn(a.state).temporaryDamage]).toEqual([3, 0, 0]);
  });

  it("reading: unpreventable damage ignores prevention, not immunity (002 has no immunities; 004 checks immunity first)", () => {
    const d: DefenderInput = { defenses: { immunities: [{ type: "fire" }] }, resources: { hp: { value: 10 } } };
    const r = run({ profile: [{ step: "immunity" }, { step: "prevention" }, { step: "clamp" }, { step: "life", options: { mode: "counters", atZero: "dead" } }], defender: d, event: hit(4, "fire", { traits: ["unpreventable"] }) });
    expect([r.prevented, r.state.counters]).toEqual([true, 0]);
  });

  it("counters equal to or above life kill a champion, unless it has Immortality", () => {
    expect(run({ profile: "card-game", defender: champion({ counters: 7 }), event: hit(3) }).conditionsGained).toEqual(["dead"]);
    expect(run({ profile: "card-game", defender: champion({ counters: 6 }), event: hit(3) }).conditionsGained).toEqual([]);
    expect(run({ profile: "card-game", defender: champion({ counters: 7 }, ["champion", "immortal"]), event: hit(9) }).conditionsGained).toEqual([]);
  });
});

describe("003 tags and guard", () => {
  const TAGS = "tags-and-guard";

  it("immunity to any tag of the source: no damage, and that tag's non-damage effects are ignored", () => {
    const r = run({ profile: TAGS, defender: { resources: { hp: { value: 9 } }, defenses: { immunities: [{ tag: "fear" }] } }, event: hit(5, "psychic", { source: { tags: ["mind", "fear"] } }) });
    expect([r.final, r.prevented, r.resources.hp!.value, r.effects]).toEqual([0, true, 9, [{ kind: "ignoreNonDamageEffects", tag: "fear" }]]);
  });

  it("several applicable resistances: only one, the best, applies", () => {
    const defenses: DefensesInput = { tagResistances: [{ tag: "fire", value: 2 }, { tag: "magic", value: 5 }, { tag: "spell", value: 3 }] };
    const r = run({ profile: TAGS, defender: { resources: { hp: { value: 20 } }, defenses }, event: hit(9, "fire", { source: { tags: ["magic", "spell"] } }) });
    expect(r.final).toBe(4);
  });

  it("guard takes attacks first and the rest goes to HP; Broken only when guard reaches 0 this way", () => {
    const d: DefenderInput = { resources: { guard: { value: 5 }, hp: { value: 10 } } };
    const soft = run({ profile: TAGS, defender: d, event: hit(3) });
    expect([soft.resources.guard!.value, soft.resources.hp!.value, soft.conditionsGained]).toEqual([2, 10, []]);
    const broken = run({ profile: TAGS, defender: d, event: hit(7) });
    expect([broken.resources.guard!.value, broken.resources.hp!.value, broken.conditionsGained]).toEqual([0, 8, ["broken"]]);
    const already = run({ profile: TAGS, defender: { resources: { guard: { value: 0 }, hp: { value: 10 } } }, event: hit(3) });
    expect(already.conditionsGained).toEqual([]);
  });

  it("non-attack damage skips guard (and cannot break it)", () => {
    const r = run({ profile: TAGS, defender: { resources: { guard: { value: 5 }, hp: { value: 10 } } }, event: hit(5, [], ENV) });
    expect([r.resources.guard!.value, r.resources.hp!.value, r.conditionsGained]).toEqual([5, 5, []]);
  });

  it("HP never drops below 0; reaching 0 gives Dying", () => {
    const r = run({ profile: TAGS, defender: { resources: { hp: { value: 4 } } }, event: hit(9) });
    expect([r.resources.hp!.value, r.taken, r.conditionsGained]).toEqual([0, { hp: 4 }, ["dying"]]);
  });
});

describe("004 armor pools", () => {
  const POOLS = "armor-pools";

  it("a relevant immunity applies before any one-time effect (the shield is not spent)", () => {
    const defenses: DefensesInput = { immunities: [{ type: "poison" }], prevention: [{ kind: "oneTime", id: "spirit" }] };
    const r = run({ profile: POOLS, defender: { defenses, resources: { body: { value: 3 } } }, event: hit(4, "poison") });
    expect([r.prevented, r.state.oneTimeUses, r.trace.map((t) => t.step)]).toEqual([true, {}, ["immunity"]]);
  });

  it("a one-time effect limited to fire prevents only the fire damage of a hit", () => {
    const defenses: DefensesInput = { prevention: [{ kind: "oneTime", id: "fireShield", types: ["fire"] }] };
    const r = run({ profile: POOLS, defender: { defenses, resources: { body: { value: 10 } } }, event: { parts: [{ amount: 5, types: ["slashing"] }, { amount: 3, types: ["fire"] }] } });
    expect([r.prevented, r.final, r.resources.body!.value, r.state.oneTimeUses]).toEqual([false, 5, 5, { fireShield: 0 }]);
  });

  it("each part may be prevented by a one-time effect that covers it, each effect spent once", () => {
    const defenses: DefensesInput = { prevention: [{ kind: "oneTime", id: "fire", types: ["fire"] }, { kind: "oneTime", id: "cold", types: ["cold"], uses: 2 }] };
    const r = run({ profile: POOLS, defender: { defenses, resources: { body: { value: 10 } } }, event: { parts: [{ amount: 5, types: ["cold"] }, { amount: 3, types: ["fire"] }, { amount: 2, types: ["cold"] }] } });
    expect([r.prevented, r.final, r.state.oneTimeUses]).toEqual([true, 0, { fire: 0, cold: 1 }]);
  });

  it("one hit makes at most one wound, at the location hit", () => {
    const r = run({ profile: POOLS, defender: { resources: { body: { value: 1 } } }, event: hit(9, [], { location: "leftArm" }) });
    expect([r.state.wounds, r.taken]).toEqual([{ leftArm: 1 }, { body: 1, wound: 1 }]);
  });

  it("reading: a hit with no known location is a torso wound (004 says 'err on the side of the attacker ... torso wound' of unknown damage)", () => {
    expect(run({ profile: POOLS, event: hit(2) }).state.wounds).toEqual({ torso: 1 });
  });

  it("damage that exactly empties the last pool makes no wound", () => {
    expect(run({ profile: POOLS, defender: { resources: { body: { value: 3 } } }, event: hit(3) }).state.wounds).toEqual({});
  });

  it("pierce skips every armor pool, monstrous too (RULES.md §4 example 10)", () => {
    const resources = { magicArmor: { value: 2 }, physicalArmor: { value: 2 }, monstrousArmor: { value: 4 }, naturalArmor: { value: 2 }, body: { value: 4 } };
    const r = run({ profile: POOLS, defender: { resources }, event: hit(4, [], { traits: ["pierce"] }) });
    expect(r.resources).toEqual({ ...resources, body: { value: 0 } });
  });

  it("ablative 'next hit goes to pool X' applies to the next hit only", () => {
    const d: DefenderInput = { resources: { magicArmor: { value: 5 }, physicalArmor: { value: 5 }, body: { value: 5 } }, state: { nextHitPool: "physicalArmor" } };
    const first = run({ profile: POOLS, defender: d, event: hit(2) });
    expect([first.resources.physicalArmor!.value, first.resources.magicArmor!.value, first.state.nextHitPool]).toEqual([3, 5, undefined]);
    const second = run({ profile: POOLS, defender: after(d, first), event: hit(2) });
    expect(second.resources.magicArmor!.value).toBe(3);
  });

  it("reading: 'next hit goes to pool X' sends the damage to X first, and what X cannot take follows the normal order", () => {
    const d: DefenderInput = { resources: { magicArmor: { value: 5 }, physicalArmor: { value: 1 }, body: { value: 5 } }, state: { nextHitPool: "physicalArmor" } };
    const r = run({ profile: POOLS, defender: d, event: hit(4) });
    expect([r.resources.physicalArmor!.value, r.resources.magicArmor!.value, r.resources.body!.value]).toEqual([0, 2, 5]);
  });

  it("reading: a prevented hit is not 'the next time you are damaged': the ablative effect waits", () => {
    const d: DefenderInput = { defenses: { immunities: [{ type: "poison" }] }, resources: { body: { value: 5 } }, state: { nextHitPool: "body" } };
    expect(run({ profile: POOLS, defender: d, event: hit(4, "poison") }).state.nextHitPool).toBe("body");
  });

  it("reading: without dates, immunities count before ongoing prevention when finding the newest completing effect", () => {
    const types = ["fire", "cold"];
    const defenses: DefensesInput = { prevention: [{ kind: "ongoing", types: ["fire"] }], immunities: [{ type: "cold" }] };
    const r = run({ profile: [{ step: "immunity" }, { step: "prevention" }], options: { damageTypes: types }, defender: { defenses }, event: hit(4, "fire") });
    expect([r.final, r.warnings.map((w) => w.path)]).toEqual([4, ["defenses.prevention[0]"]]);
  });

  it("no combination makes a creature immune to all damage: the newest completing effect is refused and does not protect", () => {
    const types = ["physical", "fire", "cold"];
    const defenses: DefensesInput = { immunities: types.map((type) => ({ type })) };
    const r = run({ profile: [{ step: "immunity" }, { step: "pools" }], options: { damageTypes: types }, defender: { defenses, resources: { body: { value: 9 } } }, event: hit(4, "cold") });
    expect([r.prevented, r.resources.body!.value]).toEqual([false, 5]);
    expect(r.warnings.map((w) => w.path)).toEqual(["defenses.immunities[2]"]);
    expect(run({ profile: [{ step: "immunity" }], options: { damageTypes: types }, defender: { defenses }, event: hit(4, "fire") }).prevented).toBe(true);
  });

  it("effects of one non-stacking group: only the first is in force", () => {
    const defenses: DefensesInput = { immunities: [{ type: "poison", group: "g" }, { type: "fire", group: "g" }] };
    const r = run({ profile: [{ step: "immunity" }], defender: { defenses }, event: hit(4, "fire") });
    expect([r.prevented, r.warnings.map((w) => w.path)]).toEqual([false, ["defenses.immunities[1]"]]);
  });
});
