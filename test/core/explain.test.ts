/**
 * The trace formatter (src/core/explain.ts): every step's entries written out
 * through a Localizer over the real lang files, in English and German. The
 * hits are resolved by the real chain, so these check what a GM reads.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "../../src/cli/i18n.ts";
import type { StepId } from "../../src/core/model/profile.ts";
import type { ResolveResult } from "../../src/core/chain.ts";
import { conditionLabel, describeDefense, explainEntry, explainWarning, locationLabel, profileLabel, resourceLabel, typeLabel, type Localizer } from "../../src/core/explain.ts";
import { effectiveDefenses } from "../../src/core/normalize.ts";
import { defensesSchema } from "../../src/core/model/defenses.ts";
import { profileOptionsSchema } from "../../src/core/model/profile.ts";
import { hit, run, type Case } from "./support.ts";

const langFile = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../../lang", name), "utf8")) as Parameters<typeof translator>[0];
const en: Localizer = translator(langFile("en.json"));
const de: Localizer = translator(langFile("de.json"));

/** The entry of `step` in `r`'s trace, written out in `l`. */
function explained(r: ResolveResult, step: StepId, l: Localizer = en) {
  const entry = r.trace.find((e) => e.step === step);
  if (entry === undefined) throw new Error(`no ${step} entry`);
  return explainEntry(entry, l);
}

/** Resolve `c` and write out the entry of its only step. */
function only(c: Case, l: Localizer = en) {
  const r = run(c);
  return explainEntry(r.trace[0]!, l);
}

const fourE = (defenses: NonNullable<Case["defender"]>["defenses"], event: Case["event"]) => run({ profile: "revised-4e", defender: { resources: { hp: { value: 100 } }, defenses }, event });

