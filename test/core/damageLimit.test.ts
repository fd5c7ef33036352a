/**
 * Damage Limit step (000 "Damage Limit"): at most DL life points lost per
 * round; the excess is ignored; the lowest applicable DL wins.
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { hit, run, type Case } from "./support.ts";

const DL_LIFE: Case["profile"] = [{ step: "damageLimit" }, { step: "life", options: { atZero: "none" } }];
const withLimits = (limits: NonNullable<DefenderInput["defenses"]>["damageLimits"], hp = 50, roundLifeLost = 0): DefenderInput => ({
  resources: { hp: { value: hp } },
  defenses: { damageLimits: limits },
  state: { roundLifeLost },
});

describe("damage limit (000)", () => {
  it("ignores damage beyond the limit: 15 against DL 10 loses 10 life", () => {
    const r = run({ profile: DL_LIFE, defender: withLimits([{ value: 10, label: "Stone skin" }]), event: hit(15) });
    expect(r.final).toBe(10);
    expect(r.resources.hp!.value).toBe(40);
    expect(r.state.roundLifeLost).toBe(10);
    expect(r.trace[0]).toMatchObject({ step: "damageLimit", in: 15, out: 10, defenses: [{ kind: "damageLimit", value: 10, label: "Stone skin" }], key: "DAMAGECHAIN.Trace.damageLimit.cut", params: { limit: 10, lost: 0, allowed: 10, ignored: 5 } });
  });

  it("counts life already lost this round: the rest of the round allows only what is left", () => {
    const first = run({ profile: DL_LIFE, defender: withLimits([{ value: 10 }]), event: hit(6) });
    expect(first.trace[0]!.key).toBe("DAMAGECHAIN.Trace.damageLimit.within");
    const next = { ...withLimits([{ value: 10 }]), resources: first.resources, state: first.state };
    const second = run({ profile: DL_LIFE, defender: next, event: hit(6) });
    expect(second.final).toBe(4);
    expect(second.resources.hp!.value).toBe(40);
    const third = run({ profile: DL_LIFE, defender: { ...next, resources: second.resources, state: second.state }, event: hit(3) });
    expect(third.final).toBe(0);
    expect(third.dealt).toBe(false);
    expect(third.resources.hp!.value).toBe(40);
  });

  it("uses the lowest of several limits", () => {
    const r = run({ profile: DL_LIFE, defender: withLimits([{ value: 10 }, { value: 6 }, { value: 8 }]), event: hit(20) });
    expect(r.final).toBe(6);
  });

  it("skips a limit the event ignores (imbued) and uses the next lowest", () => {
    const defender = withLimits([{ value: 4, ignoredBy: ["imbued"], label: "Ward" }, { value: 9, label: "Hide" }, { value: 12 }]);
    const imbued = run({ profile: DL_LIFE, defender, event: hit(20, [], { traits: ["imbued"] }) });
    expect(imbued.final).toBe(9);
    expect(imbued.trace[0]!.defenses).toEqual([{ kind: "damageLimit", value: 9, label: "Hide" }]);
    const plain = run({ profile: DL_LIFE, defender, event: hit(20) });
    expect(plain.final).toBe(4);
    expect(plain.trace[0]!.defenses).toEqual([{ kind: "damageLimit", value: 4, label: "Ward" }]);
  });

  it("a limit with a condition applies only when it holds", () => {
    const defender = withLimits([{ value: 3, condition: "environmental" }]);
    expect(run({ profile: DL_LIFE, defender, event: hit(10) }).final).toBe(10);
    expect(run({ profile: DL_LIFE, defender, event: hit(10, [], { traits: ["environmental"] }) }).final).toBe(3);
  });

  it("does nothing when every limit is ignored or there is none", () => {
    const ignored = run({ profile: DL_LIFE, defender: withLimits([{ value: 4, ignoredBy: ["imbued"] }]), event: hit(20, [], { traits: ["imbued"] }) });
    expect(ignored.final).toBe(20);
    expect(ignored.trace[0]!.key).toBe("DAMAGECHAIN.Trace.damageLimit.none");
    expect(run({ profile: DL_LIFE, defender: withLimits([]), event: hit(20) }).final).toBe(20);
  });

  it("DL 0 ignores all damage", () => {
    expect(run({ profile: DL_LIFE, defender: withLimits([{ value: 0 }]), event: hit(7) }).final).toBe(0);
  });

  it("never allows a negative amount when more was lost than the limit (a limit gained mid-round)", () => {
    const r = run({ profile: DL_LIFE, defender: withLimits([{ value: 5 }], 50, 8), event: hit(7) });
    expect(r.final).toBe(0);
    expect(r.trace[0]!.params).toMatchObject({ allowed: 0, ignored: 7 });
  });

  it("cuts a hit of several parts to the limit in total", () => {
    const r = run({
      profile: DL_LIFE,
      defender: withLimits([{ value: 7 }]),
      event: { parts: [{ amount: 5, types: ["fire"] }, { amount: 5, types: ["cold"] }] },
    });
    expect(r.final).toBe(7);
    expect(r.resources.hp!.value).toBe(43);
  });

  it("counts only life actually lost: damage beyond 0 HP does not use up the limit", () => {
    const r = run({ profile: DL_LIFE, defender: withLimits([{ value: 10 }], 3), event: hit(8) });
    expect(r.state.roundLifeLost).toBe(3);
  });
});
