import { describe, expect, it } from "vitest";
import { defensesSchema } from "../../src/core/model/defenses.ts";
import { profileOptionsSchema } from "../../src/core/model/profile.ts";
import { effectiveDefenses } from "../../src/core/normalize.ts";
import { explainWarning } from "../../src/core/explain.ts";
import { loadEnglish } from "../../src/cli/i18n.ts";

const en = loadEnglish();
import { hit, run } from "./support.ts";

const options = profileOptionsSchema.parse({ damageTypes: ["physical", "fire", "cold"] });

describe("effectiveDefenses (004 invulnerability, non-stacking groups; 001 bundles)", () => {
  it("refuses the newest immunity that would complete immunity to every type", () => {
    const d = defensesSchema.parse({ immunities: [{ type: "fire" }, { type: "cold" }, { type: "physical", label: "Stoneskin" }] });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses.immunities.map((i) => i.type)).toEqual(["fire", "cold"]);
    expect(eff.warnings).toEqual([{ path: "defenses.immunities[2]", key: "DAMAGECHAIN.Warning.Invulnerable", params: { label: "Stoneskin" } }]);
  });

  it("a frozen defenses object (stored flags as read) kept as in force is checked again under other options", () => {
    const d = Object.freeze(defensesSchema.parse({ immunities: [{ type: "fire" }, { type: "physical", label: "Stoneskin" }] }));
    const wide = profileOptionsSchema.parse({ damageTypes: ["physical", "fire", "cold"] });
    const narrow = profileOptionsSchema.parse({ damageTypes: ["physical", "fire"] });
    const other = Object.freeze(defensesSchema.parse({}));
    for (let i = 0; i < 2; i++) {
      expect(effectiveDefenses(d, wide)).toEqual({ defenses: d, warnings: [] });
      effectiveDefenses(other, wide); // another object in between: `d` is read from the kept entry
      expect(effectiveDefenses(d, wide).defenses).toBe(d);
      // Under options whose every type it is immune to, the newest immunity is refused (004).
      expect(effectiveDefenses(d, narrow).warnings.map((w) => w.params)).toEqual([{ label: "Stoneskin" }]);
      effectiveDefenses(other, wide);
    }
  });

  it("counts a non-physical immunity as every type but physical", () => {
    const d = defensesSchema.parse({ immunities: [{ type: "non-physical" }, { type: "physical" }] });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses.immunities.map((i) => i.type)).toEqual(["non-physical"]);
    expect(eff.warnings).toEqual([{ path: "defenses.immunities[1]", key: "DAMAGECHAIN.Warning.InvulnerableTypes", params: { types: ["physical"] } }]);
  });

  it("refuses unconditional ongoing prevention of everything, but keeps conditional immunities", () => {
    const d = defensesSchema.parse({
      immunities: [{ type: "fire" }, { type: "cold", condition: "advantage" }],
      prevention: [{ kind: "ongoing", label: "Aegis" }],
    });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses.immunities).toHaveLength(2);
    expect(eff.defenses.prevention).toHaveLength(0);
    expect(eff.warnings.map((w) => w.path)).toEqual(["defenses.prevention[0]"]);
  });

  it("counts ongoing prevention of type `all` as covering every type (as the prevention step does)", () => {
    const d = defensesSchema.parse({ prevention: [{ kind: "ongoing", types: ["all"], label: "Aegis of all" }] });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses.prevention).toHaveLength(0);
    expect(eff.warnings).toEqual([{ path: "defenses.prevention[0]", key: "DAMAGECHAIN.Warning.Invulnerable", params: { label: "Aegis of all" } }]);
  });

  it("passes type immunities through untouched when they cannot cover every type together", () => {
    const d = defensesSchema.parse({ immunities: [{ type: "fire" }, { type: "cold" }, { type: "physical", condition: "advantage" }], prevention: [{ kind: "ongoing", types: ["fire"] }] });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses).toBe(d);
    expect(eff.warnings).toEqual([]);
  });

  it("names a refused entry by its place in the GM's list, even after a non-stacking entry before it was dropped", () => {
    const d = defensesSchema.parse({
      immunities: [{ type: "fire", group: "g" }, { type: "poison", group: "g" }, { type: "cold" }, { type: "physical" }],
    });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses.immunities.map((i) => i.type)).toEqual(["fire", "cold"]);
    expect(eff.warnings.map((w) => [w.path, w.key])).toEqual([
      ["defenses.immunities[1]", "DAMAGECHAIN.Warning.NonStacking"],
      ["defenses.immunities[3]", "DAMAGECHAIN.Warning.InvulnerableTypes"],
    ]);
  });

  it("keeps only the first entry of a non-stacking group", () => {
    const d = defensesSchema.parse({
      immunities: [{ type: "poison", group: "004-immunity-spells", label: "Poison Immunity" }],
      prevention: [{ kind: "oneTime", id: "mb", group: "004-immunity-spells", label: "Mind Blank" }],
    });
    const eff = effectiveDefenses(d, options);
    expect(eff.defenses.prevention).toHaveLength(0);
    expect(eff.warnings).toEqual([
      {
        path: "defenses.prevention[0]",
        key: "DAMAGECHAIN.Warning.NonStacking",
        params: { group: "004-immunity-spells" },
        defense: { kind: "oneTimePrevention", label: "Mind Blank" },
        others: [{ kind: "immunity", type: "poison", label: "Poison Immunity" }],
      },
    ]);
    // The GM reads the kind and label of the first entry, never its path.
    expect(explainWarning(eff.warnings[0]!, en)).toBe('Not used: it does not stack with Immune Poison (Poison Immunity) (group "004-immunity-spells").');
    const ring = defensesSchema.parse({ resistances: [{ type: "cold", limit: 5, group: "ring", label: "ring" }, { type: "fire", limit: 5, group: "ring" }] });
    expect(explainWarning(effectiveDefenses(ring, options).warnings[0]!, en)).toBe('Not used: it does not stack with Resist 5 Cold (ring) (group "ring").');
  });

  it("expands Swarm into resistances, vulnerabilities and a forced-movement condition immunity", () => {
    const d = defensesSchema.parse({ keywords: ["swarm"] });
    const eff = effectiveDefenses(d, options).defenses;
    expect(eff.resistances).toEqual([expect.objectContaining({ type: "all", condition: "noBurstBlast", template: "keyword:swarm" })]);
    expect(eff.vulnerabilities.map((v) => [v.type, v.condition])).toEqual([["all", "burstBlast"], ["poison", undefined]]);
    expect(eff.conditionImmunities).toEqual([expect.objectContaining({ gains: "forcedMovement", condition: "noBurstBlast" })]);
  });

  it("passes plain defenses through untouched and caches the rest per defenses and options", () => {
    const plain = defensesSchema.parse({ resistances: [{ type: "fire" }] });
    expect(effectiveDefenses(plain, options).defenses).toBe(plain);
    const grouped = defensesSchema.parse({ keywords: ["insubstantial"] });
    const first = effectiveDefenses(grouped, options);
    expect(effectiveDefenses(grouped, options)).toBe(first);
    const other = profileOptionsSchema.parse({});
    expect(effectiveDefenses(grouped, other)).not.toBe(first);
    expect(effectiveDefenses(grouped, other).defenses.resistances).toHaveLength(2);
  });

  it("reports refusals in the resolve result and the refused immunity does not protect", () => {
    const r = run({
      profile: [{ step: "immunity" }],
      options: { damageTypes: ["physical", "fire"] },
      defender: { defenses: { immunities: [{ type: "physical" }, { type: "fire" }] } },
      event: hit(6, "fire"),
    });
    expect(r.final).toBe(6);
    expect(r.prevented).toBe(false);
    expect(r.warnings.map((w) => w.path)).toEqual(["defenses.immunities[1]"]);
  });
});