describe("resistance step (001 worked examples)", () => {
  const threeFireResists = { resistances: [{ type: "fire", condition: "advantage" as const }, { type: "fire", limit: 10 }, { type: "all", limit: 5 }] };

  it("example 1: Resist 10 Fire takes 10 of 27", () => {
    const x = explained(fourE(threeFireResists, hit(27, "fire")), "resistance");
    expect(x).toEqual({ step: "Resistance / Vulnerability", text: "10 mitigated, 0 added.", defense: "Resist 10 Fire", details: ["27 Fire: Resist 10 Fire −10 → 17"] });
  });

  it("example 2: with Advantage, Resist Fire (Advantage) halves", () => {
    const x = explained(fourE(threeFireResists, hit(27, "fire", { traits: ["advantage"] })), "resistance");
    expect(x.defense).toBe("Resist Fire (Advantage)");
    expect(x.details).toEqual(["27 Fire: Resist Fire (Advantage) −13 → 14"]);
  });

  it("example 3: a resistance and a vulnerability on one type", () => {
    const x = explained(fourE({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "fire", limit: 5 }] }, hit(17, "fire")), "resistance");
    expect(x.details).toEqual(["17 Fire: Resist Fire −8, Vulnerable 5 Fire +5 → 14"]);
    expect(x.defense).toBe("Resist Fire, Vulnerable 5 Fire");
  });

  it("example 4: a two-type part halves both the mitigation and the addition", () => {
    const x = explained(fourE({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 5 }] }, hit(17, ["fire", "cold"])), "resistance");
    expect(x.details).toEqual(["17 Fire+Cold: resist (Resist Fire −8) ÷ 2 = −4, vulnerable (Vulnerable 5 Cold +5) ÷ 2 = +2 → 15"]);
    expect(x.text).toBe("4 mitigated, 2 added.");
  });

  it("example 5: an immunity counts as a full mitigation", () => {
    const r = fourE({ immunities: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 5 }, { type: "acid" }] }, hit(17, ["fire", "cold", "acid"]));
    expect(explained(r, "resistance").details).toEqual(["17 Fire+Cold+Acid: resist (Immune Fire −17) ÷ 2 = −8, vulnerable (Vulnerable Acid +8, Vulnerable 5 Cold +5) ÷ 2 = +6 → 15"]);
  });

  it("example 6: two resistances on a two-type part, no vulnerability", () => {
    const r = fourE({ resistances: [{ type: "fire" }, { type: "all", limit: 5 }] }, hit(17, ["fire", "cold"]));
    expect(explained(r, "resistance").details).toEqual(["17 Fire+Cold: resist (Resist Fire −8, Resist 5 All −5) ÷ 2 = −6 → 11"]);
  });

  it("a two-type part with only vulnerabilities", () => {
    const r = fourE({ vulnerabilities: [{ type: "fire", limit: 2 }, { type: "cold", limit: 4 }] }, hit(20, ["fire", "cold"]));
    expect(explained(r, "resistance").details).toEqual(["20 Fire+Cold: vulnerable (Vulnerable 4 Cold +4, Vulnerable 2 Fire +2) ÷ 2 = +3 → 23"]);
  });

  it("resistance reduction, keyword bundles and Variable Resistance say where the defense came from", () => {
    const rr = fourE({ resistances: [{ type: "fire" }] }, hit(20, "fire", { resistanceReduction: [{ type: "fire", value: 5 }] }));
    expect(explained(rr, "resistance").details).toEqual(["20 Fire: Resist Fire −10, Vulnerable 5 Fire [resistance reduction] +5 → 15"]);
    expect(explained(fourE({ keywords: ["insubstantial"] }, hit(27)), "resistance").defense).toBe("Resist Physical [Insubstantial]");
    expect(explained(fourE({ keywords: ["swarm"] }, hit(27, "fire", { traits: ["burst"] })), "resistance").defense).toBe("Vulnerable All (Burst or blast) [Swarm]");
    const vr = run({ profile: "revised-4e", defender: { resources: { hp: { value: 50 } }, state: { variableResistance: { resist: "fire", vulnerable: "cold" } } }, event: hit(20, "cold") });
    expect(explained(vr, "resistance").defense).toBe("Vulnerable Cold [Variable Resistance]");
  });

  it("the GM's own label wins over the rule text; several parts give several lines", () => {
    const r = fourE({ resistances: [{ type: "fire", label: "Ring of Fire" }], vulnerabilities: [{ type: "cold", limit: 2 }] }, { parts: [{ amount: 10, types: ["fire"] }, { amount: 10, types: ["cold"] }] });
    const x = explained(r, "resistance");
    expect(x.defense).toBe("Ring of Fire, Vulnerable 2 Cold");
    expect(x.details).toEqual(["10 Fire: Ring of Fire −5 → 5", "10 Cold: Vulnerable 2 Cold +2 → 12"]);
  });
});

