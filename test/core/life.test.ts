/**
 * Life step: HP with a floor of 0 and a condition at 0 (003 Dying, the
 * Incapacitation option), and 002's damage counters / temporary damage with
 * death unless immortal.
 */
import { describe, expect, it } from "vitest";
import { endTurn } from "../../src/core/lifecycle.ts";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { hit, run, type Case } from "./support.ts";

const lifeStep = (options: Record<string, unknown> = {}): Case["profile"] => [{ step: "life", options }];
type Result = ReturnType<typeof run>;
const after = (prev: DefenderInput, r: Result): DefenderInput => ({ ...prev, resources: r.resources, state: r.state });

describe("life, hp mode (000, 003)", () => {
  it("takes the damage from HP and counts it toward the round", () => {
    const r = run({ profile: lifeStep(), defender: { resources: { hp: { value: 10, max: 12 } }, state: { roundLifeLost: 2 } }, event: hit(4) });
    expect(r.resources.hp).toEqual({ value: 6, max: 12 });
    expect(r.taken).toEqual({ hp: 4 });
    expect(r.state.roundLifeLost).toBe(6);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.life.taken", in: 4, out: 4, params: { before: 10, after: 6, taken: 4, overflow: 0 } });
  });

  it("HP never drops below 0 and reaching 0 gives Dying (003)", () => {
    const r = run({ profile: lifeStep(), defender: { resources: { hp: { value: 3 } } }, event: hit(8) });
    expect(r.resources.hp!.value).toBe(0);
    expect(r.taken).toEqual({ hp: 3 });
    expect(r.state.roundLifeLost).toBe(3);
    expect(r.conditionsGained).toEqual(["dying"]);
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.life.zero", params: { overflow: 5, condition: "dying" } });
  });

  it("a hit on a creature already at 0 gives no new condition", () => {
    const r = run({ profile: lifeStep(), defender: { resources: { hp: { value: 0 } } }, event: hit(5) });
    expect(r.resources.hp!.value).toBe(0);
    expect(r.conditionsGained).toEqual([]);
  });

  it("atZero picks the condition: incapacitated, dead, or none", () => {
    const defender = { resources: { hp: { value: 2 } } };
    expect(run({ profile: lifeStep({ atZero: "incapacitated" }), defender, event: hit(2) }).conditionsGained).toEqual(["incapacitated"]);
    expect(run({ profile: lifeStep({ atZero: "dead" }), defender, event: hit(2) }).conditionsGained).toEqual(["dead"]);
    const none = run({ profile: lifeStep({ atZero: "none" }), defender, event: hit(2) });
    expect(none.conditionsGained).toEqual([]);
    expect(none.trace[0]!.key).toBe("DAMAGECHAIN.Trace.life.taken");
  });

  it("an incapacitated creature cannot take damage under the Incapacitation option (003)", () => {
    const defender = { resources: { hp: { value: 4 } }, state: { conditions: ["incapacitated"] } };
    const r = run({ profile: lifeStep({ atZero: "incapacitated" }), defender, event: hit(3) });
    expect(r.resources.hp!.value).toBe(4);
    expect(r.taken).toEqual({});
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.life.incapacitated");
  });

  it("a condition immunity to Dying keeps the condition away", () => {
    const r = run({ profile: lifeStep(), defender: { resources: { hp: { value: 2 } }, defenses: { conditionImmunities: [{ gains: "dying" }] } }, event: hit(2) });
    expect(r.resources.hp!.value).toBe(0);
    expect(r.conditionsGained).toEqual([]);
  });

  it("the resource option names the life pool; a missing pool takes nothing and creates nothing", () => {
    const custom = run({ profile: lifeStep({ resource: "vigor" }), defender: { resources: { vigor: { value: 5 }, hp: { value: 5 } } }, event: hit(2) });
    expect(custom.resources).toEqual({ vigor: { value: 3 }, hp: { value: 5 } });
    const missing = run({ profile: lifeStep(), event: hit(2) });
    expect(missing.resources).toEqual({});
    expect(missing.taken).toEqual({});
    expect(missing.state.roundLifeLost).toBe(0);
    expect(missing.trace[0]!.key).toBe("DAMAGECHAIN.Trace.life.missing");
  });
});

