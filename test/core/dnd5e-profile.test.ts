/**
 * The `dnd5e` profile: cases worked out by hand from dnd5e
 * 5.3.3's source (foundryvtt/dnd5e, commit 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449,
 * `module/documents/actor/actor.mjs`; "line N" below is a line of that file).
 */
import { describe, expect, it } from "vitest";
import { profileSchema } from "../../src/core/model/profile.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import type { Dnd5eApplicationInput, Dnd5eTraitsInput } from "../../src/core/model/dnd5e.ts";
import { BUILT_IN_PROFILES, DND5E_PROFILE_ID } from "../../src/core/profiles.ts";
import { run } from "./support.ts";

/** Resolve `parts` ([amount, type, properties?]) under the dnd5e profile against a 100-HP creature with `traits`. */
function dnd5e(traits: Dnd5eTraitsInput, parts: [number, string, string[]?][], app?: Dnd5eApplicationInput, extra: Omit<DamageEventInput, "parts"> = {}) {
  const event: DamageEventInput = { ...extra, parts: parts.map(([amount, type, properties]) => (properties === undefined ? { amount, types: [type] } : { amount, types: [type], properties })) };
  if (app !== undefined) event.dnd5e = app;
  return run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 100 } }, dnd5e: traits }, event });
}
const final = (...args: Parameters<typeof dnd5e>) => dnd5e(...args).final;

describe("dnd5e profile: resistance and vulnerability (lines 853-863)", () => {
  it("7 slashing on a slashing-resistant creature deals Math.trunc(7 / 2) = 3 (line 856)", () => {
    const r = dnd5e({ dr: { value: ["slashing"] } }, [[7, "slashing"]]);
    expect(r.final).toBe(3);
    expect(r.resources.hp!.value).toBe(97);
  });
  it("7 radiant on a radiant-vulnerable creature deals 7 × 2 = 14 (line 862)", () => {
    expect(final({ dv: { value: ["radiant"] } }, [[7, "radiant"]])).toBe(14);
  });
  it("resistance and vulnerability together: trunc(7 / 2) × 2 = 6 (lines 856, 862)", () => {
    expect(final({ dr: { value: ["fire"] }, dv: { value: ["fire"] } }, [[7, "fire"]])).toBe(6);
  });
  it("`all` resistance covers every damage type (lines 945-950): 7 slashing + 9 fire → 3 + 4 = 7", () => {
    expect(final({ dr: { value: ["all"] } }, [[7, "slashing"], [9, "fire"]])).toBe(7);
  });
  it("a resistance and a vulnerability that cancel in total still show on the card: 5 slashing −3, 5 radiant +5", () => {
    const r = dnd5e({ dr: { value: ["slashing"] }, dv: { value: ["radiant"] } }, [[5, "slashing"], [5, "radiant"]]);
    expect(r.final).toBe(12);
    const step = r.trace.find((e) => e.step === "dnd5eResistance")!;
    expect(step.key).toBe("DAMAGECHAIN.Trace.dnd5eResistance.applied");
    expect(step.details!.map((d) => d.params.value)).toEqual([2, 10]);
  });
});

describe("dnd5e profile: the tray's multiplier, one truncation of the sum (lines 851, 876, 880)", () => {
  it("Ice Storm, 9 bludgeoning + 13 cold at ×½: 4.5 + 6.5 = 11, not 4 + 6", () => {
    const r = dnd5e({}, [[9, "bludgeoning"], [13, "cold"]], { multiplier: 0.5 });
    expect(r.final).toBe(11);
    // The parts stay whole: the point the one rounding leaves over goes to the first of the equal fractions.
    expect(r.trace.find((e) => e.step === "dnd5eResistance")!.params).toEqual({ sum: 11, total: 11 });
  });
  it("Ice Storm ×½ on a cold-resistant creature: 4.5 + trunc(6.5 / 2) = 7.5 → 7 (lines 851, 856, 880)", () => {
    expect(final({ dr: { value: ["cold"] } }, [[9, "bludgeoning"], [13, "cold"]], { multiplier: 0.5 })).toBe(7);
  });
  it("×¼ of 9 is 2.25 → 2; ×2 of 7 fire resisted is trunc(14 / 2) = 7 (lines 851, 856)", () => {
    expect(final({}, [[9, "fire"]], { multiplier: 0.25 })).toBe(2);
    expect(final({ dr: { value: ["fire"] } }, [[7, "fire"]], { multiplier: 2 })).toBe(7);
  });
  it("×½ of three 3-point parts: 1.5 × 3 = 4.5 → 4", () => {
    expect(final({}, [[3, "fire"], [3, "cold"], [3, "acid"]], { multiplier: 0.5 })).toBe(4);
  });
});

