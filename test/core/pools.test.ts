/**
 * Pools step (004 "Taking Damage"): order, one point per point, pierce,
 * monstrous (halving) armor, ablative "next hit", one wound per hit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { poolsOptionsSchema } from "../../src/core/model/profile.ts";
import { optionsReader } from "../../src/core/steps/stepOptions.ts";
import { hit, run, type Case } from "./support.ts";

const POOLS: Case["profile"] = [{ step: "pools" }];
const values = (r: ReturnType<typeof run>) => Object.fromEntries(Object.entries(r.resources).map(([k, v]) => [k, v.value]));

describe("pools: order and one point per point (004)", () => {
  it("takes damage from magic, physical, natural armor, then body", () => {
    const r = run({
      profile: POOLS,
      defender: { resources: { body: { value: 3 }, naturalArmor: { value: 2 }, physicalArmor: { value: 2 }, magicArmor: { value: 1 } } },
      event: hit(6),
    });
    expect(values(r)).toEqual({ body: 2, naturalArmor: 0, physicalArmor: 0, magicArmor: 0 });
    expect(r.taken).toEqual({ magicArmor: 1, physicalArmor: 2, naturalArmor: 2, body: 1 });
    expect(r.state.wounds).toEqual({});
  });

  it("does not change the hit's amount: the trace's in and out stay the same", () => {
    const r = run({ profile: POOLS, defender: { resources: { body: { value: 10 } } }, event: hit(4) });
    expect(r.final).toBe(4);
    expect(r.trace[0]).toMatchObject({ step: "pools", in: 4, out: 4, key: "DAMAGECHAIN.Trace.pools.soaked" });
    expect(r.trace[0]).toMatchObject({ params: { points: 4, left: 0 }, details: [{ key: "DAMAGECHAIN.Detail.pool", params: { pool: "body", points: 4 } }] });
  });

  it("skips missing and empty pools without creating them or NaN", () => {
    const r = run({ profile: POOLS, defender: { resources: { physicalArmor: { value: 0 }, body: { value: 5 } } }, event: hit(3) });
    expect(values(r)).toEqual({ physicalArmor: 0, body: 2 });
    expect(r.taken).toEqual({ body: 3 });
    expect(r.resources.magicArmor).toBeUndefined();
  });

  it("follows a custom order and leaves pools not in the order alone", () => {
    const r = run({
      profile: [{ step: "pools", options: { order: ["body", "magicArmor"] } }],
      defender: { resources: { magicArmor: { value: 5 }, body: { value: 2 }, physicalArmor: { value: 9 } } },
      event: hit(4),
    });
    expect(values(r)).toEqual({ magicArmor: 3, body: 0, physicalArmor: 9 });
  });

  it("reports nothing to do when no damage reaches the step", () => {
    const r = run({ profile: POOLS, defender: { resources: { body: { value: 5 } } }, event: hit(0) });
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.pools.none");
    expect(r.resources.body!.value).toBe(5);
  });
});

describe("pools: pierce (004)", () => {
  it("skips every armor pool, monstrous armor too", () => {
    const r = run({
      profile: POOLS,
      defender: { resources: { magicArmor: { value: 2 }, physicalArmor: { value: 2 }, monstrousArmor: { value: 2 }, naturalArmor: { value: 2 }, body: { value: 5 } } },
      event: hit(3, [], { traits: ["pierce"] }),
    });
    expect(values(r)).toEqual({ magicArmor: 2, physicalArmor: 2, monstrousArmor: 2, naturalArmor: 2, body: 2 });
    expect(r.trace[0]!.params.order).toEqual(["body"]);
  });

  it("uses the armorPools option to decide what pierce skips", () => {
    const r = run({
      profile: [{ step: "pools", options: { armorPools: ["magicArmor"] } }],
      defender: { resources: { magicArmor: { value: 2 }, physicalArmor: { value: 2 }, body: { value: 5 } } },
      event: hit(3, [], { traits: ["pierce"] }),
    });
    expect(values(r)).toEqual({ magicArmor: 2, physicalArmor: 0, body: 4 });
  });
});

describe("pools: monstrous armor halves what is applied to it (004)", () => {
  const monstrous = (value: number, body = 10) => ({ resources: { monstrousArmor: { value }, body: { value: body } } });

  it("2 damage on 3 monstrous armor removes 1 point and is fully soaked", () => {
    const r = run({ profile: POOLS, defender: monstrous(3), event: hit(2) });
    expect(values(r)).toEqual({ monstrousArmor: 2, body: 10 });
    expect(r.taken).toEqual({ monstrousArmor: 1 });
  });

  it("when the armor cannot cover half, each point soaks two damage and D - 2M goes on", () => {
    const r = run({ profile: POOLS, defender: monstrous(1), event: hit(5) });
    // half(5) = 2 > 1: the 1 point soaks 2 damage, 3 reach the body.
    expect(values(r)).toEqual({ monstrousArmor: 0, body: 7 });
    expect(r.taken).toEqual({ monstrousArmor: 1, body: 3 });
  });

  it("exactly enough armor soaks the whole hit", () => {
    const r = run({ profile: POOLS, defender: monstrous(3), event: hit(6) });
    expect(values(r)).toEqual({ monstrousArmor: 0, body: 10 });
  });

  it("odd damage rounds the half down by default (3 damage removes 1 point)", () => {
    const r = run({ profile: POOLS, defender: monstrous(3), event: hit(3) });
    expect(values(r)).toEqual({ monstrousArmor: 2, body: 10 });
  });

  it("with rounding up, 3 damage removes 2 points and 1 damage removes 1", () => {
    const three = run({ profile: POOLS, options: { rounding: "up" }, defender: monstrous(3), event: hit(3) });
    expect(values(three)).toEqual({ monstrousArmor: 1, body: 10 });
    const one = run({ profile: POOLS, options: { rounding: "up" }, defender: monstrous(3), event: hit(1) });
    expect(values(one)).toEqual({ monstrousArmor: 2, body: 10 });
  });

  it("with rounding down, 1 damage on monstrous armor removes nothing (documented reading)", () => {
    const r = run({ profile: POOLS, defender: monstrous(3), event: hit(1) });
    expect(values(r)).toEqual({ monstrousArmor: 3, body: 10 });
    expect(r.taken).toEqual({});
  });

  it("the halving option can name other pools", () => {
    const r = run({
      profile: [{ step: "pools", options: { halving: ["physicalArmor"] } }],
      defender: { resources: { physicalArmor: { value: 5 }, monstrousArmor: { value: 5 }, body: { value: 5 } } },
      event: hit(8),
    });
    // physical halves: 4 points soak all 8; monstrous is now an ordinary pool and untouched.
    expect(values(r)).toEqual({ physicalArmor: 1, monstrousArmor: 5, body: 5 });
  });
});

describe("pools: ablative 'next hit goes to pool X' (004)", () => {
  const defender = (nextHitPool?: string) => ({
    resources: { magicArmor: { value: 3 }, physicalArmor: { value: 3 }, body: { value: 6 } },
    state: nextHitPool === undefined ? {} : { nextHitPool },
  });

  it("the next hit goes to that pool first, then the normal order, and the effect is used up", () => {
    const first = run({ profile: POOLS, defender: defender("physicalArmor"), event: hit(4) });
    expect(values(first)).toEqual({ magicArmor: 2, physicalArmor: 0, body: 6 });
    expect(first.state.nextHitPool).toBeUndefined();
    expect(first.trace[0]!.params.order).toEqual(["physicalArmor", "magicArmor", "monstrousArmor", "naturalArmor", "body"]);

    const second = run({ profile: POOLS, defender: { resources: first.resources, state: first.state }, event: hit(3) });
    expect(values(second)).toEqual({ magicArmor: 0, physicalArmor: 0, body: 5 });
  });

  it("may send the hit to a pool that is not in the order", () => {
    const r = run({ profile: POOLS, defender: { resources: { ward: { value: 2 }, body: { value: 6 } }, state: { nextHitPool: "ward" } }, event: hit(3) });
    expect(values(r)).toEqual({ ward: 0, body: 5 });
  });

  it("is kept when no damage reaches the pools", () => {
    const r = run({ profile: POOLS, defender: defender("body"), event: hit(0) });
    expect(r.state.nextHitPool).toBe("body");
  });

  it("an ablative armor pool is skipped by pierce, and the effect is still used up", () => {
    const r = run({ profile: POOLS, defender: defender("magicArmor"), event: hit(2, [], { traits: ["pierce"] }) });
    expect(values(r)).toEqual({ magicArmor: 3, physicalArmor: 3, body: 4 });
    expect(r.state.nextHitPool).toBeUndefined();
  });
});

describe("pools: wounds (004)", () => {
  it("damage left after the last pool makes ONE wound at the hit location", () => {
    const r = run({ profile: POOLS, defender: { resources: { body: { value: 1 } } }, event: hit(9, [], { location: "leftArm" }) });
    expect(r.state.wounds).toEqual({ leftArm: 1 });
    expect(r.taken).toEqual({ body: 1, wound: 1 });
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.pools.wound", params: { location: "leftArm", left: 8, points: 1 } });
    expect(r.final).toBe(9);
  });

  it("an unknown location is a torso wound", () => {
    const r = run({ profile: POOLS, event: hit(2) });
    expect(r.state.wounds).toEqual({ torso: 1 });
  });

  it("wounds add up across hits", () => {
    const first = run({ profile: POOLS, defender: { state: { wounds: { torso: 1 } } }, event: hit(2, [], { location: "rightLeg" }) });
    const second = run({ profile: POOLS, defender: { state: first.state }, event: hit(5, [], { location: "rightLeg" }) });
    expect(second.state.wounds).toEqual({ torso: 1, rightLeg: 2 });
  });

  it("with wound: false the leftover stays for the next step (life)", () => {
    const r = run({
      profile: [{ step: "pools", options: { wound: false } }, { step: "life", options: { atZero: "none" } }],
      defender: { resources: { body: { value: 2 }, hp: { value: 10 } } },
      event: hit(5),
    });
    expect(r.state.wounds).toEqual({});
    expect(values(r)).toEqual({ body: 0, hp: 7 });
    expect(r.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.pools.leftover", params: { left: 3 } });
  });

  it("a later life step gets nothing once the pools (with wounds) have taken the hit", () => {
    const r = run({
      profile: [{ step: "pools" }, { step: "life", options: { atZero: "none" } }],
      defender: { resources: { body: { value: 2 }, hp: { value: 10 } } },
      event: hit(5),
    });
    expect(values(r)).toEqual({ body: 0, hp: 10 });
    expect(r.state.wounds).toEqual({ torso: 1 });
  });
});

describe("pools: invariants (property)", () => {
  it("one-for-one pools: points removed + leftover = damage; nothing negative", () => {
    const pool = fc.nat({ max: 20 });
    fc.assert(
      fc.property(fc.nat({ max: 60 }), pool, pool, pool, pool, fc.boolean(), (damage, magic, physical, natural, body, pierce) => {
        const r = run({
          profile: [{ step: "pools", options: { wound: false, halving: [] } }],
          defender: { resources: { magicArmor: { value: magic }, physicalArmor: { value: physical }, naturalArmor: { value: natural }, body: { value: body } } },
          event: hit(damage, [], { traits: pierce ? ["pierce"] : [] }),
        });
        const removed = Object.values(r.taken).reduce((a, b) => a + b, 0);
        const capacity = pierce ? body : magic + physical + natural + body;
        expect(removed).toBe(Math.min(damage, capacity));
        for (const v of Object.values(r.resources)) expect(v.value).toBeGreaterThanOrEqual(0);
        expect(r.final).toBe(damage);
      }),
    );
  });

  it("monstrous armor removes at most half the damage and what it has; an empty pool lets everything pass", () => {
    fc.assert(
      fc.property(fc.nat({ max: 60 }), fc.nat({ max: 20 }), (damage, armor) => {
        const r = run({
          profile: [{ step: "pools", options: { wound: false } }],
          defender: { resources: { monstrousArmor: { value: armor }, body: { value: 100 } } },
          event: hit(damage),
        });
        const removed = r.taken.monstrousArmor ?? 0;
        expect(removed).toBeLessThanOrEqual(Math.min(armor, Math.floor(damage / 2)));
        const halfDamage = Math.floor(damage / 2);
        const passesOn = armor === 0 ? damage : armor < halfDamage ? damage - 2 * armor : 0;
        expect(r.taken.body ?? 0).toBe(passesOn);
      }),
    );
  });
});

describe("pools: options", () => {
  const read = optionsReader("pools", poolsOptionsSchema);

  it("fills in 004's defaults and parses each options object once", () => {
    const options = {};
    const parsed = read(options);
    expect(parsed.order).toEqual(["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"]);
    expect(read(options)).toBe(parsed);
  });

  it("names the field when options that skipped the profile schema are invalid", () => {
    expect(() => read({ order: "body" })).toThrow(/^steps\.pools\.options\.order: /);
    expect(() => read({ colour: 1 })).toThrow(/^steps\.pools\.options/);
  });
});
