/**
 * The top of the Defenses tab: the world's system's own traits in words
 * (dnd5e's di/dr/dv with bypasses, dm, dt, ci; pf2e's IWR with exceptions
 * and doubleVs), how the active profile meets them, and the system's own
 * editors; and what the tab learns of a profile (`profile-use.ts`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { dnd5eTraitsSchema } from "../../src/core/model/dnd5e.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import type { SystemTraitSummary } from "../../src/foundry/actor/system-support.ts";
import { profileUse } from "../../src/foundry/sheet/profile-use.ts";
import { systemTraitsView } from "../../src/foundry/sheet/system-traits.ts";
import { dnd5eClauses, type Dnd5eLabels } from "../../src/foundry/systems/dnd5e/trait-clauses.ts";
import { pf2eClauses } from "../../src/foundry/systems/pf2e/trait-summary.ts";
import { makeLocalizer } from "../browser/harness/localizer.ts";
import { dnd5eNamespace } from "./dnd5e-double.ts";
import { World } from "./double.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const t = makeLocalizer(JSON.parse(readFileSync(join(import.meta.dirname, "../../lang/en.json"), "utf8")));
const cap = (id: string) => id[0]!.toUpperCase() + id.slice(1);
const LABELS: Dnd5eLabels = {
  type: (id) => (id === "all" ? "All Damage" : cap(id)),
  isPhysical: (id) => ["bludgeoning", "piercing", "slashing"].includes(id),
  property: (id) => ({ mgc: "Magical", sil: "Silvered" })[id] ?? id,
  condition: cap,
  bypass: (types, props) => `${types.join(", ")} from attacks that are not ${props.join(" or ")}`,
  list: (items) => items.join(", "),
};

describe("dnd5e's traits as clauses", () => {
  it("reads di, dr with its bypass, dv, dm (bypassed physical last), dt and ci as dnd5e's stat block does", () => {
    const traits = dnd5eTraitsSchema.parse({
      di: { value: ["poison"] },
      dr: { value: ["fire", "bludgeoning", "piercing", "slashing"], bypasses: ["mgc", "sil"] },
      dv: { value: ["radiant"] },
      dm: { amount: { fire: 5, slashing: -2 }, bypasses: ["mgc"] },
      dt: 5,
    });
    expect(dnd5eClauses(traits, ["poisoned", "charmed"], LABELS)).toEqual([
      { kind: "immune", items: ["Poison"] },
      { kind: "resistant", items: ["Fire", "Bludgeoning, Piercing, Slashing from attacks that are not Magical or Silvered"] },
      { kind: "vulnerable", items: ["Radiant"] },
      { kind: "modified", items: ["Fire +5", "Slashing \u22122 from attacks that are not Magical"] },
      { kind: "threshold", items: ["5"] },
      { kind: "conditions", items: ["Poisoned, Charmed"] },
    ]);
  });

  it("gives no clause for a creature without traits, and no threshold for dt 0", () => {
    expect(dnd5eClauses(dnd5eTraitsSchema.parse({ dt: 0 }), [], LABELS)).toEqual([]);
  });
});

describe("pf2e's IWR as clauses", () => {
  it("takes pf2e's own label of a prepared entry, and writes a source entry's exceptions and doubleVs", () => {
    const fallback = { type: (_c: string, id: string) => cap(id), except: (item: string, l: readonly string[]) => `${item} (except ${l.join(", ")})`, doubleVs: (item: string, l: readonly string[]) => `${item} (double vs. ${l.join(", ")})` };
    const clauses = pf2eClauses(
      {
        immunities: [{ type: "fire", label: "Fire" }, { type: "paralyzed" }],
        weaknesses: [{ type: "cold-iron", value: 5, label: "Cold Iron 5" }],
        resistances: [{ type: "physical", value: 5, exceptions: ["adamantine", { label: "Ghost Touch" }], doubleVs: ["critical-hits"] }],
      },
      fallback,
    );
    expect(clauses).toEqual([
      { kind: "immune", items: ["Fire, Paralyzed"] },
      { kind: "weak", items: ["Cold Iron 5"] },
      { kind: "resistant", items: ["Physical 5 (except Adamantine, Ghost Touch) (double vs. Critical-hits)"] },
    ]);
    expect(pf2eClauses(undefined, fallback)).toEqual([]);
  });
});

describe("the summary's view", () => {
  const summary = (reading: SystemTraitSummary["reading"]): SystemTraitSummary => ({ system: "dnd5e", reading, clauses: [{ kind: "immune", items: ["Poison"] }, { kind: "threshold", items: ["5"] }], editors: [{ id: "di", kind: "immune" }, { id: "dt", kind: "threshold" }] });

  it("under a profile that reads them: one sentence and the system's editors, no import", () => {
    const v = systemTraitsView(summary("profile"), "dnd5e", "dnd5e 5.x", true, t)!;
    expect(v.text).toBe("immune to Poison; damage threshold 5");
    expect(v.editors).toEqual([{ id: "di", label: "Immunities" }, { id: "dt", label: "Damage threshold (hit points)" }]);
    expect(v.canImport).toBe(false);
    expect(systemTraitsView(summary("profile"), "dnd5e", "dnd5e 5.x", false, t)!.editors).toEqual([]);
  });

  it("under a profile that does not read them: says so, lists nothing, offers the import", () => {
    const v = systemTraitsView(summary("none"), "dnd5e", "Revised 4E resistances (001)", true, t)!;
    expect([v.listed, v.text, v.editors, v.canImport]).toEqual([false, "", [], true]);
    expect(v.note).toBe("The profile “Revised 4E resistances (001)” does not read dnd5e’s own damage traits. Import them to count them as defenses.");
  });

  it("an actor without traits reads 'no damage traits'; a system with neither summary nor importer shows nothing", () => {
    expect(systemTraitsView({ ...summary("system"), clauses: [] }, undefined, "p", true, t)!.none).toBe("no damage traits");
    expect(systemTraitsView(undefined, undefined, "p", true, t)).toBeUndefined();
  });
});

describe("what the tab learns of a profile", () => {
  const of = (id: string) => profileUse(BUILT_IN_PROFILES.find((p) => p.id === id)!);
  it("steps, the pools they take damage from, and whether the card game's creature traits count", () => {
    expect(of("armor-pools").resources).toEqual(["magicArmor", "physicalArmor", "monstrousArmor", "naturalArmor", "body"]);
    expect(of("tags-and-guard")).toMatchObject({ resources: ["guard", "hp"], creatureTraits: false });
    expect(of("card-game")).toMatchObject({ steps: ["prevention", "clamp", "life", "triggers"], creatureTraits: true });
    // The dnd5e profile: dnd5e's four steps and HP, with the chain's own links on top (each run only for an actor that has such defenses).
    expect(of("dnd5e")).toEqual({
      steps: ["dnd5eImmunity", "prevention", "bdn", "dnd5eModification", "dnd5eResistance", "dnd5eThreshold", "midiDr", "fdn", "pools", "guard", "damageLimit", "damageShell", "endurance", "life", "triggers"],
      resources: ["ward", "guard", "hp"],
      creatureTraits: false,
    });
  });
});

describe("in a dnd5e world", () => {
  let world: World;
  const opened: { name: string; options: Record<string, unknown>; render: unknown }[] = [];
  beforeEach(() => {
    world = new World();
    world.systemId = "dnd5e";
    world.addUser("gm", true);
    world.onClient((c) => {
      (c.config as unknown as { DND5E: unknown }).DND5E = {
        damageTypes: { poison: { label: "Poison" }, slashing: { label: "Slashing", isPhysical: true } },
        itemProperties: { mgc: { label: "Magical" } },
        conditionTypes: { poisoned: { label: "Poisoned" } },
      };
    });
    // dnd5e's public applications (dnd5e.mjs lines 38-39): each records how it was opened.
    const app = (name: string) =>
      class {
        constructor(readonly options: Record<string, unknown>) {}
        render(render: unknown) {
          opened.push({ name, options: this.options, render });
        }
      };
    world.makeDnd5e = () => {
      const dnd5e = dnd5eNamespace();
      Object.assign(dnd5e.applications.actor, { DamagesConfig: app("DamagesConfig"), TraitsConfig: app("TraitsConfig"), HitPointsConfig: app("HitPointsConfig") });
      return dnd5e;
    };
    opened.length = 0;
  });

  const ogre = () => ({
    id: "ogre", name: "Ogre", type: "npc",
    system: { attributes: { hp: { value: 59, max: 59, temp: 0, tempmax: 0, dt: 5 } }, traits: { di: { value: new Set(["poison"]), bypasses: new Set() }, dr: { value: new Set(["slashing"]), bypasses: new Set(["mgc"]) }, ci: { value: new Set(["poisoned"]) } } },
  });

  it("summarizes the actor's traits in dnd5e's labels, read by the default dnd5e profile; under Revised 4E it says the profile does not read them", async () => {
    const actor = world.addActor(ogre());
    await world.connect(world.users.get("gm")!);
    const { systemData } = await import("../../src/foundry/actor/system-support.ts");
    const { activeProfile } = await import("../../src/foundry/settings/profiles.ts");
    const summary = systemData()!.traitSummary!(actor as unknown as Actor.Implementation, activeProfile())!;
    expect(summary.reading).toBe("profile");
    // The bypass is dnd5e's own phrase (its lang key, which the double's i18n does not hold).
    expect(summary.clauses).toEqual([
      { kind: "immune", items: ["Poison"] },
      { kind: "resistant", items: ["DND5E.DAMAGE.PhysicalBypass.Description"] },
      { kind: "threshold", items: ["5"] },
      { kind: "conditions", items: ["Poisoned"] },
    ]);
    await game.settings!.set("damage-chain", "profile", "revised-4e");
    expect(systemData()!.traitSummary!(actor as unknown as Actor.Implementation, activeProfile())?.reading).toBe("none");
  });

  it("opens dnd5e's own editors as its sheets do: DamagesConfig by trait, TraitsConfig for ci, HitPointsConfig for dt", async () => {
    const actor = world.addActor(ogre());
    await world.connect(world.users.get("gm")!);
    const { systemData } = await import("../../src/foundry/actor/system-support.ts");
    const open = (id: string) => systemData()!.openTraitEditor!(actor as unknown as Actor.Implementation, id, undefined as unknown as HTMLElement);
    expect([open("dr"), open("ci"), open("dt"), open("languages")]).toEqual([true, true, true, false]);
    expect(opened.map((o) => [o.name, o.options.trait, o.options.document === actor, o.render])).toEqual([
      ["DamagesConfig", "dr", true, { force: true }],
      ["TraitsConfig", "ci", true, { force: true }],
      ["HitPointsConfig", undefined, true, { force: true }],
    ]);
  });
});
