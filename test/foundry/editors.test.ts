/**
 * The settings editors' and the Apply Damage dialog's data: custom-profile
 * drafts (add, order, configure steps; validation by field), resource-mapping
 * rows, and the event a filled-in dialog describes.
 */
import { describe, expect, it } from "vitest";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { eventFromForm, splitList } from "../../src/foundry/apps/apply-dialog.ts";
import { fromRows, toRows } from "../../src/foundry/apps/mapping-editor.ts";
import { addStep, freeId, fromDrafts, moveStep, readForm, removeStep, toDraft } from "../../src/foundry/apps/profile-draft.ts";

const builtIns = new Set(BUILT_IN_PROFILES.map((p) => p.id));
const cardGame = BUILT_IN_PROFILES.find((p) => p.id === "card-game")!;

describe("custom profile drafts", () => {
  it("a copy of a built-in, reordered and reconfigured, validates into a profile", () => {
    const d = toDraft(cardGame, { id: freeId(new Set(["custom-1"])), name: "House rules" });
    expect(d.id).toBe("custom-2");
    addStep(d);
    moveStep(d, d.steps.length - 1, -10);
    readForm(d, { "steps.0.step": "immunity", "steps.3.options": '{"mode":"hp","atZero":"dying"}', "steps.1.enabled": false });
    removeStep(d, 2);
    const { profiles, problems } = fromDrafts([d], builtIns);
    expect(problems).toEqual([]);
    expect(profiles[0]!.steps.map((s) => [s.step, s.enabled])).toEqual([["immunity", true], ["prevention", false], ["life", true], ["triggers", true]]);
    expect(profiles[0]!.steps[2]!.options).toMatchObject({ mode: "hp", atZero: "dying" });
  });

  it("reports bad JSON, bad options, built-in and duplicate ids by field, and saves nothing", () => {
    const a = toDraft(cardGame, { id: "mine", name: "Mine" });
    const b = toDraft(cardGame, { id: "mine", name: "Mine too" });
    const c = toDraft(cardGame);
    readForm(a, { "steps.2.options": "{mode: counters" });
    readForm(b, { "steps.2.options": '{"mode":"sometimes"}' });
    const { profiles, problems } = fromDrafts([a, b, c], builtIns);
    expect(profiles).toEqual([]);
    expect(problems.map((p) => p.path)).toEqual(["profiles[0].steps[2].options", "profiles[1].id", "profiles[1].steps[2].options.mode", "profiles[2].id"]);
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
    expect(eventFromForm({ amount: "14", types: "fire cold", "trait.critical": true, "trait.silvered": false, otherTraits: "Holy", tags: "fear", label: " Smite " }, { total: 14 })).toEqual({
      parts: [{ amount: 14, types: ["fire", "cold"] }],
      traits: ["holy", "critical"],
      source: { tags: ["fear"] },
      label: "Smite",
    });
  });
});