describe("the other steps", () => {
  it("immunity: types, tags", () => {
    expect(only({ profile: [{ step: "immunity" }], event: hit(4, "poison"), defender: { defenses: { immunities: [{ type: "poison" }] } } })).toMatchObject({
      text: "Immune to Poison: No Effect, the damage did not happen.",
      defense: "Immune Poison",
    });
    const tag = only({ profile: [{ step: "immunity" }], event: hit(3, "fire", { source: { tags: ["fear", "charm"] } }), defender: { defenses: { immunities: [{ tag: "charm" }, { tag: "fear" }] } } });
    expect(tag.text).toBe('Immune to "charm, fear": no damage, and the non-damage effects of features with those tags are ignored.');
    expect(tag.defense).toBe("Immunity: charm, Immunity: fear");
  });

  it("prevention: ongoing with types, damage requirement, one-time", () => {
    const prevent = (prevention: NonNullable<NonNullable<Case["defender"]>["defenses"]>["prevention"], event: Case["event"]) =>
      only({ profile: [{ step: "prevention" }], event, defender: { defenses: { prevention } } });
    expect(prevent([{ kind: "ongoing", types: ["fire"], tags: ["spell"] }], hit(5, "fire", { source: { tags: ["spell"] } })).defense).toBe("Prevention (Fire, spell)");
    expect(prevent([{ kind: "ongoing", requires: "silvered", condition: "attack" }], hit(6)).defense).toBe("Damage requirement: silvered (Attacks)");
    expect(prevent([{ kind: "oneTime", uses: 2 }], hit(8))).toMatchObject({ defense: "One-time prevention", text: "Prevented by a one-time effect (uses left: 1): No Effect, 8 damage did not happen." });
  });

  it("negates and flat defenses: kind, value, type, natural", () => {
    const bdn = only({ profile: [{ step: "bdn" }], event: hit(5, "fire"), defender: { defenses: { negates: [{ kind: "BDN", type: "fire", value: 6, natural: true }] } } });
    expect(bdn).toMatchObject({ step: "Base Damage Negate", defense: "BDN 6 Fire (natural)", text: "Base damage < 6: the hit is negated, 5 damage did not happen." });
    const flat = [{ kind: "BDR" as const, type: "fire", value: 2, natural: true }, { kind: "BDR" as const, type: "fire", value: 5, label: "Fire cloak" }];
    expect(only({ profile: [{ step: "bdr" }], event: hit(10, "fire"), defender: { defenses: { flat } } })).toEqual({
      step: "Base Damage Resistance",
      text: "Base Damage Resistance: −7.",
      defense: "BDR 2 Fire (natural), Fire cloak",
      details: ["Fire 7"],
    });
    expect(only({ profile: [{ step: "dv" }], event: hit(6, "cold"), defender: { defenses: { flat: [{ kind: "DV", type: "non-physical", value: 4, condition: "critical" }] } } }).defense).toBe("");
    expect(only({ profile: [{ step: "dv" }], event: hit(6, "cold", { traits: ["critical"] }), defender: { defenses: { flat: [{ kind: "DV", type: "non-physical", value: 4, condition: "critical" }] } } })).toMatchObject({
      defense: "DV 4 Non-physical (Critical)",
      text: "Damage Vulnerability: +4.",
    });
  });

  it("armor value: each layer by its kind", () => {
    const armor = [
      { type: "slashing", value: 2, layer: "natural" as const },
      { type: "slashing", value: 6, layer: "hard" as const },
      { type: "all", value: 4, layer: "soft" as const },
    ];
    const x = only({ profile: [{ step: "armorValue" }], event: hit(20, "slashing"), defender: { defenses: { armor } } });
    expect(x).toEqual({ step: "Armor Value", text: "Armor value: −10.", defense: "Armor 2 Slashing (natural), Armor 6 Slashing (hard), Armor 4 All (soft)", details: ["Slashing 10"] });
  });

  it("tag resistance, reduction effects", () => {
    expect(only({ profile: [{ step: "tagResistance" }], event: hit(5, [], { source: { tags: ["poison"] } }), defender: { defenses: { tagResistances: [{ tag: "poison", value: 2 }] } } })).toMatchObject({
      defense: "Resist 2 Poison",
      text: 'Resistance 2 to "poison": −2.',
    });
    const reductions = [{ kind: "half" as const, types: ["fire"] }, { kind: "flat" as const, value: 2 }];
    expect(only({ profile: [{ step: "reduction" }], event: hit(10, "fire"), defender: { defenses: { reductions } } })).toMatchObject({ defense: "Halve (Fire), Reduce by 2", text: "Damage reduction: −7." });
  });

  it("pools: the order and each pool by its label, the wound by its location", () => {
    const x = only({
      profile: [{ step: "pools" }],
      event: hit(12, [], { location: "leftArm" }),
      defender: { resources: { magicArmor: { value: 2 }, physicalArmor: { value: 3 }, body: { value: 4 } } },
    });
    expect(x.text).toBe("9 damage soaked by the pools; order Magic armor → Physical armor → Monstrous armor → Natural armor → Body; 3 left over: one wound (Left arm).");
    expect(x.details).toEqual(["Magic armor −2", "Physical armor −3", "Body −4"]);
  });

  it("guard, life, Damage Limit, Damage Shell", () => {
    const guard = run({ profile: "tags-and-guard", event: hit(5), defender: { resources: { hp: { value: 2 }, guard: { value: 3 } } } });
    expect(explained(guard, "guard").text).toBe("Guard took 3 (3 → 0): Broken; 2 goes on.");
    expect(explained(guard, "life").text).toBe("HP 2 → 0 (−2): Dying.");
    const limit = only({ profile: [{ step: "damageLimit" }], event: hit(15), defender: { defenses: { damageLimits: [{ value: 10 }] } } });
    expect(limit).toMatchObject({ defense: "DL 10", text: "Damage Limit 10: 0 lost this round, 10 more allowed; 5 ignored." });
    const shell = only({ profile: [{ step: "damageShell" }], event: hit(25), defender: { resources: { hp: { value: 30 } }, defenses: { shells: [{ id: "a", value: 10 }] } } });
    expect(shell).toMatchObject({ defense: "DS 10", text: "Damage Shell 10: life stops at 10, 5 ignored; immune until the next round." });
    const bypassed = only({
      profile: [{ step: "damageShell" }],
      event: hit(25, [], { traits: ["imbued"] }),
      defender: { resources: { hp: { value: 30 } }, defenses: { shells: [{ id: "a", value: 10, ignoredBy: ["imbued"] }, { id: "b", value: 20, ignoredBy: ["imbued"] }] } },
    });
    expect(bypassed.text).toBe("Damage Shell 20, 10 ignored by this hit: the damage goes through.");
  });

  it("damage triggers and Variable Resistance name types and conditions by their labels", () => {
    const triggers = [{ type: "fire", gains: "dazed", condition: "critical" as const }, { type: "all", gains: "forcedMovement", label: "Bloodied rage" }];
    const r = run({ profile: [{ step: "triggers" }], event: hit(6, "fire", { traits: ["critical"] }), defender: { defenses: { triggers } } });
    expect(explainEntry(r.trace[0]!, en)).toMatchObject({ defense: "Damage Trigger Fire (Critical), Bloodied rage", text: "Damage Trigger Fire (Critical), Bloodied rage: gains Dazed, Forced movement." });
    const demon = run({ profile: [{ step: "variableResistance" }], event: hit(10, "fire"), defender: { defenses: { keywords: ["variableResistance"] } } });
    const vr = demon.state.variableResistance!;
    expect(explainEntry(demon.trace[0]!, en)).toMatchObject({
      defense: "Variable Resistance",
      text: `Variable Resistance (triggered by Fire): now Resist Fire and Vulnerable ${typeLabel(vr.vulnerable, en)}, shared with allies, until the end of the encounter or the next use.`,
    });
  });

  it("warnings: a refused defense and a non-stacking one", () => {
    const options = profileOptionsSchema.parse({});
    const d = defensesSchema.parse({ immunities: [{ type: "poison", group: "g" }], prevention: [{ kind: "oneTime", id: "mb", group: "g" }] });
    const [w] = effectiveDefenses(d, options).warnings;
    expect(explainWarning(w!, en)).toBe('Not used: it does not stack with Immune Poison (group "g").');
  });

  it("warnings: a refused immunity names its type in the reader's language, or the GM's label", () => {
    const options = profileOptionsSchema.parse({ damageTypes: ["physical", "fire"] });
    const unlabelled = effectiveDefenses(defensesSchema.parse({ immunities: [{ type: "physical" }, { type: "fire" }] }), options).warnings;
    expect(unlabelled.map((w) => explainWarning(w, en))).toEqual(["Immunity to Fire was refused: it would make the creature immune to all damage."]);
    expect(explainWarning(unlabelled[0]!, de)).toContain("Feuer");
    const labelled = effectiveDefenses(defensesSchema.parse({ immunities: [{ type: "physical" }, { type: "fire", label: "Salamander blood" }] }), options).warnings;
    expect(labelled.map((w) => explainWarning(w, en))).toEqual(['"Salamander blood" was refused: it would make the creature immune to all damage.']);
  });

  it("built-in profile names in the reader's language; a GM's own profile by its name", () => {
    expect(profileLabel({ id: "revised-4e", name: "Revised 4E resistances (001)" }, de)).toBe("Überarbeitete 4E-Resistenzen (001)");
    expect(profileLabel({ id: "my-house-rules", name: "House rules" }, de)).toBe("House rules");
  });
});

