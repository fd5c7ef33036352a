/**
 * pf2e's IWR by hand: 100+ cases, each computed from pf2e's rules and
 * checked against the chain (pf2e profile, traits through the pf2e importer
 * as from a source document). The rules, as foundryvtt/pf2e applies them per
 * damage instance (`src/module/system/damage/iwr.ts` `applyIWR`, stored copy
 * id 69013747439; `src/module/actor/data/iwr.ts` `IWR#describe`,
 * `Resistance#getDoubledValue`; `src/module/actor/base.ts`
 * `ActorPF2e#isAffectedBy`; `src/module/actor/creature/helpers.ts`
 * `setImmunitiesFromTraits`):
 * - step 0, unaffected: vitality harms only a creature with void healing,
 *   void neither a construct nor one with void healing, bleed only the living;
 * - step 1, immunity: the instance deals 0;
 * - step 3, the highest applicable weakness is added;
 * - step 4, the highest applicable resistance (twice its value where
 *   `doubleVs` matches) is taken off, never below 0;
 * - an exception (material, trait, damage type, category, `all-damage`)
 *   turns its entry off for that instance; `physical` covers bleed; each
 *   instance has its own weakness and resistance; the hit is their sum;
 * - `holy`, `unholy`, `area-damage` are words of the roll (`IWR#describe`, the
 *   hit's traits here): a resistance to any and a weakness to area damage
 *   act per instance like the others; a weakness to holy or unholy is added
 *   once to the roll, after every instance's IWR (`applyOnceWeaknesses`).
 * The creatures named after Monster Core carry the IWR of its stat block
 * (`packs/pathfinder-monster-core/*.json`); the others are made up.
 */
import { describe, expect, it } from "vitest";
import { importPf2e } from "../../src/core/import/pf2e.ts";
import { run } from "./support.ts";

type Iwr = { type: string; value?: number; exceptions?: string[]; doubleVs?: string[] };
const npc = (traits: string[], iwr: { immunities?: Iwr[]; weaknesses?: Iwr[]; resistances?: Iwr[] }) => ({ name: "c", type: "npc", system: { attributes: { hp: { value: 100, max: 100 }, ...iwr }, traits: { value: traits } } });
const physical5 = (except: string) => ({ type: "physical", value: 5, exceptions: [except] });
const incorporeal = (value: number) => ({ type: "all-damage", value, doubleVs: ["non-magical"], exceptions: ["force", "ghost-touch", "vitality", "spirit"] });

