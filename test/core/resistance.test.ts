/**
 * The resistance step alone (seed 001, RULES.md §2.5): selection between
 * several defenses, attack vs environmental, resistance reduction,
 * immunity, Variable Resistance state, multi-type halving, trace text.
 */
import { describe, expect, it } from "vitest";
import type { DefenseRef } from "../../src/core/context.ts";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import type { ProfileInput } from "../../src/core/model/profile.ts";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { defensesSchema, type Defenses } from "../../src/core/model/defenses.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { hit, run } from "./support.ts";

const only = [{ step: "resistance" as const }];

function resist(defenses: DefensesInput, event: DamageEventInput, options?: ProfileInput["options"], state?: DefenderInput["state"]) {
  return run({ profile: only, options, defender: { defenses, state }, event });
}

/** The trace detail of one part: `shape` of `DAMAGECHAIN.Detail.resistance`, params, the defenses that counted and the points each did. */
function part(shape: "single" | "multiResist" | "multiVulnerable" | "multiBoth", params: Record<string, unknown>, defenses: DefenseRef[], points: number[]) {
  return { key: `DAMAGECHAIN.Detail.resistance.${shape}`, params, defenses, points };
}

describe("choosing between several resistances (001)", () => {
  it("takes the one with no limit over any limit", () => {
    const r = resist({ resistances: [{ type: "fire", limit: 12 }, { type: "fire" }] }, hit(30, "fire"));
    expect(r.final).toBe(15);
    expect(r.trace[0]?.defenses).toEqual([{ kind: "resistance", type: "fire" }]);
  });

  it("otherwise takes the highest limit", () => {
    const r = resist({ resistances: [{ type: "fire", limit: 3 }, { type: "all", limit: 7 }, { type: "fire", limit: 5 }] }, hit(30, "fire"));
    expect(r.final).toBe(23);
    expect(r.trace[0]?.defenses).toEqual([{ kind: "resistance", type: "all", limit: 7 }]);
  });

  it("drops a resistance whose condition fails and uses the next best", () => {
    const defenses: DefensesInput = { resistances: [{ type: "fire", condition: "critical" }, { type: "fire", limit: 4 }] };
    expect(resist(defenses, hit(30, "fire")).final).toBe(26);
    expect(resist(defenses, hit(30, "fire", { traits: ["critical"] })).final).toBe(15);
  });

  it("drops a resistance the event ignores (ignoredBy)", () => {
    const defenses: DefensesInput = { resistances: [{ type: "fire", ignoredBy: ["imbued"] }] };
    expect(resist(defenses, hit(30, "fire", { traits: ["imbued"] })).final).toBe(30);
    expect(resist(defenses, hit(30, "fire")).final).toBe(15);
  });

  it("checks Paragon / Epic against the attacker's level", () => {
    const defenses: DefensesInput = { resistances: [{ type: "fire", condition: "notParagon" }], vulnerabilities: [{ type: "fire", limit: 5, condition: "epic" }] };
    expect(resist(defenses, hit(20, "fire", { source: { level: 10 } })).final).toBe(10);
    expect(resist(defenses, hit(20, "fire", { source: { level: 11 } })).final).toBe(20);
    expect(resist(defenses, hit(20, "fire", { source: { level: 21 } })).final).toBe(25);
  });

  it("resolves vulnerabilities the same way: no limit beats a limit", () => {
    const r = resist({ vulnerabilities: [{ type: "cold", limit: 3 }, { type: "all" }] }, hit(21, "cold"));
    expect(r.final).toBe(31);
  });
});

describe("what a resistance or vulnerability covers", () => {
  it("`non-physical` covers fire but not physical", () => {
    const defenses: DefensesInput = { resistances: [{ type: "non-physical" }] };
    expect(resist(defenses, hit(20, "fire")).final).toBe(10);
    expect(resist(defenses, hit(20)).final).toBe(20);
  });

  it("`all` covers physical", () => {
    expect(resist({ vulnerabilities: [{ type: "all", limit: 4 }] }, hit(20)).final).toBe(24);
  });

  it("a resistance of another type does nothing and the trace says so", () => {
    const r = resist({ resistances: [{ type: "cold" }] }, hit(20, "fire"));
    expect(r.final).toBe(20);
    expect(r.trace[0]?.key).toBe("DAMAGECHAIN.Trace.resistance.none");
    expect(r.trace[0]?.defenses).toEqual([]);
  });
});

