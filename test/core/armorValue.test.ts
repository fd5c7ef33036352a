/** Armor value step (000 Armor Value, Natural Armor, Layer Armor; RULES.md §2.6). */
import { describe, expect, it } from "vitest";
import { defensesSchema, type DefensesInput } from "../../src/core/model/defenses.ts";
import type { ProfileInput } from "../../src/core/model/profile.ts";
import { hit, run, type Case } from "./support.ts";

const KEY = "DAMAGECHAIN.Trace.armorValue";
type ArmorList = DefensesInput["armor"];

function armor(event: Case["event"], list: ArmorList, options: ProfileInput["options"] = {}) {
  return run({ profile: [{ step: "armorValue" }], options, event, defender: { defenses: { armor: list } } });
}

describe("armor value", () => {
  it("highest natural + highest layer + half the 2nd + half the 3rd; further layers ignored (000)", () => {
    const list: ArmorList = [
      { type: "slashing", value: 1, layer: "natural" },
      { type: "slashing", value: 2, layer: "natural" },
      { type: "slashing", value: 4, layer: "soft" },
      { type: "slashing", value: 6, layer: "hard", label: "Plate" },
      { type: "slashing", value: 2, layer: "soft" },
      { type: "slashing", value: 3, layer: "soft" },
    ];
    // 2 + 6 + half(4) + half(3) = 2 + 6 + 2 + 1 = 11; the 2-point layer is the fourth.
    const r = armor(hit(20, "slashing"), list);
    expect(r.final).toBe(9);
    expect(r.trace).toEqual([
      {
        step: "armorValue", in: 20, out: 9, key: `${KEY}.reduced`, params: { points: 11 },
        defenses: [
          { kind: "armor", type: "slashing", value: 2, layer: "natural" },
          { kind: "armor", type: "slashing", value: 6, layer: "hard", label: "Plate" },
          { kind: "armor", type: "slashing", value: 4, layer: "soft" },
          { kind: "armor", type: "slashing", value: 3, layer: "soft" },
        ],
        details: [{ key: "DAMAGECHAIN.Detail.typeValue", params: { type: "slashing", value: 11 } }],
      },
    ]);
  });

  it("the fourth layer really is ignored: removing it changes nothing", () => {
    const three: ArmorList = [{ type: "fire", value: 6, layer: "hard" }, { type: "fire", value: 4, layer: "soft" }, { type: "fire", value: 4, layer: "soft" }];
    const four: ArmorList = [...three, { type: "fire", value: 4, layer: "soft" }];
    expect(armor(hit(20, "fire"), three).final).toBe(20 - 10);
    expect(armor(hit(20, "fire"), four).final).toBe(20 - 10);
  });

  it("rounding of the halves is a profile option: down (default), up, nearest", () => {
    const list: ArmorList = [{ type: "fire", value: 5, layer: "hard" }, { type: "fire", value: 3, layer: "soft" }, { type: "fire", value: 1, layer: "soft" }];
    expect(armor(hit(20, "fire"), list).final).toBe(20 - (5 + 1 + 0));
    expect(armor(hit(20, "fire"), list, { rounding: "down" }).final).toBe(20 - (5 + 1 + 0));
    expect(armor(hit(20, "fire"), list, { rounding: "up" }).final).toBe(20 - (5 + 2 + 1));
    expect(armor(hit(20, "fire"), list, { rounding: "nearest" }).final).toBe(20 - (5 + 2 + 1));
    const even: ArmorList = [{ type: "fire", value: 5, layer: "hard" }, { type: "fire", value: 4, layer: "soft" }];
    for (const rounding of ["down", "up", "nearest"] as const) expect(armor(hit(20, "fire"), even, { rounding }).final).toBe(20 - 7);
  });

  it("natural armor alone counts in full", () => {
    expect(armor(hit(10, "cold"), [{ type: "cold", value: 3, layer: "natural" }]).final).toBe(7);
  });

  it("an ignored layer lets the next one move up", () => {
    const list: ArmorList = [{ type: "fire", value: 6, layer: "hard", ignoredBy: ["imbued"] }, { type: "fire", value: 4, layer: "soft" }, { type: "fire", value: 2, layer: "soft" }];
    expect(armor(hit(20, "fire"), list).final).toBe(20 - (6 + 2 + 1));
    expect(armor(hit(20, "fire", { traits: ["imbued"] }), list).final).toBe(20 - (4 + 1));
  });

  it("an ignored natural armor falls back to the next natural armor", () => {
    const list: ArmorList = [{ type: "fire", value: 5, layer: "natural", condition: "noAdvantage" }, { type: "fire", value: 2, layer: "natural" }];
    expect(armor(hit(10, "fire"), list).final).toBe(5);
    expect(armor(hit(10, "fire", { traits: ["advantage"] }), list).final).toBe(8);
  });

  it("`all` armor covers every type and counts as a layer of each", () => {
    const list: ArmorList = [{ type: "all", value: 2, layer: "soft" }, { type: "cold", value: 4, layer: "hard" }];
    expect(armor(hit(10, "cold"), list).final).toBe(10 - (4 + 1));
    expect(armor(hit(10, "fire"), list).final).toBe(10 - 2);
  });

  it("a part of several types uses its type with the best armor", () => {
    const list: ArmorList = [{ type: "fire", value: 2, layer: "hard" }, { type: "cold", value: 5, layer: "natural" }];
    const r = armor(hit(10, ["fire", "cold"]), list);
    expect(r.final).toBe(5);
    expect(r.trace[0]).toMatchObject({ params: { points: 5 }, details: [{ params: { type: "cold", value: 5 } }] });
  });

  it("each part loses its own type's armor value, never below 0", () => {
    const list: ArmorList = [{ type: "slashing", value: 3, layer: "hard" }, { type: "fire", value: 9, layer: "natural" }];
    const r = armor({ parts: [{ amount: 5, types: ["slashing"] }, { amount: 4, types: ["fire"] }, { amount: 2, types: ["acid"] }] }, list);
    expect(r.final).toBe(2 + 0 + 2);
    expect(r.trace[0]).toMatchObject({ params: { points: 7 }, details: [{ params: { type: "slashing", value: 3 } }, { params: { type: "fire", value: 9 } }] });
  });

  it("no armor for the type, or no damage: nothing happens", () => {
    expect(armor(hit(10, "acid"), [{ type: "fire", value: 3, layer: "hard" }]).trace[0]).toMatchObject({ key: `${KEY}.none`, in: 10, out: 10 });
    expect(armor(hit(0, "fire"), [{ type: "fire", value: 3, layer: "hard" }]).trace[0]!.key).toBe(`${KEY}.none`);
  });

  it("a second Hard layer is refused with an error naming the entry (000: only one Hard armor)", () => {
    expect(() => armor(hit(10), [{ type: "physical", value: 3, layer: "hard" }, { type: "physical", value: 2, layer: "hard" }])).toThrow(/Only one armor piece may be Hard/);
  });

  describe("one worn piece with a value per damage type (000: AV 'for each Damage Type')", () => {
    /** The refusals of the defenses schema for `list`: [path, the rule's lang key]. */
    const refusals = (list: ArmorList) => {
      const r = defensesSchema.safeParse({ armor: list });
      return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.code === "custom" ? (i.params as { key?: string } | undefined)?.key : i.code]);
    };

    it("plate with two types is ONE Hard layer: accepted, and each type uses its own value", () => {
      const list: ArmorList = [
        { type: "physical", value: 6, layer: "hard", piece: "plate" },
        { type: "fire", value: 3, layer: "hard", piece: "plate" },
        { type: "physical", value: 4, layer: "soft", piece: "gambeson" },
      ];
      expect(refusals(list)).toEqual([]);
      // Physical: plate 6 + half the gambeson's 4 = 8. Fire: only the plate, 3.
      expect(armor(hit(20, "physical"), list).final).toBe(20 - 8);
      const fire = armor(hit(20, "fire"), list);
      expect(fire.final).toBe(20 - 3);
      expect(fire.trace[0]!.defenses).toEqual([{ kind: "armor", type: "fire", value: 3, layer: "hard" }]);
    });

    it("two Hard pieces are refused at the second piece's layer; an entry without a piece is a piece of its own", () => {
      const plate = [{ type: "physical", value: 6, layer: "hard", piece: "plate" }, { type: "fire", value: 3, layer: "hard", piece: "plate" }] as const;
      expect(refusals([...plate, { type: "physical", value: 2, layer: "hard", piece: "helm" }])).toEqual([["armor.2.layer", "DAMAGECHAIN.Validation.HardLayer"]]);
      expect(refusals([...plate, { type: "cold", value: 2, layer: "hard" }])).toEqual([["armor.2.layer", "DAMAGECHAIN.Validation.HardLayer"]]);
      expect(refusals([{ type: "cold", value: 2, layer: "hard" }, ...plate])).toEqual([["armor.1.layer", "DAMAGECHAIN.Validation.HardLayer"], ["armor.2.layer", "DAMAGECHAIN.Validation.HardLayer"]]);
      expect(() => armor(hit(10), [...plate, { type: "physical", value: 2, layer: "hard", piece: "helm" }])).toThrow(/Only one armor piece may be Hard/);
    });

    it("one piece of mixed layer kinds is refused, naming the entry's layer", () => {
      const list: ArmorList = [{ type: "physical", value: 6, layer: "hard", piece: "plate" }, { type: "fire", value: 3, layer: "soft", piece: "plate" }];
      expect(refusals(list)).toEqual([["armor.1.layer", "DAMAGECHAIN.Validation.PieceLayer"]]);
      expect(() => armor(hit(10), list)).toThrow(/Every row of piece \\"plate\\" needs the same layer: Hard/);
      expect(refusals([{ type: "fire", value: 1, layer: "natural", piece: "hide" }, { type: "cold", value: 1, layer: "soft", piece: "hide" }])).toEqual([["armor.1.layer", "DAMAGECHAIN.Validation.PieceLayer"]]);
    });

    it("a piece with `all` and a specific type counts once per type, with its best entry covering it", () => {
      const list: ArmorList = [
        { type: "physical", value: 6, layer: "hard", piece: "plate" },
        { type: "all", value: 2, layer: "hard", piece: "plate" },
        { type: "fire", value: 4, layer: "soft", piece: "coat" },
      ];
      // Physical: plate 6 (its `all 2` is the same layer, not a second one). Fire: coat 4 + half the plate's 2 = 5.
      expect(armor(hit(20, "physical"), list).final).toBe(20 - 6);
      expect(armor(hit(20, "fire"), list).final).toBe(20 - 5);
      expect(armor(hit(20, "acid"), list).final).toBe(20 - 2);
      // The same entries without pieces are three layers (and two Soft ones stand in for the Hard pair): physical 6 + half 2 = 7.
      const loose: ArmorList = [{ type: "physical", value: 6, layer: "soft" }, { type: "all", value: 2, layer: "soft" }];
      expect(armor(hit(20, "physical"), loose).final).toBe(20 - 7);
      expect(armor(hit(20, "physical"), loose.map((a) => ({ ...a, piece: "mail" }))).final).toBe(20 - 6);
    });

    it("an ignored entry of a piece lets the piece's next entry for the type stand in", () => {
      const list: ArmorList = [{ type: "fire", value: 5, layer: "hard", piece: "plate", ignoredBy: ["imbued"] }, { type: "all", value: 2, layer: "hard", piece: "plate" }];
      expect(armor(hit(10, "fire"), list).final).toBe(10 - 5);
      expect(armor(hit(10, "fire", { traits: ["imbued"] }), list).final).toBe(10 - 2);
    });

    it("pieces are ordered per type by their best entry: highest in full, half the 2nd and 3rd, the 4th ignored", () => {
      const list: ArmorList = [
        { type: "physical", value: 6, layer: "hard", piece: "plate", label: "Plate" },
        { type: "fire", value: 1, layer: "hard", piece: "plate", label: "Plate" },
        { type: "fire", value: 4, layer: "soft", piece: "coat", label: "Coat" },
        { type: "physical", value: 2, layer: "soft", piece: "coat", label: "Coat" },
        { type: "all", value: 3, layer: "soft", piece: "cloak", label: "Cloak" },
        { type: "fire", value: 2, layer: "soft", label: "Sash" },
        { type: "fire", value: 1, layer: "natural", piece: "hide" },
        { type: "fire", value: 2, layer: "natural", piece: "hide" },
      ];
      // Physical: plate 6 + half cloak 3 + half coat 2 = 6 + 1 + 1 = 8 (the sash has no physical value).
      expect(armor(hit(20, "physical"), list).final).toBe(20 - 8);
      // Fire: natural 2 (highest) + coat 4 + half cloak 3 + half sash 2 = 2 + 4 + 1 + 1 = 8; the plate's fire 1 is the 4th layer.
      const fire = armor(hit(20, "fire"), list);
      expect(fire.final).toBe(20 - 8);
      expect(fire.trace[0]!.defenses!.map((d) => [d.label ?? d.layer, d.value])).toEqual([["natural", 2], ["Coat", 4], ["Cloak", 3], ["Sash", 2]]);
    });
  });

  it("layered-armor chain: armor sits after BDR and DV and before FDN/FDR", () => {
    const defenses: DefensesInput = {
      flat: [{ kind: "BDR", type: "physical", value: 2 }, { kind: "DV", type: "physical", value: 1 }, { kind: "FDR", type: "physical", value: 1 }],
      armor: [{ type: "physical", value: 4, layer: "hard" }, { type: "physical", value: 2, layer: "soft" }],
    };
    const r = run({ profile: [{ step: "bdr" }, { step: "dv" }, { step: "armorValue" }, { step: "fdr" }], event: hit(12), defender: { defenses } });
    expect(r.trace.map((t) => [t.step, t.in, t.out])).toEqual([["bdr", 12, 10], ["dv", 10, 11], ["armorValue", 11, 6], ["fdr", 6, 5]]);
  });
});