const CREATURES = {
  gargoyle: npc(["beast", "earth"], { immunities: [{ type: "bleed" }], resistances: [physical5("adamantine")] }),
  vampireCount: npc(["undead", "unholy", "vampire"], { immunities: ["death-effects", "disease", "paralyzed", "poison", "sleep"].map((type) => ({ type })), resistances: [{ type: "physical", value: 7, exceptions: ["silver"] }] }),
  shadow: npc(["incorporeal", "undead", "unholy"], { immunities: ["death-effects", "disease", "paralyzed", "poison", "precision", "unconscious", "bleed"].map((type) => ({ type })), resistances: [incorporeal(5)] }),
  barghest: npc(["beast", "unholy"], { resistances: [physical5("cold-iron")], weaknesses: [{ type: "holy", value: 5 }] }),
  centipedeSwarm: npc(["animal", "swarm"], { immunities: [{ type: "precision" }, { type: "swarm-mind" }], resistances: [{ type: "bludgeoning", value: 5 }, { type: "piercing", value: 5 }, { type: "slashing", value: 2 }], weaknesses: [{ type: "area-damage", value: 5 }, { type: "splash-damage", value: 5 }] }),
  banshee: npc(["incorporeal", "spirit", "undead", "unholy"], { immunities: ["bleed", "death-effects", "disease", "paralyzed", "poison", "precision", "unconscious"].map((type) => ({ type })), resistances: [incorporeal(12)] }),
  cacodaemon: npc(["daemon", "fiend", "unholy"], { immunities: [{ type: "death-effects" }], weaknesses: [{ type: "holy", value: 3 }] }),
  golem: npc(["construct", "mindless"], { immunities: [] }),
  zombie: npc(["undead", "mindless"], { immunities: [{ type: "poison" }], weaknesses: [{ type: "slashing", value: 5 }, { type: "vitality", value: 5 }] }),
  fireElemental: npc(["elemental", "fire"], { immunities: [{ type: "fire" }, { type: "bleed" }, { type: "poison" }], weaknesses: [{ type: "cold", value: 5 }], resistances: [{ type: "all-damage", value: 2, exceptions: ["cold"] }] }),
  weakAndResistant: npc(["beast"], { weaknesses: [{ type: "fire", value: 5 }], resistances: [{ type: "fire", value: 3 }] }),
  twoResistances: npc(["beast"], { resistances: [{ type: "fire", value: 5 }, { type: "all-damage", value: 3 }] }),
  twoWeaknesses: npc(["beast"], { weaknesses: [{ type: "fire", value: 5 }, { type: "energy", value: 2 }] }),
  bigResistance: npc(["beast"], { resistances: [{ type: "physical", value: 20 }] }),
  immuneAndWeak: npc(["beast"], { immunities: [{ type: "fire" }], weaknesses: [{ type: "fire", value: 5 }] }),
  energyResistant: npc(["beast"], { resistances: [{ type: "energy", value: 5 }] }),
  allButPhysical: npc(["beast"], { resistances: [{ type: "all-damage", value: 5, exceptions: ["physical"] }] }),
  immuneExceptAdamantine: npc(["construct"], { immunities: [{ type: "physical", exceptions: ["adamantine"] }] }),
  // A demon's cold iron weakness, a werecreature's silver weakness with a slashing one, a golem's adamantine resistance: materials (IWR#describe).
  demon: npc(["fiend", "demon", "unholy"], { weaknesses: [{ type: "cold-iron", value: 5 }] }),
  werewolf: npc(["humanoid", "werecreature"], { weaknesses: [{ type: "silver", value: 5 }, { type: "slashing", value: 3 }] }),
  ironGolem: npc(["construct"], { resistances: [{ type: "adamantine", value: 4 }, { type: "fire", value: 2 }] }),
  // Holy, unholy, area damage (IWR#describe: words of the roll's options): a devil immune to fire, an angel weak to unholy, made-up others.
  devil: npc(["fiend", "devil", "unholy"], { immunities: [{ type: "fire" }], weaknesses: [{ type: "holy", value: 5 }], resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }, { type: "poison", value: 5 }] }),
  angel: npc(["celestial", "angel", "holy"], { weaknesses: [{ type: "unholy", value: 10 }], resistances: [{ type: "fire", value: 5 }] }),
  holyResistant: npc(["fiend"], { resistances: [{ type: "holy", value: 5 }, { type: "fire", value: 3 }] }),
  areaAndFire: npc(["animal", "swarm"], { weaknesses: [{ type: "area-damage", value: 5 }, { type: "fire", value: 3 }] }),
  holyExceptFire: npc(["fiend"], { weaknesses: [{ type: "holy", value: 5, exceptions: ["fire"] }] }),
} as const;
type Name = keyof typeof CREATURES;

