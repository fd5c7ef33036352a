/**
 * Differential: the `daggerheart` profile's arithmetic (`core/daggerheart/rules.ts`)
 * against Daggerheart's own methods, loaded at run time from a source tree
 * given by `DAGGERHEART_SRC` (a checkout of Foundryborne/daggerheart). Skipped
 * when it is unset. Compared on every combination of the traits below:
 * `calculateDamage` (with `getResistanceStatus`, `getDamageTypeReduction`)
 * and `convertDamageToThreshold`. The adversary branch of `takeDamage`
 * (reduced severity, minor immunity) is inline in that method, between the
 * armor prompt and the write, so it cannot be isolated: the hand-computed
 * table covers it (`daggerheart-profile.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { calculateDamage, damageToMarks } from "../../src/core/daggerheart/rules.ts";
import { daggerheartTraitsSchema } from "../../src/core/model/daggerheart.ts";
import { loadDaggerheartActor, loadMethods } from "./daggerheart-source.ts";

const SRC = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.DAGGERHEART_SRC;

describe("loading a method from a source text", () => {
  it("cuts out each named method by its braces and evaluates it alone", () => {
    const text = "import X from './x.mjs';\nclass A extends X {\n    twice(n) {\n        if (n) { return n * 2; }\n        return 0;\n    }\n\n    async later() { return 1; }\n}\n";
    const m = loadMethods(text, ["twice", "later"]);
    expect(m.twice!(4)).toBe(8);
    expect(() => loadMethods(text, ["missing"])).toThrow("method missing not found");
  });
});

describe.skipIf(SRC === undefined)("the Daggerheart profile against Daggerheart's own actor methods (DAGGERHEART_SRC)", () => {
  it("calculateDamage and convertDamageToThreshold agree on every case", () => {
    const m = loadDaggerheartActor(SRC!, ["getResistanceStatus", "calculateDamage", "getDamageTypeReduction", "convertDamageToThreshold"]);
    const g = globalThis as Record<string, unknown>;
    const saved = { game: g.game, CONFIG: g.CONFIG };
    let massive = false;
    g.CONFIG = { DH: { id: "daggerheart", SETTINGS: { gameSettings: { variantRules: "VariantRules" } } } };
    g.game = { settings: { get: () => ({ massiveDamage: { enabled: massive } }) } };
    const flags = [[false, false], [true, false], [false, true], [true, true]] as const;
    let cases = 0;
    try {
      for (const [pr, pi] of flags) for (const [mr, mi] of flags) for (const pred of [0, 2]) for (const mred of [0, 3]) for (const types of [["physical"], ["magical"], ["physical", "magical"], []]) {
        const resistance = { physical: { resistance: pr, immunity: pi, reduction: pred }, magical: { resistance: mr, immunity: mi, reduction: mred } };
        for (const [major, severe] of [[8, 13], [5, 10], [0, 0]] as const) for (const on of [false, true]) {
          massive = on;
          const self = { system: { resistance, damageThresholds: { major, severe } }, ...m } as Record<string, unknown>;
          const traits = daggerheartTraitsSchema.parse({ resistance, major, severe, massive: on });
          for (const damage of [0, 1, 5, 7, 8, 12, 13, 19, 25, 26, 40]) {
            const theirs = (m.calculateDamage as (this: unknown, d: number, t: string[]) => number).call(self, damage, types);
            expect([damage, types, calculateDamage(traits, damage, types)]).toEqual([damage, types, theirs]);
            const marks = (m.convertDamageToThreshold as (this: unknown, d: number) => number).call(self, theirs);
            expect([theirs, major, severe, on, damageToMarks(traits, theirs)]).toEqual([theirs, major, severe, on, marks]);
            cases++;
          }
        }
      }
    } finally {
      g.game = saved.game;
      g.CONFIG = saved.CONFIG;
    }
    expect(cases).toBeGreaterThan(10_000);
  });
});
