/**
 * The browser-test page: the real Defenses-tab controller, view model,
 * validation and preview (and the real chain), rendering the real Handlebars
 * templates, with Foundry replaced by plain stand-ins: Handlebars for
 * `renderTemplate`, {@link makeLocalizer} for `game.i18n`, and a log instead
 * of actor writes. Bundled by `test/browser/support.ts` with Vite.
 */
import Handlebars from "handlebars";
import { defenderSchema, type DefenderInput } from "../../../src/core/model/defender.ts";
import type { DefenderState } from "../../../src/core/model/defender.ts";
import { BUILT_IN_PROFILES } from "../../../src/core/profiles.ts";
import { mountDefensesTab, type TabController } from "../../../src/foundry/sheet/controller.ts";
import { recipeOptions, withRecipe } from "../../../src/foundry/sheet/recipes.ts";
import { applyImport, importDnd5e } from "../../../src/core/import/index.ts";
import { bestiaryHtml, drawCharts, type BestiaryViewData, type ChartClass } from "../../../src/foundry/apps/bestiary/view.ts";
import { draftFromDefender, draftInput, type DraftInput } from "../../../src/foundry/sheet/draft.ts";
import { runPreview } from "../../../src/foundry/sheet/preview.ts";
import { validateDraft } from "../../../src/foundry/sheet/validate.ts";
import { buildTabContext } from "../../../src/foundry/sheet/view-model.ts";
import { PARTIALS } from "../../../src/foundry/sheet/paths.ts";
import { useValidationLanguage } from "../../../src/core/messages.ts";
import { makeLocalizer } from "./localizer.ts";
import { defineMultiSelect } from "./multi-select.ts";
import { activateTab, injectTab } from "../../../src/foundry/sheet/inject.ts";
import { cardData } from "../../../src/foundry/card/data.ts";
import { localizer } from "../../../src/foundry/localizer.ts";
import { explainSteps, targetView } from "../../../src/foundry/card/view.ts";
import { CARD_PARTIALS } from "../../../src/foundry/constants.ts";
import type { HitPlan } from "../../../src/foundry/hit/plan.ts";
import { resolve } from "../../../src/core/chain.ts";
import { profileLabel } from "../../../src/core/explain.ts";
import { traceLocalizer } from "../../../src/foundry/sheet/localizer.ts";
import { damageEventSchema, type DamageEventInput } from "../../../src/core/model/event.ts";
import { seededRandom } from "../../../src/core/random.ts";
import { hitViews, type HitOptions, type HitTarget } from "./hit-card.ts";
import { registerDnd5eSteps } from "../../../src/core/steps/dnd5e.ts";
import { dnd5eTraitsFromSystem } from "../../../src/core/import/dnd5e-traits.ts";
import { DND5E_PHYSICAL_TYPES } from "../../../src/core/model/dnd5e.ts";
import { DND5E_EDITORS, dnd5eClauses, type Dnd5eLabels } from "../../../src/foundry/systems/dnd5e/trait-clauses.ts";
import type { SystemTraitSummary } from "../../../src/foundry/actor/system-support.ts";
import type { TestLocalizer } from "./localizer.ts";

export interface HarnessConfig {
  /** Template sources by path relative to the repo (`templates/defenses-tab.hbs`). */
  templates: Record<string, string>;
  lang: unknown;
}

export interface MountOptions {
  defender: DefenderInput;
  editable: boolean;
  profile?: string;
  /** Game time in seconds. */
  now?: number;
  /** Resource key -> actor data path (resources the game system owns). */
  mapped?: Record<string, string>;
  /** A dnd5e actor document: the tab offers to import its traits (as under a dnd5e world). */
  dnd5eActor?: unknown;
  /**
   * The enabled steps the tab is told of (a profile not built in yet:
   * `profile` still runs the preview); `resources`: the pools they take
   * damage from. Not given: none, so the tab shows every section, as the
   * editing tests need.
   */
  steps?: string[];
  resources?: string[];
  /** The world's system, for the recipes the menu offers first (with `steps`). */
  system?: string;
  /** The dnd5e actor's traits at the top of the tab, as the dnd5e profile reads them (`dnd5eActor`'s system data); `reading` default "profile". */
  dnd5eSummary?: { reading?: SystemTraitSummary["reading"] };
  /** The page's language, for the labels dnd5e would give (default en). */
  language?: "en" | "de";
}