/** [creature, parts as "10 slashing" joined by " + ", hit traits, points dealt by hand]. */
const CASES: [Name, string, string[], number][] = [
  // Gargoyle: immune bleed; resistance physical 5 except adamantine; living.
  ["gargoyle", "10 slashing", [], 5],
  ["gargoyle", "10 bludgeoning", [], 5],
  ["gargoyle", "10 piercing", [], 5],
  ["gargoyle", "3 slashing", [], 0],
  ["gargoyle", "10 slashing", ["adamantine"], 10],
  ["gargoyle", "10 bleed", [], 0],
  ["gargoyle", "10 fire", [], 10],
  ["gargoyle", "10 vitality", [], 0],
  ["gargoyle", "10 void", [], 10],
  ["gargoyle", "10 slashing + 10 fire", [], 15],
  ["gargoyle", "10 force", [], 10],
  ["gargoyle", "10 slashing", ["silver"], 5],
  // Vampire count: undead (void healing); immune poison (and effects); resistance physical 7 except silver.
  ["vampireCount", "10 slashing", [], 3],
  ["vampireCount", "10 slashing", ["silver"], 10],
  ["vampireCount", "10 poison", [], 0],
  ["vampireCount", "10 void", [], 0],
  ["vampireCount", "10 vitality", [], 10],
  ["vampireCount", "10 bleed", [], 0],
  ["vampireCount", "5 piercing", [], 0],
  ["vampireCount", "10 fire", [], 10],
  ["vampireCount", "10 bludgeoning + 10 piercing", [], 6],
  ["vampireCount", "20 slashing", ["cold-iron"], 13],
  // Shadow: undead; immune bleed, poison; all-damage 5, doubled vs non-magical, except force, ghost-touch, vitality, spirit.
  ["shadow", "12 slashing", [], 2],
  ["shadow", "12 slashing", ["magical"], 7],
  ["shadow", "12 fire", ["magical"], 7],
  ["shadow", "12 fire", [], 2],
  ["shadow", "12 force", [], 12],
  ["shadow", "12 spirit", [], 12],
  ["shadow", "12 vitality", [], 12],
  ["shadow", "12 void", [], 0],
  ["shadow", "12 poison", [], 0],
  ["shadow", "12 slashing", ["ghost-touch"], 12],
  ["shadow", "12 slashing", ["magical", "ghost-touch"], 12],
  ["shadow", "8 cold", [], 0],
  ["shadow", "12 bleed", [], 0],
  ["shadow", "12 mental", ["magical"], 7],
  ["shadow", "12 force + 12 fire", [], 14],
  ["shadow", "12 sonic", ["magical"], 7],
  // Barghest: resistance physical 5 except cold-iron (bleed too); its holy weakness is no damage type.
  ["barghest", "10 slashing", [], 5],
  ["barghest", "10 slashing", ["cold-iron"], 10],
  ["barghest", "10 bleed", [], 5],
  ["barghest", "10 fire", [], 10],
  ["barghest", "4 piercing", [], 0],
  ["barghest", "10 vitality", [], 0],
  ["barghest", "10 void", [], 10],
  ["barghest", "10 bludgeoning", ["silver"], 5],
  // Centipede swarm: resistance bludgeoning 5, piercing 5, slashing 2; living.
  ["centipedeSwarm", "10 bludgeoning", [], 5],
  ["centipedeSwarm", "10 piercing", [], 5],
  ["centipedeSwarm", "10 slashing", [], 8],
  ["centipedeSwarm", "10 fire", [], 10],
  ["centipedeSwarm", "10 bleed", [], 10],
  ["centipedeSwarm", "3 piercing", [], 0],
  ["centipedeSwarm", "10 slashing + 10 piercing", [], 13],
  ["centipedeSwarm", "10 vitality", [], 0],
  ["centipedeSwarm", "10 acid", [], 10],
  // Banshee: as the shadow with all-damage 12 (24 against non-magical hits).
  ["banshee", "30 slashing", [], 6],
  ["banshee", "30 slashing", ["magical"], 18],
  ["banshee", "30 force", [], 30],
  ["banshee", "30 spirit", [], 30],
  ["banshee", "30 vitality", [], 30],
  ["banshee", "20 fire", [], 0],
  ["banshee", "20 fire", ["magical"], 8],
  ["banshee", "30 poison", [], 0],
  ["banshee", "30 void", [], 0],
  ["banshee", "30 bleed", [], 0],
  ["banshee", "30 slashing", ["ghost-touch"], 30],
  // Cacodaemon: immune death effects only; living.
  ["cacodaemon", "10 fire", [], 10],
  ["cacodaemon", "10 poison", [], 10],
  ["cacodaemon", "10 vitality", [], 0],
  ["cacodaemon", "10 void", [], 10],
  ["cacodaemon", "10 bleed", [], 10],
  // A construct, mindless: setImmunitiesFromTraits (bleed, poison, spirit, vitality, void; mental), unaffected by void, vitality, bleed.
  ["golem", "10 bleed", [], 0],
  ["golem", "10 poison", [], 0],
  ["golem", "10 spirit", [], 0],
  ["golem", "10 vitality", [], 0],
  ["golem", "10 void", [], 0],
  ["golem", "10 mental", [], 0],
  ["golem", "10 slashing", [], 10],
  ["golem", "10 fire", [], 10],
  ["golem", "10 mental + 10 fire", [], 10],
  // A zombie: undead, mindless (immune mental); immune poison; weakness slashing 5, vitality 5.
  ["zombie", "10 slashing", [], 15],
  ["zombie", "10 vitality", [], 15],
  ["zombie", "10 bludgeoning", [], 10],
  ["zombie", "10 void", [], 0],
  ["zombie", "10 poison", [], 0],
  ["zombie", "10 slashing + 10 vitality", [], 30],
  ["zombie", "1 slashing", [], 6],
  ["zombie", "10 mental", [], 0],
  // A fire elemental: immune fire, bleed, poison; weakness cold 5; all-damage 2 except cold.
  ["fireElemental", "10 fire", [], 0],
  ["fireElemental", "10 cold", [], 15],
  ["fireElemental", "10 slashing", [], 8],
  ["fireElemental", "10 acid", [], 8],
  ["fireElemental", "1 acid", [], 0],
  ["fireElemental", "10 fire + 10 cold", [], 15],
  ["fireElemental", "10 bleed", [], 0],
  ["fireElemental", "10 vitality", [], 0],
  ["fireElemental", "10 void", [], 8],
  // Weakness, then resistance, on one instance; the highest of each.
  ["weakAndResistant", "10 fire", [], 12],
  ["weakAndResistant", "10 cold", [], 10],
  ["weakAndResistant", "1 fire", [], 3],
  ["twoResistances", "10 fire", [], 5],
  ["twoResistances", "10 cold", [], 7],
  ["twoResistances", "10 fire + 10 cold", [], 12],
  ["twoWeaknesses", "10 fire", [], 15],
  ["twoWeaknesses", "10 cold", [], 12],
  ["twoWeaknesses", "10 slashing", [], 10],
  ["bigResistance", "10 slashing", [], 0],
  ["bigResistance", "25 bludgeoning", [], 5],
  ["immuneAndWeak", "10 fire", [], 0],
  ["immuneAndWeak", "10 cold", [], 10],
  // Categories: energy (force and sonic too), all-damage except a category.
  ["energyResistant", "10 force", [], 5],
  ["energyResistant", "10 sonic", [], 5],
  ["energyResistant", "10 slashing", [], 10],
  ["energyResistant", "10 void", [], 5],
  ["allButPhysical", "10 slashing", [], 10],
  ["allButPhysical", "10 bleed", [], 10],
  ["allButPhysical", "10 fire", [], 5],
  // An immunity with an exception.
  ["immuneExceptAdamantine", "10 slashing", [], 0],
  ["immuneExceptAdamantine", "10 slashing", ["adamantine"], 10],
  ["immuneExceptAdamantine", "10 fire", [], 10],
  // Demon: weakness cold iron 5, on the weapon's own (physical) instance only; sovereign steel counts as cold iron.
  ["demon", "10 slashing", ["cold-iron"], 15],
  ["demon", "10 slashing", [], 10],
  ["demon", "10 piercing", ["sovereign-steel"], 15],
  ["demon", "10 slashing + 4 fire", ["cold-iron"], 19],
  ["demon", "10 fire", ["cold-iron"], 10],
  ["demon", "10 bludgeoning", ["silver"], 10],
  // Werewolf: weakness silver 5 and slashing 3: only the highest applies to an instance; mithral counts as silver.
  ["werewolf", "10 slashing", ["silver"], 15],
  ["werewolf", "10 slashing", [], 13],
  ["werewolf", "10 piercing", ["mithral"], 15],
  ["werewolf", "10 piercing", [], 10],
  // Iron golem: resistance adamantine 4 (on an adamantine weapon's instance), fire 2; keep-stone counts as adamantine.
  ["ironGolem", "10 bludgeoning", ["adamantine"], 6],
  ["ironGolem", "10 bludgeoning", ["keep-stone"], 6],
  ["ironGolem", "10 bludgeoning", [], 10],
  ["ironGolem", "10 fire", ["adamantine"], 8],
  // A holy or unholy weakness: added ONCE to the roll, apart from its instances: after their immunity and resistance, which do not touch it (applyOnceWeaknesses).
  ["barghest", "10 slashing", ["holy"], 10],
  ["barghest", "4 piercing", ["holy"], 5],
  ["barghest", "10 slashing + 4 fire", ["holy"], 14],
  ["barghest", "10 fire", ["unholy"], 10],
  ["cacodaemon", "10 fire", ["holy"], 13],
  ["cacodaemon", "10 vitality", ["holy"], 3],
  ["devil", "10 fire", ["holy"], 5],
  ["devil", "10 fire", [], 0],
  ["devil", "10 slashing + 6 fire", ["holy", "silver"], 15],
  ["devil", "3 poison", ["holy"], 5],
  ["angel", "10 fire", ["unholy"], 15],
  ["angel", "3 fire", ["unholy"], 10],
  ["angel", "10 fire", ["holy"], 5],
  ["holyExceptFire", "10 fire", ["holy"], 10],
  ["holyExceptFire", "10 fire + 2 cold", ["holy"], 17],
  // A resistance to holy, a weakness to area damage: per instance, the highest with the instance's own.
  ["holyResistant", "10 fire", ["holy"], 5],
  ["holyResistant", "10 fire + 10 cold", ["holy"], 10],
  ["holyResistant", "10 fire", [], 7],
  ["centipedeSwarm", "10 fire", ["area-damage"], 15],
  ["centipedeSwarm", "10 slashing", ["area-damage"], 13],
  ["centipedeSwarm", "10 bludgeoning", ["area-damage"], 10],
  ["centipedeSwarm", "10 fire + 10 acid", ["area-damage"], 30],
  ["centipedeSwarm", "10 vitality", ["area-damage"], 0],
  ["areaAndFire", "10 fire", ["area-damage"], 15],
  ["areaAndFire", "10 cold", ["area-damage"], 15],
  ["areaAndFire", "10 fire", [], 13],
];

const parts = (text: string) => text.split(" + ").map((p) => {
  const [amount, type] = p.split(" ");
  return { amount: Number(amount), types: [type!] };
});

describe("pf2e's IWR, computed by hand (applyIWR), under the pf2e profile", () => {
  it("has at least 100 cases", () => expect(CASES.length).toBeGreaterThanOrEqual(100));
  it.each(CASES.map(([name, hit, traits, dealt]) => [`${name}: ${hit}${traits.length > 0 ? ` (${traits.join(", ")})` : ""} → ${dealt}`, name, hit, traits, dealt] as const))("%s", (_label, name, hit, traits, dealt) => {
    const defenses = importPf2e(CREATURES[name]).defenses;
    const r = run({ profile: "pf2e", defender: { defenses: defenses as never, resources: { hp: { value: 1000 } } }, event: { parts: parts(hit), traits: [...traits] } });
    expect(r.final).toBe(dealt);
  });
});
