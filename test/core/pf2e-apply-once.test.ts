/**
 * pf2e's apply-once weaknesses beyond holy and unholy, and its `magical`
 * predicate, through the pf2e importer and the pf2e profile.
 *
 * What pf2e does (foundryvtt/pf2e):
 * - `src/module/actor/data/iwr.ts` at 05141a62, `NON_DAMAGE_WEAKNESSES`
 *   (~l. 392): the magic traditions, air, earth, ghost-touch, holy, metal,
 *   plant, radiation, salt-water, salt, spells, unholy, water, wood are
 *   "applied separately as untyped damage"; `src/module/system/damage/iwr.ts`
 *   at 05066b10 `applyIWR` (~l. 40): such a weakness whose predicate holds
 *   for some instance (with the roll's options) is added ONCE to the roll,
 *   after every instance's immunity, weakness and resistance.
 * - `IWR#describe` (same file, l. 51–206): air, earth, metal, radiation,
 *   water, wood → `item:trait:<w>`; arcane, divine, occult, primal →
 *   `item:trait:<t>` or `origin:action:trait:<t>`; ghost-touch → the
 *   astral, ghost-touch or greater astral property rune; spells → a spell,
 *   an item from a spell or an impulse; plant, salt, salt-water have no case
 *   there (`unhandled:<w>`, never true): pf2e never applies them.
 * - `magical` (l. 108–117) is `item:magical` or `origin:action:trait:magical`
 *   or `origin:action:trait:<tradition>`; `non-magical` (l. 120–121) is
 *   only `not item:magical`.
 * The event's traits are the words the pf2e adapter puts on it
 * (`src/foundry/systems/pf2e/apply-damage.ts`, `pf2eRollWords`).
 */
import { describe, expect, it } from "vitest";
import { importPf2e } from "../../src/core/import/pf2e.ts";
import { pf2eRollWords } from "../../src/core/import/pf2e-hit-words.ts";
import { run } from "./support.ts";

type Iwr = { type: string; value?: number; exceptions?: string[]; doubleVs?: string[] };
const npc = (iwr: { immunities?: Iwr[]; weaknesses?: Iwr[]; resistances?: Iwr[] }) => ({ name: "c", type: "npc", system: { attributes: { hp: { value: 100, max: 100 }, ...iwr }, traits: { value: ["elemental"] } } });
const parts = (text: string) => text.split(" + ").map((p) => {
  const [amount, type] = p.split(" ");
  return { amount: Number(amount), types: [type!] };
});
const dealt = (creature: ReturnType<typeof npc>, hit: string, traits: string[]) =>
  run({ profile: "pf2e", defender: { defenses: importPf2e(creature).defenses as never, resources: { hp: { value: 1000 } } }, event: { parts: parts(hit), traits } }).final;

const C = {
  waterWeak: npc({ weaknesses: [{ type: "water", value: 5 }], resistances: [{ type: "fire", value: 3 }] }),
  fireImmune: npc({ immunities: [{ type: "fire" }], weaknesses: [{ type: "water", value: 5 }] }),
  arcaneWeak: npc({ weaknesses: [{ type: "arcane", value: 5 }, { type: "force", value: 2 }] }),
  spellsWeak: npc({ weaknesses: [{ type: "spells", value: 3 }] }),
  ghostWeak: npc({ weaknesses: [{ type: "ghost-touch", value: 5 }] }),
  saltWeak: npc({ weaknesses: [{ type: "salt", value: 5 }, { type: "plant", value: 5 }] }),
  waterResistant: npc({ resistances: [{ type: "water", value: 5 }] }),
  physicalExceptMagical: npc({ resistances: [{ type: "physical", value: 5, exceptions: ["magical"] }] }),
  shadow: npc({ resistances: [{ type: "all-damage", value: 5, doubleVs: ["non-magical"], exceptions: ["force", "ghost-touch", "vitality", "spirit"] }] }),
};

