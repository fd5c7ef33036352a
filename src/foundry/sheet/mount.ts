/**
 * Foundry glue of the Defenses tab: fill a tab panel of an actor sheet with
 * the tab for that actor. Reads the actor through the adapter, renders with
 * `foundry.applications.handlebars.renderTemplate`, localizes with
 * `game.i18n`, previews with the active profile at the world's game time,
 * and saves through `persist.ts` / `saveState`. An unsaved draft is kept per
 * sheet, so a re-render of the sheet (another update to the actor) does not
 * throw away what the user is typing.
 */
import { profileLabel } from "../../core/labels.ts";
import { historyOpener } from "./history-link.ts";
import { describeImportRules } from "../../core/import/rules-note.ts";
import { readDefender, saveState } from "../actor/data.ts";
import { countsSystemTraits, importInto, importSystem } from "../actor/system-traits.ts";
import { systemData } from "../actor/system-support.ts";
import { profileUse } from "./profile-use.ts";
import { activeProfile } from "../settings/profiles.ts";
import { mappingFor } from "../actor/resources.ts";
import { actorAccess } from "./actor-access.ts";
import { mountDefensesTab, type TabController, type UiState } from "./controller.ts";
import { draftFromDefender, sameContent, type DefenderDraft } from "./draft.ts";
import { PREVIEW_TEMPLATE, TAB_TEMPLATE } from "./paths.ts";
import { saveDraft } from "./persist.ts";
import { runPreview } from "./preview.ts";
import { sheetInWords, traceLocalizer, type Localizer } from "./localizer.ts";
import { wordsOf } from "../../core/words.ts";
import { validateDraft } from "./validate.ts";
import { buildTabContext } from "./view-model.ts";
import { recipeOptions, withRecipe } from "./recipes.ts";

/** `game.i18n` as the tab's localizer (parameters passed as strings, as Foundry expects). */
export function foundryLocalizer(): Localizer {
  const i18n = game.i18n!;
  return {
    localize: (key) => i18n.localize(key),
    format: (key, data) => i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))),
  };
}

interface Kept {
  actorId: string;
  draft: DefenderDraft;
  ui: Partial<UiState>;
  controller?: TabController;
}

/** Per sheet: the last draft and UI state, and the mounted controller. */
const kept = new WeakMap<object, Kept>();

/** The tab edits the stored defenses, never the system traits a hit may read live. */
const STORED_ONLY = { systemTraits: false } as const;

/**
 * Render the Defenses tab of `actor` into `panel` (a tab panel of `sheet`).
 * Does nothing for a user who may not see it. Never throws: a failure is
 * shown in the panel and logged.
 */
export async function fillTab(panel: HTMLElement, actor: Actor.Implementation, sheet: object): Promise<void> {
  const access = actorAccess(actor);
  if (access === "hidden") return;
  try {
    const editable = access === "edit";
    const profile = activeProfile();
    // The profile's words (pf2e: Resistance and Weakness for FDR and DV) in every label, the preview and the warnings.
    const t = sheetInWords(foundryLocalizer(), wordsOf(profile.id));
    const { defender, problems } = readDefender(actor, profile, STORED_ONLY);
    const mapped = Object.fromEntries(Object.entries(mappingFor(actor, profile)).map(([key, paths]) => [key, paths.value]));
    const previous = kept.get(sheet);
    previous?.controller?.destroy();
    const fresh = draftFromDefender(defender, mapped);
    const keep = previous !== undefined && previous.actorId === actor.id && previous.ui.dirty === true && editable && !sameContent(previous.draft, fresh);
    // The state always comes from the actor: hits change it while the sheet is open.
    const draft = keep ? { ...previous.draft, state: fresh.state } : fresh;
    const status = problems.map((p) => `${p.path}: ${p.message}`).join("\n");
    const entry: Kept = { actorId: actor.id ?? "", draft, ui: { ...previous?.ui, dirty: keep, status } };
    kept.set(sheet, entry);
    const { renderTemplate } = foundry.applications.handlebars;

    // What the profile applies: the tab shows and offers only that (entries it does not read stay, folded).
    const use = profileUse(profile);
    const system = systemData();
    // The system's own traits at the top; a system without a summary (dnd4e) only offers its import, while hits do not count it live.
    const systemTraits = system?.traitSummary?.(actor, profile);
    const importable = importSystem() !== undefined && (systemTraits !== undefined || !countsSystemTraits()) ? importSystem() : undefined;
    const openSystemEditor = system?.openTraitEditor === undefined ? undefined : (id: string, from: HTMLElement) => {
      if (system.openTraitEditor?.(actor, id, from) !== true) ui.notifications?.warn(t.format("DAMAGECHAIN.Sheet.SystemTraits.NoEditor", { system: system.id }));
    };
    // Ready-made defenses the profile can run, the world's system's own first (`core/recipes.ts`).
    const recipes = recipeOptions(game.system?.id, use.steps, t);
    // The actor's damage history: for GMs and the actor's owners.
    const openHistory = historyOpener();
    const mayOpenHistory = openHistory !== undefined && (game.user?.isGM === true || actor.isOwner);
    entry.controller = mountDefensesTab(
      panel,
      {
        editable,
        render: (d, ui) =>
          renderTemplate(
            TAB_TEMPLATE,
            buildTabContext(
              d,
              {
                editable, uid: String(actor.id), now: game.time!.worldTime, profileName: profileLabel(profile, traceLocalizer(t)), damageTypes: profile.options.damageTypes,
                steps: use.steps, resources: use.resources, creatureTraits: use.creatureTraits, systemTraits, preview: ui.preview, previewOpen: ui.previewOpen, dirty: ui.dirty, templateForm: ui.templateForm, importSystem: importable, recipes,
                history: mayOpenHistory,
              },
              t,
            ),
          ),
        renderPreview: (view) => renderTemplate(PREVIEW_TEMPLATE, view as unknown as Record<string, unknown>),
        validate: (d) => validateDraft(d, profile.options, t),
        preview: (d, input) => runPreview(d, input, profile, game.time!.worldTime, t),
        save: (d) => saveDraft(actor, d, profile),
        reload: () => draftFromDefender(readDefender(actor, profile, STORED_ONLY).defender, mapped),
        openHistory: mayOpenHistory ? () => openHistory(actor) : undefined,
        openSystemEditor,
        addRecipe: (d: DefenderDraft, id: string) => withRecipe(d, id, t),
        importSystem: importSystem() === undefined ? undefined : (defenses) => {
          const done = importInto(actor, defenses);
          // Which rules the imported traits now follow under this profile.
          const rules = done.imported === undefined ? "" : describeImportRules(profile, done.imported, traceLocalizer(t));
          if (rules !== "") ui.notifications?.info(rules);
          return done.defenses;
        },
        saveState: async (s) => {
          const bad = await saveState(actor, s);
          if (bad.length > 0) ui.notifications?.error(bad.map((p) => `${p.path}: ${p.message}`).join("\n"));
        },
        text: (key, detail) =>
          key === "saved" ? t.localize("DAMAGECHAIN.Sheet.Status.Saved") : key === "fixErrors" ? t.localize("DAMAGECHAIN.Sheet.Status.FixErrors") : t.format("DAMAGECHAIN.Sheet.Status.TemplateFailed", { detail: detail ?? "" }),
        onChange: (d, ui) => {
          entry.draft = d;
          entry.ui = ui;
        },
      },
      draft,
      entry.ui,
    );
  } catch (err) {
    console.error("damage-chain | Defenses tab", err);
    panel.textContent = String(err instanceof Error ? err.message : err);
  }
}