describe("attacks vs environmental damage (001 Resistance)", () => {
  it("against an attack a limit above half still removes only half", () => {
    expect(resist({ resistances: [{ type: "fire", limit: 20 }] }, hit(11, "fire")).final).toBe(6);
  });

  it("against environmental damage a resistance with no limit removes all of it", () => {
    expect(resist({ resistances: [{ type: "fire" }] }, hit(15, "fire", { traits: ["environmental"] })).final).toBe(0);
  });

  it("against environmental damage a limited resistance removes its limit, never more than the damage", () => {
    const env = { traits: ["environmental"] };
    expect(resist({ resistances: [{ type: "fire", limit: 10 }] }, hit(15, "fire", env)).final).toBe(5);
    expect(resist({ resistances: [{ type: "fire", limit: 20 }] }, hit(15, "fire", env)).final).toBe(0);
  });

  it("a vulnerability adds at most half, against environmental damage too", () => {
    const env = { traits: ["environmental"] };
    expect(resist({ vulnerabilities: [{ type: "fire", limit: 20 }] }, hit(15, "fire", env)).final).toBe(22);
    expect(resist({ vulnerabilities: [{ type: "fire", limit: 3 }] }, hit(15, "fire", env)).final).toBe(18);
  });

  it("environmental: full resistance and a vulnerability both count from the original amount", () => {
    const r = resist({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "fire", limit: 5 }] }, hit(20, "fire", { traits: ["environmental"] }));
    expect(r.final).toBe(5);
  });
});

describe("resistance reduction (001)", () => {
  it("against a resistance with no limit the defender becomes Vulnerable with limit = value", () => {
    const r = resist({ resistances: [{ type: "fire" }] }, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 5 }] }));
    expect(r.final).toBe(20 - 10 + 5);
    expect(r.trace[0]?.details).toEqual([
      part("single", { amount: 20, partTypes: ["fire"], mitigated: 10, added: 5, final: 15 }, [{ kind: "resistance", type: "fire" }, { kind: "vulnerability", type: "fire", limit: 5, via: "resistanceReduction" }], [10, 5]),
    ]);
  });

  it("against a resistance with limit L the vulnerability's limit is min(value, L)", () => {
    const r = resist({ resistances: [{ type: "fire", limit: 3 }] }, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 5 }] }));
    expect(r.final).toBe(20);
    const low = resist({ resistances: [{ type: "fire", limit: 8 }] }, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 5 }] }));
    expect(low.final).toBe(20 - 8 + 5);
  });

  it("with no resistance to the type nothing happens", () => {
    const r = resist({ vulnerabilities: [{ type: "fire", limit: 2 }] }, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 5 }] }));
    expect(r.final).toBe(22);
  });

  it("the gained vulnerability competes with the defender's own (highest limit wins)", () => {
    const defenses: DefensesInput = { resistances: [{ type: "fire" }], vulnerabilities: [{ type: "fire", limit: 2 }] };
    expect(resist(defenses, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 6 }] })).final).toBe(16);
    expect(resist(defenses, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 1 }] })).final).toBe(12);
  });

  it("works from the resistance chosen for the type, including Resist All", () => {
    const r = resist({ resistances: [{ type: "all", limit: 4 }] }, hit(20, "cold", { resistanceReduction: [{ type: "cold", value: 10 }] }));
    expect(r.final).toBe(20);
  });

  it("on a multi-type part, adding a resistance can raise damage through the vulnerability it creates (001 as written)", () => {
    // 40 fire+cold+acid, Resist 10 Cold and Resist 10 Acid already give the two largest mitigations.
    // Resist 10 Fire adds no mitigation, but resistance reduction turns it into Vulnerable 10 Fire: +10/2.
    const event = hit(40, ["fire", "cold", "acid"], { resistanceReduction: [{ type: "fire", value: 20 }] });
    const base = [{ type: "cold", limit: 10 }, { type: "acid", limit: 10 }];
    expect(resist({ resistances: base }, event).final).toBe(30);
    expect(resist({ resistances: [...base, { type: "fire", limit: 10 }] }, event).final).toBe(35);
  });

  it("applies only to attacks (001: 'when attacking')", () => {
    const r = resist({ resistances: [{ type: "fire", limit: 4 }] }, hit(20, "fire", { traits: ["environmental"], resistanceReduction: [{ type: "fire", value: 4 }] }));
    expect(r.final).toBe(16);
  });
});