describe("dnd5e profile: immunity (lines 836-841)", () => {
  it("an immune part deals 0; the other parts go on", () => {
    const r = dnd5e({ di: { value: ["fire"] } }, [[10, "fire"], [4, "cold"]]);
    expect(r.final).toBe(4);
    expect(r.prevented).toBe(false);
  });
  it("immunity beats a vulnerability of the same type: the part is 0 before line 862 doubles it", () => {
    const r = dnd5e({ di: { value: ["fire"] }, dv: { value: ["fire"] } }, [[10, "fire"]]);
    expect(r.final).toBe(0);
    expect(r.prevented).toBe(true);
  });
  it("`all` immunity (line 947-948) stops every damage type", () => {
    expect(final({ di: { value: ["all"] } }, [[10, "fire"], [10, "slashing"]])).toBe(0);
  });
});

describe("dnd5e profile: bypasses mgc / sil / ada (lines 941-943, 844-845)", () => {
  const nonmagical = { dr: { value: ["slashing", "fire"], bypasses: ["mgc"] } };
  it("a magical slashing part is not resisted; a non-magical one is", () => {
    expect(final(nonmagical, [[10, "slashing", ["mgc"]]])).toBe(10);
    expect(final(nonmagical, [[10, "slashing", []]])).toBe(5);
  });
  it("bypasses only ever apply to physical types: magical fire is still resisted", () => {
    expect(final(nonmagical, [[10, "fire", ["mgc"]]])).toBe(5);
  });
  it("without part properties the event's traits stand for them (magical → mgc, adamantine → ada)", () => {
    expect(final(nonmagical, [[10, "slashing"]], undefined, { traits: ["magical"] })).toBe(10);
    expect(final({ di: { value: ["bludgeoning"], bypasses: ["ada"] } }, [[10, "bludgeoning"]], undefined, { traits: ["adamantine"] })).toBe(10);
    expect(final({ di: { value: ["bludgeoning"], bypasses: ["ada"] } }, [[10, "bludgeoning"]], undefined, { traits: ["silvered"] })).toBe(0);
  });
  it("a dm bypass switches off both the type's and the `all` modification for that part (lines 844-847)", () => {
    const dm = { dm: { amount: { slashing: -3, all: -1 }, bypasses: ["sil"] } };
    expect(final(dm, [[10, "slashing", ["sil"]]])).toBe(10);
    expect(final(dm, [[10, "slashing", []]])).toBe(6);
  });
});

describe("dnd5e profile: damage modification dm, once per application, type then all (lines 819-831, 846-847)", () => {
  it("dm fire −2 with all −1: 10 fire → 8 → 7", () => {
    expect(final({ dm: { amount: { fire: -2, all: -1 } } }, [[10, "fire"]])).toBe(7);
  });
  it("repeated same-type parts share one reduction: fire −3 on 1 + 10 fire → 0 + 8 (line 830 keeps the unspent 2)", () => {
    expect(final({ dm: { amount: { fire: -3 } } }, [[1, "fire"], [10, "fire"]])).toBe(8);
  });
  it("with `all` −1 on top: the first part is 0 (no sign change past 0, line 827), the `all` point goes to the second: 0 + 7", () => {
    expect(final({ dm: { amount: { fire: -3, all: -1 } } }, [[1, "fire"], [10, "fire"]])).toBe(7);
  });
  it("an addition goes once, to the first part of its type: fire +3 on 4 + 4 fire → 7 + 4", () => {
    expect(final({ dm: { amount: { fire: 3 } } }, [[4, "fire"], [4, "fire"]])).toBe(11);
  });
  it("the modification comes before resistance: 10 fire, dm fire −2, resistant → trunc(8 / 2) = 4", () => {
    expect(final({ dm: { amount: { fire: -2 } }, dr: { value: ["fire"] } }, [[10, "fire"]])).toBe(4);
  });
  it("an immune part spends nothing: fire immune, all −2 on 10 fire + 5 cold → 0 + 3", () => {
    expect(final({ di: { value: ["fire"] }, dm: { amount: { all: -2 } } }, [[10, "fire"], [5, "cold"]])).toBe(3);
  });
});

describe("dnd5e profile: damage threshold dt (lines 882-891)", () => {
  it("damage above 0 and below dt deals nothing; dt itself goes through", () => {
    expect(final({ dt: 10 }, [[9, "fire"]])).toBe(0);
    expect(dnd5e({ dt: 10 }, [[9, "fire"]]).negated).toBe(true);
    expect(final({ dt: 10 }, [[10, "fire"]])).toBe(10);
  });
  it("is checked on the whole hit, after traits: 6 fire + 6 cold = 12 ≥ 10 goes through; 15 fire resisted = 7 < 10 does not", () => {
    expect(final({ dt: 10 }, [[6, "fire"], [6, "cold"]])).toBe(12);
    expect(final({ dt: 10, dr: { value: ["fire"] } }, [[15, "fire"]])).toBe(0);
  });
  it("the tray's ignore.threshold or ignore: true switches it off (line 884)", () => {
    expect(final({ dt: 10, dr: { value: ["fire"] } }, [[15, "fire"]], { ignore: { threshold: true } })).toBe(7);
    expect(final({ dt: 10, dr: { value: ["fire"] } }, [[15, "fire"]], { ignore: true })).toBe(15);
  });
});

