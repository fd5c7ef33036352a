/**
 * The module's views as a GM sees them: the profile
 * editor and the Apply Damage dialog rendered from the real templates with
 * the real CSS, and the Defenses tab (editable and read-only), in both
 * themes and languages. axe-core finds no serious or
 * critical violation; the profile editor's default view has no JSON text box
 * (JSON import/export sits in a closed section); the German views show no
 * English phrase of the lang file and no internal path.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { STEP_IDS } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { copyChoices, copyOf, exportJson, profileFields, stepFields } from "../../src/foundry/apps/profile-draft.ts";
import { makeLocalizer } from "./harness/localizer.ts";
import { DIALOG_TRAITS } from "../../src/foundry/apps/apply-dialog.ts";
import { axeFindings, readLang, useBrowser } from "./support.ts";

const session = useBrowser();

/** The profile editor's context for a copy of the armor-pools profile (the richest options), as `profile-editor.ts` builds it. */
function editorContext(lang: "en" | "de"): object {
  const t = makeLocalizer(readLang(lang));
  const l = { format: (key: string, params?: Record<string, string>) => t.format(key, params ?? {}), has: t.has };
  const stepLabel = (id: string) => t.localize(`DAMAGECHAIN.Step.${id}`);
  const draft = copyOf(BUILT_IN_PROFILES.find((p) => p.id === "armor-pools")!, "custom-1", l);
  return {
    drafts: [{ index: 0, id: draft.id, name: draft.name, active: true }],
    draft: { ...draft, steps: draft.steps.map((s, i) => ({ ...s, index: i, number: i + 1, label: stepLabel(s.step), first: i === 0, last: i === draft.steps.length - 1, fields: stepFields(s, i) })), optionFields: profileFields(draft), json: exportJson(draft) },
    stepChoices: Object.fromEntries(STEP_IDS.map((id) => [id, `DAMAGECHAIN.Step.${id}`])),
    copyChoices: copyChoices(BUILT_IN_PROFILES, l),
    problems: [],
  };
}

/** The Apply Damage dialog's context in `lang`, as `apply-dialog.ts` builds it. */
const dialogContext = (lang: "en" | "de") => ({
  damageTypes: ["fire", "cold"].map((id) => ({ name: `type.${id}`, label: makeLocalizer(readLang(lang)).localize(`DAMAGECHAIN.Type.${id}`) })),
  traits: DIALOG_TRAITS.map((id) => ({ id, name: `trait.${id}`, label: `DAMAGECHAIN.Dialog.Trait.${id}` })),
  targeted: 2,
  selected: 0,
  defaultMode: "targeted",
});

async function show(theme: "light" | "dark", lang: "en" | "de", path: string, context: object): Promise<Page> {
  const page = await session.open(theme, lang);
  await page.evaluate(({ path, context }) => {
    const host = document.querySelector<HTMLElement>("#tab")!;
    host.innerHTML = `<form class="application">${window.harness.renderTemplate(path, context)}</form>`;
  }, { path, context });
  return page;
}

/** English phrases of the lang file that German says otherwise (several words, placeholders cut out). */
function englishPhrases(): string[] {
  const leaves = (o: unknown, out: Map<string, string>, at = ""): Map<string, string> => {
    if (typeof o === "string") out.set(at, o);
    else if (o !== null && typeof o === "object") for (const [k, v] of Object.entries(o)) leaves(v, out, `${at}.${k}`);
    return out;
  };
  const en = leaves(readLang("en"), new Map());
  const de = leaves(readLang("de"), new Map());
  return [...en].filter(([k, v]) => de.get(k) !== v).flatMap(([, v]) => v.split(/\{[^}]*\}/)).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 3);
}

const windows = [
  { name: "profile editor", path: "templates/profile-editor.hbs", context: (lang: "en" | "de") => editorContext(lang) },
  { name: "Apply Damage dialog", path: "templates/apply-dialog.hbs", context: (lang: "en" | "de") => dialogContext(lang) },
  {
    name: "damage log",
    path: "templates/damage-log.hbs",
    context: () => ({
      lockedActor: false,
      actors: [{ uuid: "Actor.ogre", name: "Ogre", selected: false }],
      rounds: [{ value: 1, selected: false }, { value: 2, selected: true }],
      appliers: [{ id: "gm", name: "Gamemaster", selected: false }],
      entries: [
        { kind: "hit", messageId: "m2", time: "25.11.26, 08:40:00", round: 2, applierName: "Gamemaster", label: "Redo of Fireball: 12 Fire", reverted: false, targets: [{ name: "Ogre", dealt: 7, hp: { before: 40, after: 33 } }], undoable: true, redoable: false },
        { kind: "hit", messageId: "m1", time: "25.11.26, 08:39:00", round: 2, applierName: "Gamemaster", label: "Fireball: 12 Fire", reverted: true, redone: "m2", targets: [{ name: "Ogre", dealt: 7, hp: { before: 40, after: 33 } }], undoable: false, redoable: false },
      ],
    }),
  },
  {
    name: "resource mapping editor",
    path: "templates/mapping-editor.hbs",
    context: (lang: "en" | "de") => ({
      types: [
        { type: "npc", label: lang === "en" ? "NPC" : "NSC", rows: [{ key: "hp", value: "system.attributes.hp.value", max: "system.attributes.hp.max", temp: "", index: 0, number: 1 }] },
        { type: "vehicle", label: lang === "en" ? "Vehicle" : "Fahrzeug", rows: [] },
      ],
      resourceKeys: ["hp", "guard"],
      problems: [],
    }),
  },
];

