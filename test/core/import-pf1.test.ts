/**
 * The PF1 importer (`core/import/pf1.ts`) on traits as PF1 v10.8 stores them
 * (foundryvtt/pf1 bee79fd5 `public/template.json` lines 702-730), and the
 * card's words for what it imports.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "../../src/cli/i18n.ts";
import { explainEntry, type Localizer } from "../../src/core/explain.ts";
import { detectSystem, importActor } from "../../src/core/import/index.ts";
import { importPf1 } from "../../src/core/import/pf1.ts";
import { run } from "./support.ts";

const lang = (name: string): Localizer => translator(JSON.parse(readFileSync(join(import.meta.dirname, "../../lang", name), "utf8")) as Parameters<typeof translator>[0]);
const pf1Actor = (traits: Record<string, unknown>) => ({ name: "Werewolf", type: "npc", system: { traits: { hardness: 0, cres: "", ...traits } } });

describe("PF1 importer", () => {
  it("reads DR with PF1's camelCase ids, OR and AND bypasses, and DR x/—", () => {
    const r = importPf1(pf1Actor({ dr: { value: [{ amount: 5, operator: true, types: ["alchemicalSilver", ""] }, { amount: 10, operator: false, types: ["magic", "coldIron"] }, { amount: 3, operator: true, types: ["", ""] }], custom: "" } }));
    expect(r.problems).toEqual([]);
    expect(r.defenses.reductions.map((d) => [d.value, d.ignoredBy ?? []])).toEqual([[5, ["alchemicalsilver"]], [10, ["magic&coldiron"]], [3, []]]);
    expect(r.defenses.reductions[0]!.types).toEqual(["bludgeoning", "piercing", "slashing"]);
    expect(r.defenses.reductions[0]!.template).toBe("import.pf1");
  });
  it("reports, never guesses: an unknown bypass, unreadable text, an unknown type, condition resistances", () => {
    const r = importPf1(pf1Actor({
      dr: { value: [{ amount: 5, operator: true, types: ["glass", ""] }], custom: "5/wishes; lots" },
      eres: { value: [{ amount: 10, operator: true, types: ["psychic", ""] }], custom: "" },
      di: { value: ["fire"], custom: ["mind-affecting effects"] },
      cres: "+4 vs poison",
    }));
    expect(r.problems.map((p) => p.path)).toEqual([
      "system.traits.dr.value.0", "system.traits.dr.custom.0", "system.traits.dr.custom.1", "system.traits.eres.value.0", "system.traits.di.custom.0", "system.traits.cres",
    ]);
    expect(r.defenses.immunities.map((i) => i.type)).toEqual(["fire"]);
  });
  it("reads hardness as one reduction of all damage per hit, and the older string forms", () => {
    const r = importPf1(pf1Actor({ hardness: 8, dr: "5/magic", eres: "fire 10; cold 5", di: { value: [], custom: "acid" } }));
    expect(r.problems).toEqual([]);
    expect(r.defenses.flat.map((f) => [f.type, f.value, f.perHit === true])).toEqual([["fire", 10, false], ["cold", 5, false], ["all", 8, true]]);
    expect(r.defenses.immunities.map((i) => i.type)).toEqual(["acid"]);
  });
  it("is detected by its stored system id or its traits' shape", () => {
    expect(detectSystem({ _stats: { systemId: "pf1" } })).toBe("pf1");
    expect(detectSystem(pf1Actor({ eres: { value: [], custom: "" } }))).toBe("pf1");
    expect(importActor(pf1Actor({ hardness: 5 }), "pf1").defenses.flat).toHaveLength(1);
  });
});

describe("the card's words for PF1's defenses", () => {
  const werewolf = importPf1(pf1Actor({ dr: { value: [{ amount: 5, operator: true, types: ["alchemicalSilver", ""] }], custom: "" }, eres: { value: [{ amount: 10, operator: true, types: ["fire", ""] }], custom: "" } })).defenses;
  const resolve = (parts: { amount: number; types: string[] }[], traits: string[]) => run({ profile: "pf1", defender: { defenses: werewolf as never, resources: { hp: { value: 40 } } }, event: { parts, traits } });
  it("DR 5/silver: −5, in English and German", () => {
    const entry = resolve([{ amount: 12, types: ["slashing"] }], ["coldiron"]).trace.find((e) => e.step === "pf1Dr")!;
    expect(explainEntry(entry, lang("en.json")).text).toBe("DR 5/Silver: −5.");
    expect(explainEntry(entry, lang("de.json")).text).toBe("SR 5/Silber: −5.");
  });
  it("a silver weapon overcomes it, and the card says so", () => {
    const entry = resolve([{ amount: 12, types: ["slashing"] }], ["alchemicalsilver"]).trace.find((e) => e.step === "pf1Dr")!;
    const text = explainEntry(entry, lang("en.json"));
    expect(text.text).toBe("Damage reduction overcome: no reduction.");
    expect(text.details).toEqual(["DR 5/Silver: overcome by this attack."]);
  });
  it("energy resistance is named as PF1 names it", () => {
    const entry = resolve([{ amount: 15, types: ["fire"] }], []).trace.find((e) => e.step === "fdr")!;
    expect(explainEntry(entry, lang("en.json")).defense).toBe("Resist Fire 10");
  });
});
