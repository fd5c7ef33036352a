/**
 * pf2e's apply-once weaknesses beyond holy and unholy (water, the magic
 * traditions, spells…) and its `magical` predicate, in replace mode: the
 * adapter reads the roll's options as pf2e's `IWR#describe` does
 * (foundryvtt/pf2e `src/module/actor/data/iwr.ts` at 05141a62), the chain
 * adds such a weakness once per roll as `applyIWR` does (`iwr.ts` at
 * 05066b10, `applyOnceWeaknesses`). Double: `pf2e-double.ts`.
 */
import { describe, expect, it } from "vitest";
import { settle } from "./double.ts";
import { applyDamagePf2e, damageRoll } from "./pf2e-double.ts";
import { chainCards, connect, creature, damageTaken, hp, usePf2eWorld, world } from "./pf2e-world.ts";

usePf2eWorld();

describe("replace mode: pf2e's apply-once weaknesses and its magical predicate", () => {
  it("water on two instances, a tradition action, a spell: each weakness once per roll, pf2e's own numbers (after mode)", async () => {
    const iwr = [
      { weaknesses: [{ type: "water", value: 5 }], resistances: [{ type: "fire", value: 3 }] },
      { weaknesses: [{ type: "arcane", value: 5 }] },
      { weaknesses: [{ type: "spells", value: 3 }] },
      { weaknesses: [{ type: "water", value: 5 }] },
    ];
    const hits: [number, string][][] = [[[10, "fire"], [4, "bludgeoning"]], [[6, "force"]], [[8, "cold"], [2, "fire"]], [[6, "fire"]]];
    const options = [["item:trait:water"], ["origin:action:trait:arcane"], ["item:type:spell", "item:trait:cold"], ["item:type:weapon"]];
    await connect();
    const after = await damageTaken("after", (k) => iwr[k]!, hits, options);
    // By hand: 10−3 + 4 + 5 once; 6 + 5; 8 + 2 + 3 once; 6 (no water).
    expect(after).toEqual([16, 11, 13, 6]);
    expect(await damageTaken("replace", (k) => iwr[k]!, hits, options)).toEqual(after);
    const { drawn } = await import("./drawn.ts");
    // The first replace-mode card (after mode wrote four before it).
    expect(await drawn(chainCards().at(-4)!)).toMatch(/Weakness 5 Water/);
  });

  it("a divine action (origin:action:trait:divine) is magical: it passes a resistance to physical except magical; a plain strike meets it", async () => {
    const wraith = creature("wraith", { resistances: [{ type: "physical", value: 5, exceptions: ["magical"] }] });
    const other = creature("other", { resistances: [{ type: "physical", value: 5, exceptions: ["magical"] }] });
    await connect();
    await world.setSetting("damage-chain.pf2eMode", "replace");
    await applyDamagePf2e(wraith, { damage: damageRoll([10, "slashing"]), rollOptions: new Set(["origin:action:trait:divine"]) });
    await applyDamagePf2e(other, { damage: damageRoll([10, "slashing"]), rollOptions: new Set(["item:type:weapon"]) });
    await settle();
    expect([hp(wraith).value, hp(other).value]).toEqual([20, 25]);
  });
});