/**
 * dnd5e's labels as the test's stand-in for `CONFIG.DND5E` and dnd5e's lang
 * file: damage types by the module's own labels, the bypass properties and
 * dnd5e's bypass phrase (`DND5E.DAMAGE.PhysicalBypass.Description`, en; a
 * German rendering for de).
 */
function dnd5eLabels(t: TestLocalizer, lang: string): Dnd5eLabels {
  const de = lang === "de";
  const and = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
  const or = new Intl.ListFormat(lang, { style: "long", type: "disjunction" });
  const properties: Record<string, string> = de ? { mgc: "Magisch", sil: "Versilbert", ada: "Adamant" } : { mgc: "Magical", sil: "Silvered", ada: "Adamantine" };
  return {
    type: (id) => t.localize(`DAMAGECHAIN.Type.${id}`),
    isPhysical: (id) => DND5E_PHYSICAL_TYPES.includes(id),
    property: (id) => properties[id] ?? id,
    condition: (id) => t.localize(`DAMAGECHAIN.Condition.${id}`),
    bypass: (types, props) => (de ? `${and.format(types)} durch Angriffe, die nicht ${or.format(props)} sind` : `${and.format(types)} from attacks that are not ${or.format(props)}`),
    list: (items) => and.format(items),
  };
}

const log: { saved: DraftInput[]; states: DefenderState[]; editors: string[] } = { saved: [], states: [], editors: [] };
let controller: TabController | undefined;
let config: HarnessConfig | undefined;
const compiled = new Map<string, Handlebars.TemplateDelegate>();

function template(path: string): Handlebars.TemplateDelegate {
  const found = compiled.get(path);
  if (found) return found;
  const source = config?.templates[path];
  if (source === undefined) throw new Error(`harness: no template ${path}`);
  const t = Handlebars.compile(source);
  compiled.set(path, t);
  return t;
}

