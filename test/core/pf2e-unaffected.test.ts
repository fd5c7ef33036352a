/**
 * pf2e's "unaffected" (foundryvtt/pf2e `src/module/actor/base.ts`
 * `ActorPF2e#isAffectedBy`, step 0 of `applyIWR` in
 * `src/module/system/damage/iwr.ts`): vitality harms only creatures with
 * void healing (`attributes.hp.negativeHealing`); void harms neither
 * constructs nor them; bleed harms only the living (`modeOfBeing`). Such an
 * instance deals 0 before any immunity, weakness or resistance, and the
 * card says "unaffected", not "immune".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "../../src/cli/i18n.ts";
import { describeDefense, type Localizer } from "../../src/core/explain.ts";
import { importPf2e, pf2eUnaffected } from "../../src/core/import/pf2e.ts";
import { run } from "./support.ts";

const lang = (name: string): Localizer => translator(JSON.parse(readFileSync(join(import.meta.dirname, "../../lang", name), "utf8")) as Parameters<typeof translator>[0]);
const actor = (traits: string[], hp: Record<string, unknown> = {}, type = "npc", attributes: Record<string, unknown> = {}) => ({
  name: "Test",
  type,
  system: { attributes: { hp: { value: 50, max: 50, ...hp }, ...attributes }, details: { level: { value: 3 } }, traits: { value: traits } },
});
const PF2E_STEPS = [{ step: "immunity" }, { step: "dv" }, { step: "fdr" }, { step: "life", options: { atZero: "none" } }];
const hit = (a: unknown, amount: number, type: string) =>
  run({ profile: PF2E_STEPS as never, defender: { defenses: importPf2e(a, { traitIWR: false }).defenses as never, resources: { hp: { value: 100 } } }, event: { parts: [{ amount, types: [type] }], traits: [] } });

const zombie = actor(["undead", "mindless"], { negativeHealing: true });
const golem = actor(["construct", "mindless"]);
const wolf = actor(["animal"]);

describe("pf2e unaffected (isAffectedBy)", () => {
  it("10 void on an undead with void healing deals 0; vitality deals 10", () => {
    expect(hit(zombie, 10, "void").final).toBe(0);
    expect(hit(zombie, 10, "vitality").final).toBe(10);
  });
  it("vitality on the living and on constructs deals 0; void on a construct deals 0, on the living 10", () => {
    expect(hit(wolf, 10, "vitality").final).toBe(0);
    expect(hit(golem, 10, "vitality").final).toBe(0);
    expect(hit(golem, 10, "void").final).toBe(0);
    expect(hit(wolf, 10, "void").final).toBe(10);
  });
  it("bleed harms only the living", () => {
    expect(hit(wolf, 10, "bleed").final).toBe(10);
    expect(hit(zombie, 10, "bleed").final).toBe(0);
    expect(hit(golem, 10, "bleed").final).toBe(0);
  });
  it("a weakness does not revive an unaffected instance (step 0 returns before weaknesses)", () => {
    const a = actor(["undead"], { negativeHealing: true }, "npc", { weaknesses: [{ type: "void", value: 5 }] });
    expect(hit(a, 10, "void").final).toBe(0);
  });
  it("a construct character (not an eidolon) is living; an undead eidolon is living", () => {
    expect(pf2eUnaffected("character", ["construct"], false)).toEqual(["vitality"]);
    expect(pf2eUnaffected("npc", ["undead", "eidolon"], false)).toEqual(["vitality"]);
    expect(pf2eUnaffected("npc", ["construct"], false)).toEqual(["vitality", "void", "bleed"]);
    expect(pf2eUnaffected("npc", ["undead"], true)).toEqual(["void", "bleed"]);
  });
  it("the card names it unaffected, in en and de, not immune", () => {
    const ref = hit(zombie, 10, "void").trace.find((t) => t.step === "immunity")!.defenses[0]!;
    expect(describeDefense(ref, lang("en.json"))).toBe("Unaffected by Void");
    expect(describeDefense(ref, lang("de.json"))).toMatch(/^Nicht betroffen von /);
  });
  it("pf2e's imported resistances and weaknesses are named in pf2e's words, not FDR and DV", () => {
    const a = actor(["animal"], {}, "npc", { resistances: [{ type: "fire", value: 5 }], weaknesses: [{ type: "cold", value: 3 }] });
    const ref = (type: string, step: string) => hit(a, 10, type).trace.find((t) => t.step === step)!.defenses[0]!;
    expect(describeDefense(ref("fire", "fdr"), lang("en.json"))).toBe("Resistance 5 Fire");
    expect(describeDefense(ref("cold", "dv"), lang("en.json"))).toBe("Weakness 3 Cold");
    expect(describeDefense(ref("fire", "fdr"), lang("de.json"))).toBe("Resistenz 5 Feuer");
  });
});

describe("pf2e's doubleVs (Resistance#getDoubledValue, src/module/actor/data/iwr.ts; the shadow of Monster Core)", () => {
  // Monster Core's shadow: resistance all-damage 5, doubled against non-magical, except force, ghost-touch, vitality, spirit.
  const shadow = { name: "Shadow", type: "npc", system: { attributes: { hp: { value: 40, max: 40, negativeHealing: true }, resistances: [{ type: "all-damage", value: 5, doubleVs: ["non-magical"], exceptions: ["force", "ghost-touch", "vitality", "spirit"] }] }, traits: { value: ["incorporeal", "undead", "unholy"] } } };
  const strike = (amount: number, type: string, traits: string[]) =>
    run({ profile: PF2E_STEPS as never, defender: { defenses: importPf2e(shadow, { traitIWR: false }).defenses as never, resources: { hp: { value: 100 } } }, event: { parts: [{ amount, types: [type] }], traits } }).final;
  it("a non-magical hit meets the doubled resistance (10), a magical one the plain (5), force and ghost-touch none", () => {
    expect(strike(12, "slashing", [])).toBe(2);
    expect(strike(12, "slashing", ["magical"])).toBe(7);
    expect(strike(12, "fire", ["magical"])).toBe(7);
    expect(strike(12, "force", [])).toBe(12);
    expect(strike(12, "slashing", ["ghost-touch"])).toBe(12);
    expect(strike(8, "cold", [])).toBe(0);
  });
});