/** A data path where a label belongs: `defenses.resistances[1]`, `flags.damage-chain…`, `profiles[0]` (not a sentence ending in "defenses."). */
const INTERNAL_PATH = /\b(?:defenses|flags)\.[A-Za-z[]|profiles\[/;

/** Everything a reader meets in `#tab`: its text, placeholders, accessible names and tooltips. */
const readable = (page: Page) =>
  page.locator("#tab").evaluate((el) => `${el.textContent ?? ""} ${[...el.querySelectorAll("[placeholder],[aria-label],[data-tooltip]")].map((e) => `${e.getAttribute("placeholder") ?? ""} ${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("data-tooltip") ?? ""}`).join(" ")}`);

describe("the Defenses tab as a reader meets it", () => {
  const ghoul: DefenderInput = {
    name: "Ghoul",
    resources: { hp: { value: 40, max: 40 }, guard: { value: 5 } },
    defenses: { resistances: [{ type: "poison", limit: 5, group: "ring", label: "Ring" }, { type: "poison", limit: 3, group: "ring" }], shells: [{ id: "s1", value: 10, cooldown: 1_209_600 }], prevention: [{ kind: "oneTime", id: "ward", uses: 2 }] },
    state: { roundLifeLost: 7, conditions: ["slowed"], shellCooldowns: { s1: 90_000 }, oneTimeUses: { ward: 1 } },
  };
  it("editable and read-only, both themes and languages: no serious or critical axe violation, no path, no English in German", async () => {
    const english = englishPhrases();
    for (const lang of ["en", "de"] as const) {
      for (const theme of ["light", "dark"] as const) {
        for (const editable of [true, false]) {
          const page = await session.open(theme, lang);
          await page.evaluate((o) => window.harness.mount("#tab", o), { defender: ghoul, editable, now: 0 });
          await page.evaluate(() => window.harness.settled());
          expect(await axeFindings(page, "#tab"), `tab ${lang} ${theme} ${editable ? "edit" : "read"}`).toEqual([]);
          const text = await readable(page);
          expect(text).not.toMatch(INTERNAL_PATH);
          if (lang === "de") for (const phrase of english) expect(text, "English in the German tab").not.toContain(phrase);
        }
      }
    }
  }, 120_000); // eight renders, each checked by axe: well over the default 30 s on a loaded 2-CPU machine
});

describe("the chat card as a reader meets it", () => {
  it("in German: no English phrase and no data path", async () => {
    const english = englishPhrases();
    const page = await session.open("dark", "de");
    const ringed: DefenderInput = { resources: { hp: { value: 30, max: 30 } }, defenses: { resistances: [{ type: "poison", limit: 5, group: "ring", label: "Ring" }, { type: "poison", limit: 3, group: "ring" }], vulnerabilities: [{ type: "radiant", limit: 5 }] } };
    await page.evaluate((targets) => window.harness.renderCard("#card", targets), [{ name: "Ghul", defender: ringed, event: { parts: [{ amount: 17, types: ["poison"] }, { amount: 4, types: ["radiant"] }], traits: ["attack", "burst"] } }]);
    await page.locator(".damage-chain-card__detail").first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const text = await page.locator("#card").evaluate((el) => `${el.textContent ?? ""} ${[...el.querySelectorAll("[aria-label],[data-tooltip]")].map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("data-tooltip") ?? ""}`).join(" ")}`);
    expect(text).toContain("Gift");
    expect(text).not.toMatch(INTERNAL_PATH);
    for (const phrase of english) expect(text, "English in the German card").not.toContain(phrase);
  });
});

describe("the module's windows", () => {
  for (const w of windows) {
    it(`${w.name}: no serious or critical axe-core violation, in both themes and languages; German without English or paths`, async () => {
      const english = englishPhrases();
      for (const lang of ["en", "de"] as const) {
        for (const theme of ["light", "dark"] as const) {
          const page = await show(theme, lang, w.path, w.context(lang));
          const found = await axeFindings(page, "#tab");
          expect(found, `${w.name} ${lang} ${theme}`).toEqual([]);
          const text = await page.locator("#tab").evaluate((el) => `${el.textContent ?? ""} ${[...el.querySelectorAll("[placeholder],[aria-label],[data-tooltip]")].map((e) => `${e.getAttribute("placeholder") ?? ""} ${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("data-tooltip") ?? ""}`).join(" ")}`);
          expect(text).not.toMatch(INTERNAL_PATH);
          if (lang === "de") for (const phrase of english) expect(text, `English in the German ${w.name}`).not.toContain(phrase);
        }
      }
    });
  }

  it("the profile editor's default view has fields for every option and no JSON text box", async () => {
    const page = await show("light", "en", "templates/profile-editor.hbs", editorContext("en"));
    expect(await page.locator("select[name='options.rounding']").count()).toBe(1);
    expect(await page.locator("input[type=checkbox][name$='.options.wound']").count()).toBe(1);
    expect(await page.locator("input[name$='.options.phases.oneTime']").count()).toBe(1);
    expect(await page.locator("[data-json]").isVisible()).toBe(false);
    expect(await page.locator("textarea:visible").count()).toBe(1); // the description only
  });
});