function setup(c: HarnessConfig): void {
  config = c;
  // As a dnd5e world's folder does at init: the dnd5e profile's steps, for its preview.
  registerDnd5eSteps();
  const t = makeLocalizer(c.lang);
  // As the module's i18nInit hook does: validation messages in the page's language.
  useValidationLanguage({ format: (key, params) => t.format(key, params ?? {}), has: t.has });
  // Foundry defines <multi-select> itself; the page has a double of it (./multi-select.ts).
  defineMultiSelect(t.localize("DAMAGECHAIN.Sheet.Remove"));
  Handlebars.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) =>
    Object.keys(options.hash as object).length > 0 ? t.format(key, options.hash as Record<string, string>) : t.localize(key),
  );
  // Stand-ins for Foundry v13's own Handlebars helpers the windows use (`HandlebarsHelpers`: eq, checked, disabled, selectOptions).
  Handlebars.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  Handlebars.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
  Handlebars.registerHelper("disabled", (v: unknown) => (v ? "disabled" : ""));
  Handlebars.registerHelper("selectOptions", (choices: Record<string, string>, options: Handlebars.HelperOptions) => {
    const { selected, localize } = options.hash as { selected?: string; localize?: boolean };
    const esc = Handlebars.Utils.escapeExpression;
    return new Handlebars.SafeString(Object.entries(choices).map(([value, label]) => `<option value="${esc(value)}"${value === selected ? " selected" : ""}>${esc(localize ? t.localize(label) : label)}</option>`).join(""));
  });
  for (const [name, path] of Object.entries({ ...PARTIALS, ...CARD_PARTIALS })) {
    const source = c.templates[path.replace(/^modules\/damage-chain\//, "")];
    if (source !== undefined) Handlebars.registerPartial(name, source);
  }
}

function mount(root: HTMLElement, o: MountOptions): void {
  if (!config) throw new Error("harness: call setup first");
  controller?.destroy();
  log.saved.length = 0;
  log.states.length = 0;
  log.editors.length = 0;
  const t = makeLocalizer(config.lang);
  const profile = BUILT_IN_PROFILES.find((p) => p.id === (o.profile ?? "revised-4e"))!;
  const now = o.now ?? 0;
  let defender = defenderSchema.parse(o.defender);
  const draft = draftFromDefender(defender, o.mapped ?? {});
  const system = (o.dnd5eActor as { system?: unknown } | undefined)?.system;
  const systemTraits: SystemTraitSummary | undefined =
    o.dnd5eSummary === undefined ? undefined : { system: "dnd5e", reading: o.dnd5eSummary.reading ?? "profile", clauses: dnd5eClauses(dnd5eTraitsFromSystem(system).traits, [], dnd5eLabels(t, o.language ?? "en")), editors: [...DND5E_EDITORS] };
  controller = mountDefensesTab(
    root,
    {
      editable: o.editable,
      render: (d, ui) =>
        template("templates/defenses-tab.hbs")(
          buildTabContext(
            d,
            {
              editable: o.editable, uid: "test", now, profileName: profileLabel(profile, traceLocalizer(t)), damageTypes: profile.options.damageTypes,
              steps: o.steps, resources: o.resources, creatureTraits: o.steps === undefined ? undefined : false, systemTraits, recipes: o.steps === undefined ? [] : recipeOptions(o.system, o.steps, t),
              preview: ui.preview, previewOpen: ui.previewOpen, dirty: ui.dirty, templateForm: ui.templateForm, importSystem: o.dnd5eActor === undefined ? undefined : "dnd5e",
            },
            t,
          ),
        ),
      renderPreview: (view) => template("templates/parts/preview-result.hbs")(view),
      validate: (d) => validateDraft(d, profile.options, t),
      preview: (d, input) => runPreview(d, input, profile, now, t),
      save: async (d) => {
        const v = validateDraft(d, profile.options, t);
        const errors = v.problems.filter((p) => p.level === "error");
        if (errors.length === 0) {
          log.saved.push(draftInput(d));
          defender = defenderSchema.parse({ ...defender, ...draftInput(d), state: d.state });
        }
        return errors;
      },
      reload: () => draftFromDefender(defender, o.mapped ?? {}),
      importSystem: o.dnd5eActor === undefined ? undefined : (defenses) => applyImport(defenses, importDnd5e(o.dnd5eActor).defenses, "dnd5e"),
      openSystemEditor: (id) => log.editors.push(id),
      addRecipe: (d, id) => withRecipe(d, id, t),
      saveState: async (s) => {
        log.states.push(s);
      },
      text: (key, detail) =>
        key === "saved" ? t.localize("DAMAGECHAIN.Sheet.Status.Saved") : key === "fixErrors" ? t.localize("DAMAGECHAIN.Sheet.Status.FixErrors") : t.format("DAMAGECHAIN.Sheet.Status.TemplateFailed", { detail: detail ?? "" }),
    },
    draft,
  );
}

/** One target of a test chat card: a named defender hit by `event`. */
export interface CardTarget {
  name: string;
  defender: DefenderInput;
  event: DamageEventInput;
}

/**
 * Render `templates/chat-card.hbs` from the adapter's real `cardData`, for
 * hits resolved by the real chain. `game.i18n` is the test localizer (the
 * only Foundry global card-data reads).
 */
function renderCard(selector: string, targets: CardTarget[], profileId = "revised-4e"): void {
  if (!config) throw new Error("harness: call setup first");
  const t = makeLocalizer(config.lang);
  (globalThis as unknown as { game: unknown }).game = { i18n: { localize: t.localize, format: t.format, has: t.has } };
  const profile = BUILT_IN_PROFILES.find((p) => p.id === profileId)!;
  const plans = targets.map((target, i) => {
    const event = damageEventSchema.parse(target.event);
    const defender = defenderSchema.parse(target.defender);
    const result = resolve({ event, defender, profile, random: seededRandom(1), now: 0 });
    const changes = Object.keys(result.taken).map((key) => ({ key, before: defender.resources[key]?.value ?? 0, after: result.resources[key]?.value ?? 0, max: defender.resources[key]?.max }));
    const actor = { uuid: `Actor.test${i}`, id: `test${i}`, name: target.name, img: null, hasPlayerOwner: false };
    return { actor, event, result, final: result.final, problems: [], changes, delta: { uuid: actor.uuid, apply: {}, revert: {} } } as unknown as HitPlan;
  });
  const data = cardData(plans, profile);
  const l = localizer();
  const root = document.querySelector(selector)!;
  root.innerHTML = template("templates/chat-card.hbs")({ summary: data.summary, profile: data.profile, targets: data.targets.map((x, i) => targetView(x, i, l)), variableResistance: [], gmPart: false, reverted: false });
  // The explanations, as the render hook draws them when a row is opened.
  for (const list of root.querySelectorAll<HTMLElement>("details[data-row] ol")) {
    const row = Number(list.closest<HTMLElement>("details")!.dataset.row);
    list.innerHTML = template("templates/parts/card-steps.hbs")({ steps: explainSteps(data.targets[row]!.entries, l) });
  }
}

/**
 * Render a whole hit's messages into `selector`, each in its own
 * `<div class="message">` (the card, then its GM part): see `hit-card.ts`.
 * Every row's explanation is drawn as when opened. Returns how many messages.
 */
function renderHit(selector: string, targets: HitTarget[], o: HitOptions): number {
  if (!config) throw new Error("harness: call setup first");
  const t = makeLocalizer(config.lang);
  (globalThis as unknown as { game: unknown }).game = { i18n: { localize: t.localize, format: t.format, has: t.has } };
  const root = document.querySelector(selector)!;
  const views = hitViews(targets, o);
  const l = localizer();
  root.innerHTML = views.map((v) => `<div class="message">${template("templates/chat-card.hbs")(v.view)}</div>`).join("");
  root.querySelectorAll<HTMLElement>(".message").forEach((message, m) => {
    for (const list of message.querySelectorAll<HTMLElement>("details[data-row] ol")) {
      const row = Number(list.closest<HTMLElement>("details")!.dataset.row);
      list.innerHTML = template("templates/parts/card-steps.hbs")({ steps: explainSteps(views[m]!.rows[row]?.entries ?? [], l) });
    }
  });
  return views.length;
}

/** The GM Bestiary window's content (`apps/bestiary/view.ts`) for `data`, its charts drawn by Chart.js (imported on demand, as the window does). */
async function renderBestiary(selector: string, data: BestiaryViewData): Promise<number> {
  if (!config) throw new Error("harness: call setup first");
  const root = document.querySelector<HTMLElement>(selector)!;
  const t = makeLocalizer(config.lang);
  root.innerHTML = bestiaryHtml(data, t);
  const { default: Chart } = await import("chart.js/auto");
  return drawCharts(root, data.report, t, Chart as unknown as ChartClass).length;
}

/** Back to the state `setup` left, for a page reused by the next test: the tab's controller destroyed (its queued renders dropped), the log emptied, no `game` global. */
function reset(): void {
  controller?.destroy();
  controller = undefined;
  log.saved.length = 0;
  log.states.length = 0;
  log.editors.length = 0;
  delete (globalThis as { game?: unknown }).game;
}

const harness = {
  setup,
  reset,
  renderBestiary,
  mount: (selector: string, o: MountOptions) => mount(document.querySelector<HTMLElement>(selector)!, o),
  settled: () => controller?.settled() ?? Promise.resolve(),
  log: () => structuredClone(log),
  draft: () => (controller ? draftInput(controller.draft) : undefined),
  renderTemplate: (path: string, context: object) => template(path)(context),
  renderCard,
  renderHit,
  injectTab: (selector: string, tabId: string, label: string) => {
    const root = document.querySelector<HTMLElement>(selector)!;
    const r = injectTab(root, tabId, label, "fa-solid fa-shield-halved");
    return r ? { group: r.group, navTag: r.navItem.tagName, panelTag: r.panel.tagName } : null;
  },
  activateTab: (selector: string, group: string, tabId: string) => activateTab(document.querySelector<HTMLElement>(selector)!, group, tabId),
};

declare global {
  interface Window {
    harness: typeof harness;
  }
}
window.harness = harness;
