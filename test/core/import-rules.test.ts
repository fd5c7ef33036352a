/**
 * The import says which rules now apply: imported dnd5e traits
 * follow the profile's rules, said in the GM's language (en and de).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Localizer } from "../../src/core/explain.ts";
import { importDnd5e } from "../../src/core/import/dnd5e.ts";
import { describeImportRules, importRuleNotes } from "../../src/core/import/rules-note.ts";
import { profileSchema } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";

function localizer(lang: string): Localizer {
  const flat = new Map<string, string>();
  const walk = (o: Record<string, unknown>, pre: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === "string") flat.set(pre + k, v);
      else walk(v as Record<string, unknown>, `${pre}${k}.`);
    }
  };
  walk(JSON.parse(readFileSync(join(import.meta.dirname, "../../lang", `${lang}.json`), "utf8")) as Record<string, unknown>, "");
  return { has: (k) => flat.has(k), format: (k, p) => (flat.get(k) ?? k).replace(/\{(\w+)\}/g, (m, n: string) => p?.[n] ?? m) };
}

const profile = (id: string) => BUILT_IN_PROFILES.find((p) => p.id === id)!;
const ghoul = importDnd5e({ name: "Ghoul", system: { attributes: { hp: { dt: 5 } }, traits: { di: { value: ["poison"] }, dr: { value: ["slashing"] }, dv: { value: ["radiant"] }, dm: { amount: { fire: "-2" } } } } }).defenses;

describe("what an import of dnd5e traits means under a profile", () => {
  it("revised-4e: the 001 halves, rounded down; dm and dt imported but unread", () => {
    expect(describeImportRules(profile("revised-4e"), ghoul, localizer("en"))).toBe(
      "Revised 4E resistances (001): an immunity stops damage of its type; a resistance removes half, rounded down; a vulnerability adds half (not dnd5e's half and double); "
        + "damage modifications are imported, but this profile has no BDR, FDR or DV step to read them; the damage threshold is imported, but this profile has no Final Damage Negate step to read it",
    );
  });
  it("in German", () => {
    expect(describeImportRules(profile("revised-4e"), ghoul, localizer("de"))).toMatch(/^Überarbeitete 4E-Resistenzen \(001\): eine Immunität hält Schaden ihres Typs auf; eine Resistenz nimmt die Hälfte weg, abgerundet; /);
  });
  it("layered-armor: dm spent once per hit, dt as a Final Damage Negate; resistances unread", () => {
    expect(importRuleNotes(profile("layered-armor"), ghoul).map((n) => n.key)).toEqual([
      "DAMAGECHAIN.ImportRules.immunityUnread",
      "DAMAGECHAIN.ImportRules.resistanceUnread",
      "DAMAGECHAIN.ImportRules.modification",
      "DAMAGECHAIN.ImportRules.threshold",
    ]);
  });
  it("a profile that rounds halves up says so", () => {
    const up = profileSchema.parse({ id: "up", name: "Up", steps: [{ step: "resistance" }], options: { rounding: "up" } });
    expect(describeImportRules(up, ghoul, localizer("en"))).toContain("a resistance removes half, rounded up");
  });
  it("the dnd5e profile reads the actor's traits itself", () => {
    expect(importRuleNotes(profile("dnd5e"), ghoul)[0]!.key).toBe("DAMAGECHAIN.ImportRules.dnd5eLive");
  });
  it("nothing imported: nothing to say", () => {
    expect(describeImportRules(profile("revised-4e"), importDnd5e({ system: {} }).defenses, localizer("en"))).toBe("");
  });
});
