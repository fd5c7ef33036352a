/**
 * The settings editors' and the Apply Damage dialog's data: custom-profile
 * drafts (add, order, configure steps; validation by field), resource-mapping
 * rows, and the event a filled-in dialog describes.
 */
import { describe, expect, it } from "vitest";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { eventFromForm, splitList } from "../../src/foundry/apps/apply-dialog.ts";
import { fromRows, toRows } from "../../src/foundry/apps/mapping-editor.ts";
import { addStep, exportJson, freeId, fromDrafts, importJson, moveStep, profileFields, readForm, removeStep, stepFields, toDraft } from "../../src/foundry/apps/profile-draft.ts";

const builtIns = new Set(BUILT_IN_PROFILES.map((p) => p.id));
const cardGame = BUILT_IN_PROFILES.find((p) => p.id === "card-game")!;

describe("custom profile drafts", () => {
  it("a copy of a built-in, reordered and reconfigured, validates into a profile", () => {
    const d = toDraft(cardGame, { id: freeId(new Set(["custom-1"])), name: "House rules" });
    expect(d.id).toBe("custom-2");
    addStep(d);
    moveStep(d, d.steps.length - 1, -10);
    readForm(d, { "steps.0.step": "immunity", "steps.3.options.mode": "hp", "steps.3.options.atZero": "dying", "steps.1.enabled": false });
    removeStep(d, 2);
    const { profiles, problems } = fromDrafts([d], builtIns);
    expect(problems).toEqual([]);
    expect(profiles[0]!.steps.map((s) => [s.step, s.enabled])).toEqual([["immunity", true], ["prevention", false], ["life", true], ["triggers", true]]);
    expect(profiles[0]!.steps[2]!.options).toMatchObject({ mode: "hp", atZero: "dying" });
  });

  it("reports bad options, built-in and duplicate ids by field, and saves nothing", () => {
    const a = toDraft(cardGame, { id: "mine", name: "Mine" });
    const b = toDraft(cardGame, { id: "mine", name: "Mine too" });
    const c = toDraft(cardGame);
    readForm(a, { "steps.2.options.resource": "a.b" });
    readForm(b, { "steps.2.options.mode": "sometimes" });
    const { profiles, problems } = fromDrafts([a, b, c], builtIns);
    expect(profiles).toEqual([]);
    expect(problems.map((p) => p.path)).toEqual(["profiles[0].steps[2].options.resource", "profiles[1].id", "profiles[1].steps[2].options.mode", "profiles[2].id"]);
  });

  it("a copy of the dnd5e profile keeps which steps run only for actors with such defenses, and the form can turn that off", () => {
    const d = toDraft(BUILT_IN_PROFILES.find((p) => p.id === "dnd5e")!);
    const ward = d.steps.findIndex((s) => s.step === "pools");
    expect(d.steps[ward]!.whenUsed).toBe(true);
    expect(d.steps.find((s) => s.step === "dnd5eResistance")!.whenUsed).toBe(false);
    readForm(d, { [`steps.${ward}.whenUsed`]: false });
    const { profiles, problems } = fromDrafts([{ ...d, id: "my-dnd5e" }], new Set(BUILT_IN_PROFILES.map((p) => p.id)));
    expect(problems).toEqual([]);
    expect(profiles[0]!.steps.filter((s) => s.whenUsed === true).map((s) => s.step)).toEqual(["prevention", "bdn", "midiDr", "fdn", "guard", "damageLimit", "damageShell", "endurance", "triggers"]);
    expect(JSON.parse(exportJson({ ...d, id: "my-dnd5e" })).steps.find((s: { step: string }) => s.step === "guard").whenUsed).toBe(true);
  });
  it("shows every step option and profile option as a field from its schema: selects, checkboxes, choices, lists; no JSON", () => {
    const pools = toDraft(BUILT_IN_PROFILES.find((p) => p.id === "armor-pools")!);
    const i = pools.steps.findIndex((s) => s.step === "pools");
    const fields = stepFields(pools.steps[i]!, i);
    expect(fields.map((f) => [f.key, f.kind])).toEqual([["order", "list"], ["armorPools", "list"], ["halving", "list"], ["wound", "bool"]]);
    expect(fields[0]!.text).toBe("magicArmor, physicalArmor, monstrousArmor, naturalArmor, body");
    const prevention = stepFields({ step: "prevention", enabled: true, whenUsed: false, options: { phases: ["oneTime"] } }, 0)[0]!;
    expect([prevention.kind, prevention.choices.map((c) => [c.value, c.chosen])]).toEqual(["choices", [["ongoing", false], ["oneTime", true]]]);
    const rounding = profileFields(pools).find((f) => f.key === "rounding")!;
    expect([rounding.kind, rounding.choices.find((c) => c.chosen)?.value, rounding.labelKey]).toEqual(["select", "up", "DAMAGECHAIN.Settings.Editor.Field.rounding"]);
    // Read back from the form: a list split at commas, a choice set, a checkbox, a select.
    readForm(pools, { [`steps.${i}.options.order`]: "body, magicArmor", [`steps.${i}.options.wound`]: false, "options.rounding": "nearest" });
    const { profiles, problems } = fromDrafts([{ ...pools, id: "pools-2" }], builtIns);
    expect(problems).toEqual([]);
    expect(profiles[0]!.steps[i]!.options).toMatchObject({ order: ["body", "magicArmor"], wound: false });
    expect(profiles[0]!.options.rounding).toBe("nearest");
  });

  it("exports a profile as JSON and imports one, refusing what is not a profile", () => {
    const d = toDraft(cardGame, { id: "mine", name: "Mine" });
    const other = toDraft(BUILT_IN_PROFILES.find((p) => p.id === "tags-and-guard")!, { id: "x", name: "Tags" });
    expect(importJson(d, exportJson(other))).toEqual([]);
    expect([d.id, d.name, d.steps.map((s) => s.step)]).toEqual(["mine", "Tags", ["immunity", "tagResistance", "guard", "life"]]);
    expect(importJson(d, "{steps: [")[0]!.path).toBe("import");
    expect(importJson(d, '{"steps": [{"step": "nope"}]}')[0]!.path).toBe("import.steps");
    expect(d.steps).toHaveLength(4);
  });
});

describe("resource mapping rows", () => {
  it("round-trips a mapping and leaves out empty rows and paths", () => {
    const mapping = { npc: { hp: { value: "system.hp.value", max: "system.hp.max" }, guard: { value: "system.guard" } } };
    const rows = { npc: [...toRows(mapping.npc), { key: "", value: "", max: "", temp: "" }], character: [] };
    expect(fromRows(rows)).toEqual({ mapping, problems: [] });
  });

  it("refuses a path that is not a dotted data path", () => {
    const { mapping, problems } = fromRows({ npc: [{ key: "hp", value: "system hp", max: "", temp: "" }] });
    expect(mapping).toBeUndefined();
    expect(problems[0]!.path).toBe("settings.resourceMapping.npc.hp.value");
  });
});

describe("Apply Damage dialog", () => {
  it("turns the form into an event: types, checked and typed traits, tags, label", () => {
    expect(splitList(" Fire, cold;acid ")).toEqual(["fire", "cold", "acid"]);
    expect(eventFromForm({ amount: "14", "type.fire": true, "type.acid": false, types: "cold", "trait.critical": true, "trait.silvered": false, otherTraits: "Holy", tags: "fear", label: " Smite " }, { total: 14 })).toEqual({
      parts: [{ amount: 14, types: ["fire", "cold"] }],
      traits: ["holy", "critical"],
      source: { tags: ["fear"] },
      label: "Smite",
    });
  });
});
