/**
 * Guard step (003 "Defenses: Guard"): attacks go to Guard first, the rest to
 * HP; Guard reaching 0 this way gives Broken; non-attack damage skips Guard.
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { hit, run, type Case } from "./support.ts";

const GUARD_HP: Case["profile"] = [{ step: "guard" }, { step: "life", options: { atZero: "dying" } }];
const defender = (guard: number | undefined, hp: number): DefenderInput => ({
  resources: guard === undefined ? { hp: { value: hp } } : { guard: { value: guard }, hp: { value: hp } },
});

describe("guard (003)", () => {
  it("an attack goes to Guard first and the remainder to HP; Guard at 0 gives Broken", () => {
    const r = run({ profile: GUARD_HP, defender: defender(3, 10), event: hit(5) });
    expect(r.resources.guard!.value).toBe(0);
    expect(r.resources.hp!.value).toBe(8);
    expect(r.taken).toEqual({ guard: 3, hp: 2 });
    expect(r.conditionsGained).toEqual(["broken"]);
    expect(r.state.conditions).toContain("broken");
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.guard.broken", in: 5, out: 5, params: { taken: 3, before: 3, after: 0, left: 2 } });
  });

  it("an attack smaller than Guard only lowers Guard", () => {
    const r = run({ profile: GUARD_HP, defender: defender(3, 10), event: hit(2) });
    expect(r.resources.guard!.value).toBe(1);
    expect(r.resources.hp!.value).toBe(10);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.guard.soaked");
  });

  it("an attack exactly equal to Guard breaks it and leaves HP alone", () => {
    const r = run({ profile: GUARD_HP, defender: defender(4, 10), event: hit(4) });
    expect(r.resources.guard!.value).toBe(0);
    expect(r.resources.hp!.value).toBe(10);
    expect(r.conditionsGained).toEqual(["broken"]);
  });

  it("non-attack (environmental) damage skips Guard", () => {
    const r = run({ profile: GUARD_HP, defender: defender(3, 10), event: hit(5, [], { traits: ["environmental"] }) });
    expect(r.resources.guard!.value).toBe(3);
    expect(r.resources.hp!.value).toBe(5);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.guard.notAttack");
  });

  it("Guard already at 0 gives no new Broken; everything goes to HP", () => {
    const r = run({ profile: GUARD_HP, defender: defender(0, 10), event: hit(4) });
    expect(r.resources.hp!.value).toBe(6);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.guard.empty");
  });

  it("a defender without a Guard resource takes the attack on HP, with no NaN and no new resource", () => {
    const r = run({ profile: GUARD_HP, defender: defender(undefined, 10), event: hit(4) });
    expect(r.resources).toEqual({ hp: { value: 6 } });
    expect(r.taken).toEqual({ hp: 4 });
  });

  it("a 0-point attack leaves Guard as it is", () => {
    const r = run({ profile: GUARD_HP, defender: defender(2, 10), event: hit(0) });
    expect(r.resources.guard!.value).toBe(2);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.guard.none");
  });

  it("the resource option names another pool", () => {
    const r = run({
      profile: [{ step: "guard", options: { resource: "shield" } }, { step: "life" }],
      defender: { resources: { shield: { value: 2 }, guard: { value: 9 }, hp: { value: 10 } } },
      event: hit(3),
    });
    expect(r.resources.shield!.value).toBe(0);
    expect(r.resources.guard!.value).toBe(9);
    expect(r.resources.hp!.value).toBe(9);
    expect(r.conditionsGained).toEqual(["broken"]);
  });

  it("a condition immunity to Broken stops the condition but not the damage", () => {
    const r = run({
      profile: GUARD_HP,
      defender: { ...defender(2, 10), defenses: { conditionImmunities: [{ gains: "broken" }] } },
      event: hit(3),
    });
    expect(r.resources.guard!.value).toBe(0);
    expect(r.resources.hp!.value).toBe(9);
    expect(r.conditionsGained).toEqual([]);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.guard.soaked");
  });

  it("guard and HP both emptied by one attack: Broken and Dying", () => {
    const r = run({ profile: GUARD_HP, defender: defender(3, 4), event: hit(10) });
    expect(r.resources).toEqual({ guard: { value: 0 }, hp: { value: 0 } });
    expect(r.conditionsGained).toEqual(["broken", "dying"]);
  });
});

describe("tags-and-guard profile (003)", () => {
  it("tag resistance reduces the attack before Guard; Broken, then HP; the next attack goes straight to HP", () => {
    const start = { resources: { guard: { value: 4 }, hp: { value: 12, max: 12 } }, defenses: { tagResistances: [{ tag: "fire", value: 2 }] } };
    const first = run({ profile: "tags-and-guard", defender: start, event: hit(9, "fire") });
    // 9 - 2 (Resistance fire 2) = 7: 4 to Guard (Broken), 3 to HP.
    expect(first.final).toBe(7);
    expect(first.resources.guard!.value).toBe(0);
    expect(first.resources.hp!.value).toBe(9);
    expect(first.conditionsGained).toEqual(["broken"]);

    const second = run({ profile: "tags-and-guard", defender: { ...start, resources: first.resources, state: first.state }, event: hit(10) });
    expect(second.resources.hp!.value).toBe(0);
    expect(second.conditionsGained).toEqual(["dying"]);
    expect(second.state.conditions).toEqual(["broken", "dying"]);
  });

  it("an environmental hazard goes straight to HP, Guard untouched", () => {
    const r = run({ profile: "tags-and-guard", defender: { resources: { guard: { value: 4 }, hp: { value: 12 } } }, event: hit(5, [], { traits: ["environmental"] }) });
    expect(r.resources.guard!.value).toBe(4);
    expect(r.resources.hp!.value).toBe(7);
  });
});