describe("dnd5e profile: the tray's per-target toggles (lines 971-988, 932-939)", () => {
  it("ignore resistance to fire: full fire damage, other types still resisted", () => {
    const r = dnd5e({ dr: { value: ["fire", "cold"] } }, [[10, "fire"], [10, "cold"]], { ignore: { resistance: ["fire"] } });
    expect(r.final).toBe(15);
    const notes = r.trace.find((e) => e.step === "dnd5eResistance")!.details!.filter((d) => d.key === "DAMAGECHAIN.Detail.dnd5e.ignored");
    expect(notes.map((d) => d.defenses![0])).toEqual([{ kind: "resistance", type: "fire" }]);
  });
  it("ignore immunity: the part is no longer stopped, and a vulnerability then doubles it", () => {
    expect(final({ di: { value: ["fire"] }, dv: { value: ["fire"] } }, [[10, "fire"]], { ignore: { immunity: ["fire"] } })).toBe(20);
  });
  it("ignore vulnerability, ignore modification", () => {
    expect(final({ dv: { value: ["fire"] } }, [[10, "fire"]], { ignore: { vulnerability: true } })).toBe(10);
    expect(final({ dm: { amount: { fire: -3, all: -1 } } }, [[10, "fire"]], { ignore: { modification: ["fire"] } })).toBe(9);
    expect(final({ dm: { amount: { fire: -3, all: -1 } } }, [[10, "fire"]], { ignore: { modification: ["all"] } })).toBe(7);
  });
  it("downgrade immunity to fire: it counts as a resistance, 10 → 5; with a resistance as well still 5 (halved once)", () => {
    expect(final({ di: { value: ["fire"] } }, [[10, "fire"]], { downgrade: ["fire"] })).toBe(5);
    expect(final({ di: { value: ["fire"] }, dr: { value: ["fire"] } }, [[10, "fire"]], { downgrade: ["fire"] })).toBe(5);
  });
  it("downgrading a type the creature is not immune to ignores its resistance (line 984): 10 fire vs resist fire → 10", () => {
    expect(final({ dr: { value: ["fire"] } }, [[10, "fire"]], { downgrade: ["fire"] })).toBe(10);
  });
  it("as dnd5e: a downgraded immunity halves even when the tray also ignores resistance (lines 932-939 ask without options)", () => {
    expect(final({ di: { value: ["fire"] } }, [[10, "fire"]], { downgrade: ["fire"], ignore: { resistance: ["fire"] } })).toBe(5);
  });
  it("ignore: true switches off every trait and the threshold", () => {
    expect(final({ di: { value: ["fire"] }, dm: { amount: { fire: -5 } }, dt: 30 }, [[10, "fire"]], { ignore: true })).toBe(10);
  });
});

describe("dnd5e profile: a normal profile", () => {
  const profile = BUILT_IN_PROFILES.find((p) => p.id === DND5E_PROFILE_ID)!;
  it("is a built-in with the dnd5e steps and HP, and the chain's own steps, each only where the actor uses it", () => {
    expect(profile.steps.filter((s) => s.whenUsed !== true).map((s) => s.step)).toEqual(["dnd5eImmunity", "dnd5eModification", "dnd5eResistance", "dnd5eThreshold", "life"]);
    expect(profile.steps.filter((s) => s.whenUsed === true).map((s) => s.step)).toEqual(["prevention", "bdn", "midiDr", "fdn", "pools", "guard", "damageLimit", "damageShell", "endurance", "triggers"]);
  });
  it("takes any other step: a copy with the dnd5e steps, a damage shell and a damage limit validates and resolves", () => {
    const dnd5eOnly = profile.steps.filter((s) => s.whenUsed !== true);
    const custom = profileSchema.parse({ id: "my-dnd5e", name: "mine", steps: [...dnd5eOnly, { step: "damageLimit" }, { step: "damageShell" }] });
    const steps = [...custom.steps];
    steps.splice(4, 0, ...steps.splice(5, 2));
    const r = run({ profile: steps, options: custom.options, defender: { resources: { hp: { value: 50 } }, dnd5e: { dr: { value: ["fire"] } }, defenses: { damageLimits: [{ value: 4 }] } }, event: { parts: [{ amount: 20, types: ["fire"] }] } });
    expect(r.final).toBe(4);
    expect(r.resources.hp!.value).toBe(46);
  });
  it("a defender without dnd5e traits takes the damage as it is", () => {
    expect(run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 30 } } }, event: { parts: [{ amount: 27, types: ["fire"] }] } }).final).toBe(27);
  });
});