describe("labels", () => {
  it("each id family has its labels and falls back to the id", () => {
    expect([typeLabel("fire", en), typeLabel("non-physical", en), typeLabel("slashing", en), typeLabel("ooze", en)]).toEqual(["Fire", "Non-physical", "Slashing", "ooze"]);
    expect([resourceLabel("hp", en), resourceLabel("wound", en), resourceLabel("mana", en)]).toEqual(["HP", "Wound", "mana"]);
    expect([conditionLabel("slowed", en), conditionLabel("marked", en)]).toEqual(["Slowed", "marked"]);
    expect(locationLabel("torso", en)).toBe("Torso");
  });

  it("a defense with no language entry is still named from its fields", () => {
    expect(describeDefense({ kind: "resistance", type: "fire", limit: 5, condition: "paragon", via: "regiment" }, en)).toBe("Resist 5 Fire (Paragon, level 11+) [Regiment]");
    expect(describeDefense({ kind: "halving", label: "" }, en)).toBe("Halve");
  });
});

describe("German", () => {
  it("example 1 and the multi-type example read in German, with German word order", () => {
    const one = explained(fourE({ resistances: [{ type: "fire", limit: 10 }] }, hit(27, "fire")), "resistance", de);
    expect(one).toEqual({ step: "Resistenz / Anfälligkeit", text: "10 gemindert, 0 hinzugefügt.", defense: "Resistenz 10 gegen Feuer", details: ["27 Feuer: Resistenz 10 gegen Feuer −10 → 17"] });
    const multi = explained(fourE({ resistances: [{ type: "fire" }], vulnerabilities: [{ type: "cold", limit: 5 }] }, hit(17, ["fire", "cold"])), "resistance", de);
    expect(multi.details).toEqual(["17 Feuer+Kälte: Resistenz (Resistenz gegen Feuer −8) ÷ 2 = −4, Anfälligkeit (Anfälligkeit 5 für Kälte +5) ÷ 2 = +2 → 15"]);
  });

  it("every entry of a hit through each built-in profile is German text with no lang key left", () => {
    const hits: Case[] = [
      { profile: "layered-armor", event: hit(30, "fire"), defender: { resources: { hp: { value: 100 } }, defenses: { flat: [{ kind: "BDR", type: "fire", value: 2, natural: true }], armor: [{ type: "all", value: 3, layer: "hard" }], damageLimits: [{ value: 20 }] } } },
      { profile: "armor-pools", event: hit(9, [], { location: "rightLeg" }), defender: { resources: { magicArmor: { value: 2 }, body: { value: 3 } }, defenses: { reductions: [{ kind: "flat", value: 1 }] } } },
      { profile: "tags-and-guard", event: hit(9), defender: { resources: { hp: { value: 3 }, guard: { value: 2 } } } },
    ];
    for (const c of hits) {
      for (const entry of run(c).trace) {
        const x = explainEntry(entry, de);
        for (const text of [x.step, x.text, x.defense, ...x.details]) expect(text).not.toMatch(/DAMAGECHAIN|\{\w+\}/);
      }
    }
    const layered = run(hits[0]!);
    expect(explained(layered, "bdr", de)).toMatchObject({ defense: "BDR 2 Feuer (natürlich)", text: "Grundschadensresistenz: −2." });
    expect(explained(layered, "armorValue", de).defense).toBe("Rüstung 3 alles (hart)");
    expect(explained(layered, "damageLimit", de).defense).toBe("Schadenslimit 20");
    expect(explained(run(hits[1]!), "pools", de).text).toBe("5 Schaden von den Pools aufgefangen; Reihenfolge Magische Rüstung → Physische Rüstung → Monströse Rüstung → Natürliche Rüstung → Körper; 3 übrig: eine Wunde (Rechtes Bein).");
    expect(explained(run(hits[2]!), "life", de).text).toBe("TP 3 → 0 (−3): Sterbend.");
  });
});