describe("pf2e's apply-once weaknesses: import", () => {
  it("a weakness to water, a tradition, spells or ghost-touch is a DV once per hit, apart, against its word", () => {
    for (const type of ["water", "air", "earth", "metal", "wood", "radiation", "arcane", "divine", "occult", "primal", "spells", "ghost-touch"]) {
      const { defenses, creature } = importPf2e(npc({ weaknesses: [{ type, value: 5 }] }));
      expect(defenses.flat, type).toEqual([{ type: "all", kind: "DV", value: 5, natural: false, template: "import.pf2e", onlyWith: [type], perHit: true, apart: true }]);
      expect(creature.effects, type).toEqual([{ list: "weaknesses", type, value: 5, applied: true }]);
    }
  });
  it("a weakness to salt, salt water or plant is kept as an effect the chain does not apply (pf2e's IWR#describe has no predicate for it)", () => {
    const { defenses, creature } = importPf2e(npc({ weaknesses: [{ type: "salt", value: 5 }, { type: "salt-water", value: 5 }, { type: "plant", value: 5 }] }));
    expect(defenses.flat).toEqual([]);
    expect(creature.effects?.map((e) => [e.type, e.applied ?? false])).toEqual([["salt", false], ["salt-water", false], ["plant", false]]);
  });
  it("a resistance to water acts per instance (no apart)", () => {
    expect(importPf2e(C.waterResistant).defenses.flat).toEqual([{ type: "all", kind: "FDR", value: 5, natural: false, template: "import.pf2e", onlyWith: ["water"] }]);
  });
  it("an exception `magical` holds for pf2e's whole magical predicate: a magical item, a magical or tradition action", () => {
    expect(importPf2e(C.physicalExceptMagical).defenses.flat[0]?.ignoredBy).toEqual(["magical", "magical-action", "arcane", "divine", "occult", "primal"]);
  });
});

describe("pf2e's apply-once weaknesses: the chain's result", () => {
  it.each([
    // Once per roll, not per instance: 10 fire − 3 + 4 bludgeoning + 5 water (per instance it would be 21).
    ["waterWeak", "10 fire + 4 bludgeoning", ["water"], 16],
    ["waterWeak", "10 fire + 4 bludgeoning", [], 11],
    ["waterWeak", "2 fire", ["water"], 5],
    // An immunity that takes the instance to 0 does not stop it.
    ["fireImmune", "10 fire", ["water"], 5],
    ["fireImmune", "10 fire", [], 0],
    // Apart from the instances' own weakness (force 2 still applies per instance).
    ["arcaneWeak", "6 force + 6 fire", ["arcane"], 19],
    ["arcaneWeak", "6 force + 6 fire", [], 14],
    ["spellsWeak", "8 cold + 2 fire", ["spells"], 13],
    ["spellsWeak", "8 cold", [], 8],
    ["ghostWeak", "10 slashing", ["ghost-touch"], 15],
    ["ghostWeak", "10 slashing", [], 10],
    // pf2e never applies salt or plant (`unhandled:<w>`).
    ["saltWeak", "10 slashing", ["salt", "plant"], 10],
    // A resistance to water: per instance.
    ["waterResistant", "10 fire + 10 cold", ["water"], 10],
    // `magical`: a magical item, a magical action or a tradition action bypasses "except magical".
    ["physicalExceptMagical", "10 slashing", [], 5],
    ["physicalExceptMagical", "10 slashing", ["magical"], 10],
    ["physicalExceptMagical", "10 slashing", ["arcane"], 10],
    ["physicalExceptMagical", "10 slashing", ["magical-action"], 10],
    // `non-magical` is only "not item:magical": a tradition action alone still meets the doubled resistance.
    ["shadow", "12 slashing", ["arcane"], 2],
    ["shadow", "12 slashing", ["magical"], 7],
  ] as const)("%s: %s %j → %d", (name, hit, traits, expected) => {
    expect(dealt(C[name], hit, [...traits])).toBe(expected);
  });
});

describe("pf2e's roll options as words of the hit", () => {
  it.each([
    ["origin:action:trait:arcane", ["arcane"]],
    ["origin:action:trait:primal", ["primal"]],
    ["origin:action:trait:magical", ["magical-action"]],
    ["item:magical", ["magical"]],
    ["item:type:spell", ["spells"]],
    ["item:from-spell", ["spells"]],
    ["impulse", ["spells"]],
    ["item:rune:property:ghost-touch", ["ghost-touch"]],
    ["item:rune:property:greater-astral", ["ghost-touch"]],
    ["origin:action:trait:holy", ["holy"]],
    ["area-damage", ["area-damage"]],
    ["item:type:weapon", []],
    ["origin:action:trait:fire", []],
  ] as const)("%s → %j", (option, words) => {
    expect(pf2eRollWords([option])).toEqual(words);
  });
});
