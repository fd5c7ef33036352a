/**
 * dnd5e's per-target tray options as a change of the chain's defenses
 * (`core/import/dnd5e-tray.ts`), against dnd5e 5.3.3's
 * `#changeIsIgnored` / `#changeHasEffect` (foundryvtt/dnd5e
 * `module/documents/actor/actor.mjs`): per type, `true` for every type,
 * `ALL` for the whole category, downgrade of an immunity to a resistance.
 */
import { describe, expect, it } from "vitest";
import { applyTrayOptions } from "../../src/core/import/dnd5e-tray.ts";
import { defensesSchema } from "../../src/core/model/defenses.ts";

const defenses = defensesSchema.parse({
  immunities: [{ type: "fire" }, { tag: "spell" }],
  resistances: [{ type: "fire" }, { type: "cold" }, { type: "all", limit: 1 }],
  vulnerabilities: [{ type: "fire" }],
  flat: [{ kind: "FDR", type: "fire", value: 2 }, { kind: "DV", type: "fire", value: 1 }],
});

describe("dnd5e tray options", () => {
  it("nothing set: the same defenses object, no change", () => {
    const out = applyTrayOptions(defenses, ["fire"], {});
    expect(out.defenses).toBe(defenses);
    expect(out.changes).toEqual([]);
  });

  it("a per-type ignore leaves out that type's entries for a hit of that type, never the `all` ones or other types", () => {
    const out = applyTrayOptions(defenses, ["fire"], { ignore: { resistance: new Set(["fire"]), immunity: new Set(["fire"]) } });
    expect(out.defenses.resistances).toEqual([{ type: "cold" }, { type: "all", limit: 1 }]);
    expect(out.defenses.flat).toEqual([{ kind: "DV", type: "fire", value: 1, natural: false }]);
    expect(out.defenses.immunities.map((i) => i.type ?? i.tag)).toEqual(["spell"]);
    expect(out.changes).toEqual([{ change: "ignored", category: "immunity", type: "fire" }, { change: "ignored", category: "resistance", type: "fire" }]);
    expect(applyTrayOptions(defenses, ["cold"], { ignore: { resistance: new Set(["fire"]) } }).changes).toEqual([]);
  });

  it("`ignore: true` and `ALL` leave out the whole category, `all` entries too; a tag immunity stays", () => {
    const all = applyTrayOptions(defenses, ["fire"], { ignore: true });
    expect(all.defenses.immunities).toEqual([{ tag: "spell" }]);
    expect(all.defenses.vulnerabilities).toEqual([]);
    expect(all.defenses.resistances).toEqual([{ type: "cold" }]); // cold is not this hit's type
    expect(applyTrayOptions(defenses, ["fire"], { ignore: { resistance: new Set(["ALL"]) } }).defenses.resistances).toEqual([{ type: "cold" }]);
  });

  it("a downgraded immunity becomes a resistance of its type", () => {
    const out = applyTrayOptions(defenses, ["fire"], { downgrade: new Set(["fire"]) });
    expect(out.defenses.immunities.map((i) => i.type ?? i.tag)).toEqual(["spell"]);
    expect(out.defenses.resistances.filter((r) => r.type === "fire")).toHaveLength(2);
    expect(out.changes).toEqual([{ change: "downgraded", category: "immunity", type: "fire" }]);
  });
});