describe("immunity inside the resistance step", () => {
  it("a single-type immunity gives 0 and beats a vulnerability", () => {
    const r = resist({ immunities: [{ type: "poison" }], vulnerabilities: [{ type: "poison" }] }, hit(12, "poison"));
    expect(r.final).toBe(0);
    expect(r.trace[0]?.defenses).toEqual([{ kind: "immunity", type: "poison" }]);
  });

  it("an immunity whose condition fails does nothing", () => {
    expect(resist({ immunities: [{ type: "poison", condition: "ongoing" }] }, hit(12, "poison")).final).toBe(12);
  });

  it("in a multi-type part the immune type adds nothing even when also vulnerable", () => {
    const r = resist({ immunities: [{ type: "fire" }], vulnerabilities: [{ type: "fire" }] }, hit(20, ["fire", "cold"]));
    expect(r.final).toBe(10);
    expect(r.trace[0]?.params).toMatchObject({ mitigated: 10, added: 0 });
  });

  it("a multi-type part immune to every type is reduced to 0", () => {
    expect(resist({ immunities: [{ type: "fire" }, { type: "cold" }], vulnerabilities: [{ type: "cold" }] }, hit(21, ["fire", "cold"])).final).toBe(0);
  });
});

describe("several damage types on one part (001)", () => {
  it("only the two largest mitigations count", () => {
    const defenses: DefensesInput = { resistances: [{ type: "fire", limit: 2 }, { type: "cold", limit: 4 }, { type: "acid", limit: 6 }] };
    const r = resist(defenses, hit(20, ["fire", "cold", "acid"]));
    expect(r.final).toBe(20 - 5);
    expect(r.trace[0]?.details).toEqual([
      part("multiResist", { amount: 20, partTypes: ["fire", "cold", "acid"], mitigated: 5, added: 0, final: 15 }, [{ kind: "resistance", type: "acid", limit: 6 }, { kind: "resistance", type: "cold", limit: 4 }], [6, 4]),
    ]);
  });

  it("only the two largest additions count", () => {
    const defenses: DefensesInput = { vulnerabilities: [{ type: "fire", limit: 1 }, { type: "cold", limit: 3 }, { type: "acid", limit: 5 }] };
    expect(resist(defenses, hit(20, ["fire", "cold", "acid"])).final).toBe(24);
  });

  it("a type listed twice is still a single type", () => {
    expect(resist({ resistances: [{ type: "fire" }] }, hit(20, ["fire", "fire"])).final).toBe(10);
  });

  it("halves round per the profile's rounding option", () => {
    const defenses: DefensesInput = { resistances: [{ type: "fire" }] };
    expect(resist(defenses, hit(17, ["fire", "cold"])).final).toBe(17 - 4);
    expect(resist(defenses, hit(17, ["fire", "cold"]), { rounding: "up" }).final).toBe(17 - 5);
    expect(resist(defenses, hit(17, "fire"), { rounding: "up" }).final).toBe(17 - 9);
    expect(resist(defenses, hit(17, "fire"), { rounding: "nearest" }).final).toBe(17 - 9);
  });
});

describe("parts and state", () => {
  it("resolves each part on its own", () => {
    const r = resist({ resistances: [{ type: "fire" }] }, { parts: [{ amount: 10, types: ["fire"] }, { amount: 10, types: ["cold"] }] });
    expect(r.final).toBe(15);
    expect(r.trace[0]?.details).toEqual([part("single", { amount: 10, partTypes: ["fire"], mitigated: 5, added: 0, final: 5 }, [{ kind: "resistance", type: "fire" }], [5])]);
  });

  it("joins several parts' lines and defenses in the trace", () => {
    const r = resist(
      { resistances: [{ type: "fire", label: "Ring of Fire" }], vulnerabilities: [{ type: "cold", limit: 2 }] },
      { parts: [{ amount: 10, types: ["fire"] }, { amount: 10, types: ["cold"] }] },
    );
    expect(r.final).toBe(17);
    expect(r.trace[0]).toMatchObject({
      in: 20,
      out: 17,
      defenses: [{ kind: "resistance", type: "fire", label: "Ring of Fire" }, { kind: "vulnerability", type: "cold", limit: 2 }],
      params: { mitigated: 5, added: 2 },
      details: [
        part("single", { amount: 10, partTypes: ["fire"], mitigated: 5, added: 0, final: 5 }, [{ kind: "resistance", type: "fire", label: "Ring of Fire" }], [5]),
        part("single", { amount: 10, partTypes: ["cold"], mitigated: 0, added: 2, final: 12 }, [{ kind: "vulnerability", type: "cold", limit: 2 }], [2]),
      ],
    });
  });

  it("uses Variable Resistance from the defender's state", () => {
    const state = { variableResistance: { resist: "fire", vulnerable: "cold" } };
    expect(resist({}, hit(20, "fire"), undefined, state).final).toBe(10);
    const cold = resist({}, hit(20, "cold"), undefined, state);
    expect(cold.final).toBe(30);
    expect(cold.trace[0]?.defenses).toEqual([{ kind: "vulnerability", type: "cold", via: "variableResistance" }]);
  });

  it("leaves a part of 0 alone", () => {
    const r = resist({ vulnerabilities: [{ type: "all" }] }, hit(0, "fire"));
    expect(r.final).toBe(0);
    expect(r.trace[0]?.key).toBe("DAMAGECHAIN.Trace.resistance.none");
  });

  it("does not change the caller's defender", () => {
    const defender = { defenses: { resistances: [{ type: "fire" }] }, state: { variableResistance: { resist: "cold", vulnerable: "acid" } } };
    const copy = structuredClone(defender);
    run({ profile: only, defender, event: hit(20, "fire") });
    expect(defender).toEqual(copy);
  });
});