describe("life, counters mode (002)", () => {
  const COUNTERS = lifeStep({ mode: "counters", atZero: "dead" });

  it("a champion gets damage counters; the life resource is not changed", () => {
    const r = run({ profile: COUNTERS, defender: { traits: ["champion"], resources: { hp: { value: 20 } } }, event: hit(6) });
    expect(r.state.counters).toBe(6);
    expect(r.state.temporaryDamage).toBe(0);
    expect(r.resources.hp!.value).toBe(20);
    expect(r.taken).toEqual({ counters: 6 });
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.life.counters", params: { points: 6, marked: 6, life: 20 } });
  });

  it("a defender without the ally trait counts as a champion", () => {
    const r = run({ profile: COUNTERS, defender: { resources: { hp: { value: 20 } } }, event: hit(3) });
    expect(r.state.counters).toBe(3);
  });

  it("an ally gets temporary damage instead", () => {
    const r = run({ profile: COUNTERS, defender: { traits: ["ally"], resources: { hp: { value: 4 } } }, event: hit(3) });
    expect(r.state.temporaryDamage).toBe(3);
    expect(r.state.counters).toBe(0);
    expect(r.taken).toEqual({ temporaryDamage: 3 });
    expect(r.conditionsGained).toEqual([]);
  });

  it("counters equal to life kill the champion (002 rule 13: 'equal to or exceeds')", () => {
    const r = run({ profile: COUNTERS, defender: { resources: { hp: { value: 20 } }, state: { counters: 14 } }, event: hit(6) });
    expect(r.state.counters).toBe(20);
    expect(r.conditionsGained).toEqual(["dead"]);
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.life.countersFull", params: { marked: 20, life: 20, condition: "dead" } });
  });

  it("the life stat is the resource's max when it has one", () => {
    const alive = run({ profile: COUNTERS, defender: { resources: { hp: { value: 5, max: 20 } } }, event: hit(6) });
    expect(alive.conditionsGained).toEqual([]);
  });

  it("an immortal champion does not die from counters (002 Immortality)", () => {
    const r = run({ profile: COUNTERS, defender: { traits: ["champion", "immortal"], resources: { hp: { value: 20 } } }, event: hit(25) });
    expect(r.state.counters).toBe(25);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.life.immortal");
  });

  it("atZero none marks counters but never kills", () => {
    const r = run({ profile: lifeStep({ mode: "counters", atZero: "none" }), defender: { resources: { hp: { value: 2 } } }, event: hit(5) });
    expect(r.state.counters).toBe(5);
    expect(r.conditionsGained).toEqual([]);
  });

  it("without a life resource counters are marked and no death is decided", () => {
    const r = run({ profile: COUNTERS, event: hit(5) });
    expect(r.state.counters).toBe(5);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.life.countersNoLife");
  });
});

describe("card-game profile (002): champion, ally, immortal", () => {
  it("a champion's counters stay across turns and kill it when they reach its life", () => {
    const start: DefenderInput = { name: "Champion", traits: ["champion"], resources: { hp: { value: 15 } } };
    const first = run({ profile: "card-game", defender: start, event: hit(9, [], { traits: ["combat"] }) });
    expect(first.state.counters).toBe(9);
    const nextTurn = { ...after(start, first), state: endTurn(first.state) };
    expect(nextTurn.state!.counters).toBe(9);
    const second = run({ profile: "card-game", defender: nextTurn, event: hit(6, [], { traits: ["noncombat"] }) });
    expect(second.state.counters).toBe(15);
    expect(second.conditionsGained).toEqual(["dead"]);
  });

  it("an ally's damage is temporary: it kills within the turn, but is cleared at the end phase", () => {
    const start: DefenderInput = { name: "Ally", traits: ["ally"], resources: { hp: { value: 4 } } };
    const first = run({ profile: "card-game", defender: start, event: hit(3) });
    expect(first.state.temporaryDamage).toBe(3);
    expect(first.conditionsGained).toEqual([]);

    const sameTurn = run({ profile: "card-game", defender: after(start, first), event: hit(1) });
    expect(sameTurn.conditionsGained).toEqual(["dead"]);

    const nextTurn = run({ profile: "card-game", defender: { ...after(start, first), state: endTurn(first.state) }, event: hit(1) });
    expect(nextTurn.state.temporaryDamage).toBe(1);
    expect(nextTurn.conditionsGained).toEqual([]);
  });

  it("an immortal champion survives counters beyond its life", () => {
    const r = run({ profile: "card-game", defender: { traits: ["champion", "immortal"], resources: { hp: { value: 10 } }, state: { counters: 8 } }, event: hit(5) });
    expect(r.state.counters).toBe(13);
    expect(r.conditionsGained).toEqual([]);
    expect(r.state.conditions).not.toContain("dead");
  });

  it("prevented damage marks no counters", () => {
    const r = run({
      profile: "card-game",
      defender: { resources: { hp: { value: 10 } }, defenses: { prevention: [{ kind: "oneTime", uses: 1 }] } },
      event: hit(5),
    });
    expect(r.prevented).toBe(true);
    expect(r.state.counters).toBe(0);
  });
});
