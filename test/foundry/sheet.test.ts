/**
 * The Defenses tab's pure parts, in Node: who may see and edit it, the draft
 * operations, inline validation messages, the state section and the live
 * preview. The lang file is the real one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { tabAccess } from "../../src/foundry/sheet/access.ts";
import { addRow, draftFromDefender, draftInput, moveRow, removeRow, resetState, sameContent } from "../../src/foundry/sheet/draft.ts";
import { SECTIONS } from "../../src/foundry/sheet/fields.ts";
import { parentPath, readList, readNumber } from "../../src/foundry/sheet/form.ts";
import { runPreview } from "../../src/foundry/sheet/preview.ts";
import { stateView } from "../../src/foundry/sheet/state-view.ts";
import { validateDraft } from "../../src/foundry/sheet/validate.ts";
import { buildTabContext } from "../../src/foundry/sheet/view-model.ts";
import { makeLocalizer } from "../browser/harness/localizer.ts";
import { defensesSchema } from "../../src/core/model/defenses.ts";

const lang = JSON.parse(readFileSync(join(import.meta.dirname, "../../lang/en.json"), "utf8")) as { DAMAGECHAIN: { Validation: Record<string, string>; Sheet: { Error: Record<string, string>; Kind: Record<string, string> } } };
const t = makeLocalizer(lang);
const E = { ...lang.DAMAGECHAIN.Validation, ...lang.DAMAGECHAIN.Sheet.Error };
const profile = BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")!;
const draftOf = (d: DefenderInput) => draftFromDefender(defenderSchema.parse(d));

describe("tabAccess", () => {
  const none = { isGM: false, owner: false, observer: false };
  it("GM edits; owners edit only when the setting allows; observers read; limited users see nothing", () => {
    expect(tabAccess({ ...none, isGM: true }, "gm")).toBe("edit");
    expect(tabAccess({ ...none, owner: true, observer: true }, "gm")).toBe("read");
    expect(tabAccess({ ...none, owner: true, observer: true }, "owner")).toBe("edit");
    expect(tabAccess({ ...none, observer: true }, "owner")).toBe("read");
    expect(tabAccess(none, "owner")).toBe("hidden");
  });
});

describe("draft", () => {
  it("round-trips a defender's defenses through the draft unchanged", () => {
    const input: DefenderInput = { defenses: { resistances: [{ type: "fire", limit: 5, condition: "advantage" }], shells: [{ id: "s", value: 3 }], keywords: ["swarm"] }, traits: ["ally"], resources: { guard: { value: 2, max: 4 } } };
    const parsed = defenderSchema.parse(input);
    const back = draftInput(draftFromDefender(parsed));
    expect(defensesSchema.parse(back.defenses)).toEqual(parsed.defenses);
    expect(back.resources).toEqual({ guard: { value: 2, max: 4 } });
    expect(back.traits).toEqual(["ally"]);
  });

  it("covers every field of every defense list of the schema (RULES.md §2)", () => {
    for (const s of SECTIONS) {
      // Each list is a default around an array (zod/mini: read through the schema definitions).
      const element = (defensesSchema.shape[s.list] as unknown as { def: { innerType: { def: { element: { shape: Record<string, unknown> } } } } }).def.innerType.def.element;
      const fields = new Set([...s.fields.map((f) => f.key), "template"]);
      const missing = Object.keys(element.shape).filter((k) => !fields.has(k));
      expect(missing, s.list).toEqual(s.list === "roleDefenses" ? ["id", "condition", "ignoredBy", "onlyWith", "group"] : []);
    }
  });

  it("adds, moves and removes rows without touching the input", () => {
    const d = draftOf({ defenses: { vulnerabilities: [{ type: "cold" }, { type: "acid" }] } });
    const added = addRow(d, "vulnerabilities");
    expect(added.lists.vulnerabilities.map((v) => v.type)).toEqual(["cold", "acid", ""]);
    expect(moveRow(added, "vulnerabilities", 1, -1).lists.vulnerabilities.map((v) => v.type)).toEqual(["acid", "cold", ""]);
    expect(moveRow(added, "vulnerabilities", 0, -1).lists.vulnerabilities.map((v) => v.type)).toEqual(["cold", "acid", ""]);
    expect(removeRow(added, "vulnerabilities", 0).lists.vulnerabilities.map((v) => v.type)).toEqual(["acid", ""]);
    expect(d.lists.vulnerabilities).toHaveLength(2);
    expect(() => addRow(d, "nonsense")).toThrow(/list: unknown defense list "nonsense"/);
  });

  it("resets one part of the state at a time", () => {
    const s = defenderSchema.parse({ state: { roundLifeLost: 9, shellImmune: true, shellCooldowns: { a: 50, b: 60 }, oneTimeUses: { w: 0 }, conditions: ["slowed", "dazed"] } }).state;
    expect(resetState(s, "round")).toMatchObject({ roundLifeLost: 0, shellImmune: false, shellCooldowns: { a: 50, b: 60 } });
    expect(resetState(s, "shell", "a").shellCooldowns).toEqual({ b: 60 });
    expect(resetState(s, "oneTime", "w").oneTimeUses).toEqual({});
    expect(resetState(s, "condition", "dazed").conditions).toEqual(["slowed"]);
    expect(resetState(s, "conditions").conditions).toEqual([]);
    expect(s.roundLifeLost).toBe(9);
  });

  it("sameContent compares after schema defaults", () => {
    const a = draftOf({ defenses: { prevention: [{ kind: "oneTime" }] } });
    const b = { ...a, lists: { ...a.lists, prevention: [{ kind: "oneTime" }] } };
    expect(sameContent(a, b)).toBe(true);
    expect(sameContent(a, addRow(a, "resistances"))).toBe(false);
  });
});

describe("lists the tab has no section for", () => {
  it("are saved back unchanged (endurance, reactions): opening and saving the tab loses nothing", () => {
    const defender = defenderSchema.parse({ defenses: { endurance: [{ id: "relentless", hp: 1, uses: 1 }], reactions: [{ id: "uncanny", effect: "halve" }], damageLimits: [{ value: 30 }] } });
    const saved = draftInput(draftFromDefender(defender)).defenses;
    expect(saved.endurance).toEqual(defender.defenses.endurance);
    expect(saved.reactions).toEqual(defender.defenses.reactions);
    expect(saved.damageLimits).toEqual([{ value: 30 }]);
  });
});

describe("form values", () => {
  it("keeps what cannot be a number as typed, so validation names it", () => {
    expect([readNumber(""), readNumber(" 7 "), readNumber("2.5"), readNumber("-1"), readNumber("ten")]).toEqual([undefined, 7, 2.5, -1, "ten"]);
    expect(readList(" fire, ,cold ")).toEqual(["fire", "cold"]);
    expect(parentPath("defenses.armor[1].layer")).toBe("defenses.armor[1]");
    expect(parentPath("defenses.armor[1]")).toBe("defenses.armor");
  });
});

describe("validateDraft", () => {
  const problemsOf = (d: DefenderInput, edit?: (draft: ReturnType<typeof draftOf>) => void) => {
    const draft = draftOf(d);
    edit?.(draft);
    return validateDraft(draft, profile.options, t).problems;
  };

  it("names the field and says why, in the user's language", () => {
    expect(problemsOf({}, (d) => d.lists.resistances.push({ type: "fire", limit: 2.5 }))).toEqual([{ path: "defenses.resistances[0].limit", message: E.WholeNumber, level: "error" }]);
    expect(problemsOf({}, (d) => d.lists.resistances.push({ type: "fire", limit: "lots" }))).toEqual([{ path: "defenses.resistances[0].limit", message: E.Number, level: "error" }]);
    expect(problemsOf({}, (d) => d.lists.damageLimits.push({ value: -2 }))).toEqual([{ path: "defenses.damageLimits[0].value", message: E.Min!.replace("{min}", "0"), level: "error" }]);
    expect(problemsOf({}, (d) => d.lists.damageLimits.push({}))).toEqual([{ path: "defenses.damageLimits[0].value", message: E.Required, level: "error" }]);
    expect(problemsOf({}, (d) => d.lists.immunities.push({ type: "all" }))).toEqual([{ path: "defenses.immunities[0].type", message: E.ImmuneAll, level: "error" }]);
    expect(problemsOf({}, (d) => d.lists.conditionImmunities.push({ gains: "slowed", condition: "sometimes" }))).toEqual([{ path: "defenses.conditionImmunities[0].condition", message: E.Choice, level: "error" }]);
  });

  it("refuses a second Hard layer even while another list has an error", () => {
    const p = problemsOf({}, (d) => {
      d.lists.armor.push({ type: "physical", value: 1, layer: "hard" }, { type: "fire", value: 2, layer: "hard" });
      d.lists.resistances.push({ type: "" });
    });
    expect(p.map((x) => [x.path, x.message])).toEqual([
      ["defenses.resistances[0].type", E.Required],
      ["defenses.armor[1].layer", E.HardLayer],
    ]);
  });

  it("armor pieces: rows of one piece are one Hard layer; a second Hard piece and a piece of mixed layers are refused at the layer", () => {
    const plate = [{ type: "physical", value: 6, layer: "hard", piece: "Plate" }, { type: "fire", value: 3, layer: "hard", piece: "Plate" }];
    expect(problemsOf({}, (d) => d.lists.armor.push(...plate))).toEqual([]);
    const p = problemsOf({}, (d) => d.lists.armor.push(...plate, { type: "cold", value: 2, layer: "soft", piece: "Plate" }, { type: "physical", value: 1, layer: "hard", piece: "Helm" }));
    expect(p.map((x) => [x.path, x.message])).toEqual([
      ["defenses.armor[2].layer", E.PieceLayer!.replace("{piece}", "Plate").replace("{layer}", lang.DAMAGECHAIN.Sheet.Kind.hard!)],
      ["defenses.armor[3].layer", E.HardLayer],
    ]);
  });

  it("warns on the newest entry completing invulnerability and on non-stacking duplicates", () => {
    const every = profile.options.damageTypes.map((type) => ({ type }));
    const p = problemsOf({ defenses: { immunities: every, resistances: [{ type: "fire", group: "g" }, { type: "cold", group: "g" }] } });
    expect(p.filter((x) => x.level === "warning").map((x) => x.path)).toEqual(["defenses.resistances[1]", `defenses.immunities[${every.length - 1}]`]);
  });

  it("checks resource rows", () => {
    const p = problemsOf({ resources: { guard: { value: 3, max: 5 } } }, (d) => {
      d.resources[0] = { key: "guard", value: 5, max: 3 };
      d.resources.push({ key: "guard", value: 1, max: undefined }, { key: "", value: "x", max: undefined });
    });
    expect(p.map((x) => x.path)).toEqual(["resources[0].value", "resources[1].key", "resources[2].key", "resources[2].value"]);
  });
});

describe("state section and preview", () => {
  it("shows shell cooldowns as time left at the current game time", () => {
    const d = draftOf({ defenses: { shells: [{ id: "s1", value: 10 }, { id: "s2", value: 5 }] }, state: { shellCooldowns: { s1: 100_000 } } });
    const v = stateView(d, 10_000, t);
    expect(v.shells.map((s) => [s.id, s.left, s.ready])).toEqual([["s1", 90_000, false], ["s2", 0, true]]);
    expect(v.shells[0]?.leftText).toBe("1d 1h");
  });

  it("shows the uses of 'drop to 1 HP instead of 0' left until the rest, beside one-time prevention; entries without uses are not listed", () => {
    const d = draftOf({ defenses: { endurance: [{ id: "relentless-endurance", label: "Relentless Endurance", uses: 1 }, { id: "undead-fortitude", saveDc: 5 }] }, state: { oneTimeUses: { "relentless-endurance": 0 } } });
    expect(stateView(d, 0, t).oneTime).toEqual([{ id: "relentless-endurance", label: "Relentless Endurance", left: 0, total: 1, spent: true }]);
  });

  it("runs the real chain and explains each step", () => {
    const input: DefenderInput = { resources: { hp: { value: 30 } }, defenses: { resistances: [{ type: "fire", limit: 10 }] } };
    const view = runPreview(draftOf(input), { amount: "27", types: "fire", traits: [], level: "", tags: "" }, profile, 0, t);
    const core = resolve({ event: damageEventSchema.parse({ parts: [{ amount: 27, types: ["fire"] }] }), defender: defenderSchema.parse(input), profile, random: seededRandom(1), now: 0 });
    expect(view.ok).toBe(true);
    expect(view.final).toBe(core.final);
    expect(view.lines.map((l) => [l.in, l.out])).toEqual(core.trace.map((e) => [e.in, e.out]));
    expect(view.lines.every((l) => !l.text.startsWith("DAMAGECHAIN."))).toBe(true);
    expect(view.taken).toEqual([{ label: "HP", points: core.final }]);
  });

  it("reports bad preview input instead of throwing", () => {
    const view = runPreview(draftOf({}), { amount: "lots", types: "", traits: [], level: "x", tags: "" }, profile, 0, t);
    expect(view.ok).toBe(false);
    expect(view.problems).toHaveLength(2);
  });

  it("shows only sections the profile applies with entries; the empty ones it applies sit in the Add defense menu; the others fold away", () => {
    const d = draftOf({ defenses: { armor: [{ type: "physical", value: 1, layer: "soft" }] } });
    const ctx = buildTabContext(d, { editable: true, uid: "u", now: 0, profileName: "p", steps: ["immunity", "resistance"], preview: { amount: "", types: "", traits: [], level: "", tags: "" }, dirty: false }, t);
    expect(ctx.sections.map((s) => s.list)).toEqual([]);
    expect(ctx.unused.sections.map((s) => [s.list, s.used, s.rows.length])).toEqual([["armor", false, 1]]);
    expect(ctx.unused.label).toBe("Not used by this profile (1)");
    expect(ctx.add.defenses.slice(0, 3).map((s) => s.value)).toEqual(["immunities", "resistances", "vulnerabilities"]);
    expect(ctx.add.defenses.map((s) => s.value)).not.toContain("armor");
    expect(ctx.add.defenses.map((s) => s.value)).not.toContain("shells");
    const read = buildTabContext(d, { editable: false, uid: "u", now: 0, profileName: "p", steps: ["immunity"], preview: { amount: "", types: "", traits: [], level: "", tags: "" }, dirty: false }, t);
    expect(read.add.any).toBe(false);
  });
});

describe("the tab in pf2e's words", () => {
  it("under the pf2e profile the flat section is 'Resistances and weaknesses' and its kinds Resistance and Weakness; other profiles keep FDR and DV", async () => {
    const { sheetInWords } = await import("../../src/foundry/sheet/localizer.ts");
    const { wordsOf } = await import("../../src/core/words.ts");
    const { profileUse } = await import("../../src/foundry/sheet/profile-use.ts");
    const d = draftOf({ defenses: { flat: [{ kind: "FDR", type: "fire", value: 5 }] } });
    const view = (id: string) => {
      const p = BUILT_IN_PROFILES.find((x) => x.id === id)!;
      const ctx = buildTabContext(d, { editable: true, uid: "u", now: 0, profileName: id, steps: profileUse(p).steps, preview: { amount: "", types: "", traits: [], level: "", tags: "" }, dirty: false }, sheetInWords(t, wordsOf(id)));
      const flat = ctx.sections.find((s) => s.list === "flat")!;
      return { label: flat.label, kinds: flat.rows[0]!.fields.find((f) => f.key === "kind")!.options.map((o) => o.label) };
    };
    expect(view("pf2e")).toEqual({ label: "Resistances and weaknesses", kinds: ["Resistance", "Weakness"] });
    expect(view("layered-armor").label).toBe("Flat reductions (BDR / FDR / DV)");
    expect(view("layered-armor").kinds).toEqual(["BDR (base)", "FDR (final)", "DV (vulnerability)"]);
  });
});