describe("defenders that share a list (the per-type table is kept per list)", () => {
  it("a resistance list shared by two defenders with other immunities and vulnerabilities: each hit reads its own defender's lists", () => {
    const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
    const base = defensesSchema.parse({ resistances: [{ type: "fire", limit: 5 }] });
    const immune = { ...base, immunities: defensesSchema.parse({ immunities: [{ type: "fire" }] }).immunities };
    const vulnerable = { ...base, vulnerabilities: defensesSchema.parse({ vulnerabilities: [{ type: "fire" }] }).vulnerabilities };
    const event = damageEventSchema.parse(hit(20, "fire"));
    const defender = defenderSchema.parse({ resources: { hp: { value: 100 } } });
    const final = (defenses: Defenses) => resolve({ event, defender: { ...defender, defenses }, profile, random: seededRandom(1), now: 0 }).final;
    // Alternating: each defender's table replaces the other's and must be made again.
    for (let i = 0; i < 2; i++) {
      expect(final(base)).toBe(15);
      expect(final(immune)).toBe(0);
      expect(final(vulnerable)).toBe(25);
    }
  });
});

describe("one event on several defenders of the same lists (an area hit: the choices and detail lines are kept for the event)", () => {
  const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
  const up = { ...profile, options: { ...profile.options, rounding: "up" as const } };
  const defenses = defensesSchema.parse({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 4 }] });
  const event = damageEventSchema.parse({ parts: [{ amount: 21, types: ["fire"] }, { amount: 9, types: ["fire"] }, { amount: 21, types: ["fire"] }, { amount: 10, types: ["cold"] }] });
  const hitWith = (p: typeof profile, state: DefenderInput["state"] = {}) =>
    resolve({ event, defender: defenderSchema.parse({ resources: { hp: { value: 100 } }, defenses, state }), profile: p, random: seededRandom(1), now: 0 });

  it("every hit comes out the same, with the same trace", () => {
    const first = hitWith(profile);
    // fire 21 − 10, fire 9 − 4, fire 21 − 10, cold 10 + 4.
    expect(first.final).toBe(11 + 5 + 11 + 14);
    for (let i = 0; i < 3; i++) expect(hitWith(profile).trace).toEqual(first.trace);
    expect(first.trace.find((e) => e.step === "resistance")?.details?.[1]).toEqual(part("single", { amount: 9, partTypes: ["fire"], mitigated: 4, added: 0, final: 5 }, [{ kind: "resistance", type: "fire" }], [4]));
  });

  it("a defender with Variable Resistance, and a profile that rounds up, still get their own choice and halves", () => {
    hitWith(profile);
    hitWith(profile);
    // Variable Resistance to cold: its resistance (no limit) takes half of the cold part, the vulnerability still adds 4.
    expect(hitWith(profile, { variableResistance: { resist: "cold", vulnerable: "acid" } }).final).toBe(11 + 5 + 11 + 9);
    // Halves rounded up: fire 21 − 11, fire 9 − 5, cold 10 + 4.
    expect(hitWith(up).final).toBe(10 + 4 + 10 + 14);
    expect(hitWith(up).final).toBe(10 + 4 + 10 + 14);
    expect(hitWith(profile).final).toBe(11 + 5 + 11 + 14);
  });
});
