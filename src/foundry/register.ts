/**
 * Wires Damage Chain into Foundry: settings and settings menus, the GM relay
 * query, the public API, and one small handler file per hook. The module's
 * entry file calls {@link registerDamageChain} once, at load.
 */
import { createApi, publishApi } from "./api.ts";
import { lazyMenu, openApplyDialog, openBestiaryWindow, openDamageLog } from "./apps/lazy.ts";
import { localizer } from "./localizer.ts";
import { CARD_PARTIALS, MODULE_ID, TEMPLATES } from "./constants.ts";
import { onDeleteCombat } from "./hooks/delete-combat.ts";
import { onI18nInit } from "./hooks/i18n-init.ts";
import { onPreUpdateActor } from "./hooks/pre-update-actor.ts";
import { loadDraw, onRenderChatMessageHTML } from "./hooks/render-chat-message.ts";
import { addApplyDamageTool, addBestiaryTool, addDamageLogTool } from "./hooks/scene-controls.ts";
import { onUpdateActor } from "./hooks/update-actor.ts";
import { onUpdateCombat } from "./hooks/update-combat.ts";
import { checkActiveProfile, checkLoadedSteps, choices, loadCustomProfiles, refreshChoices, type RefusedProfile } from "./settings/profiles.ts";
import { registerQuench } from "./quench.ts";
import { worldMapping } from "./actor/resources.ts";
import { registerRelay } from "./gm/register.ts";
import { registerSettings, setting } from "./settings/settings.ts";
import { ICON } from "./sheet/index.ts";
import { setHistoryOpener } from "./sheet/history-link.ts";
import { loadSystem } from "./systems/index.ts";
import type { SystemSupport } from "./systems/types.ts";
import { loadCard } from "./hit/conclude.ts";
import { loadPlan } from "./hit/load-plan.ts";
import { fieldName } from "../core/field-name.ts";
import type { InputProblem } from "../core/validate.ts";

let startupProblems: InputProblem[] = [];

/** The world's system folder, loading since `init` (`systems/index.ts`). */
let system: Promise<SystemSupport> | undefined;
/** Its `ready` work, done once. */
let readied: Promise<void> | undefined;

/**
 * Resolves when the world's system folder is loaded and, once `ready` has
 * run, its ready work is done. For tests and in-world checks: Foundry does
 * not wait for it (the folder is one small chunk, fetched during `init`).
 */
export function systemReady(): Promise<void> {
  if (system === undefined) return Promise.resolve();
  if (!ready) return system.then(() => undefined);
  return (readied ??= system.then((s) => s.ready?.()));
}

/** True once `ready` has fired on this client. */
let ready = false;

/** The profiles that cannot run in this world, the GM still to be told of them (`checkLoadedSteps`). */
let refusedProfiles: RefusedProfile[] = [];

/** Tell the GM (once ready and the system folder loaded) which profiles were not loaded, and whether the chosen one cannot run. */
function tellRefusedProfiles(): void {
  if (game.user?.isGM) for (const r of refusedProfiles) ui.notifications?.warn(game.i18n!.format("DAMAGECHAIN.Notify.ProfileNotLoaded", { profile: r.profile, step: game.i18n!.localize(`DAMAGECHAIN.Step.${r.step}`) }));
  refusedProfiles = [];
  checkActiveProfile();
}

function onInit(): void {
  // The card's chunks and the hit planner with the system's, none waited for: a hit must not wait for posting between
  // planning and writing (`hit/conclude.ts`), a hit inside Foundry's own update cannot wait for the planner
  // (`hooks/pre-update-actor.ts`), and the chat log draws its cards at `ready`. A failed load is tried again by the first hit or card.
  const card = Promise.all([loadCard(), loadDraw(), loadPlan()]).catch(() => undefined);
  system = loadSystem(game.system?.id, ICON).then(async (support) => {
    await card;
    // The world's steps and the chain are known now: the profiles that cannot run are unloaded, and the GM told (once ready).
    refusedProfiles = checkLoadedSteps();
    return support;
  });
  setHistoryOpener((actor) => openDamageLog(actor)); // the Defenses tab's History button
  registerSettings(choices, (value) => {
    const problems = loadCustomProfiles(value);
    if (problems.length > 0 && game.user?.isGM) warnSetting(problems[0]!);
  }, checkActiveProfile);
  game.settings!.registerMenu(MODULE_ID, "profileEditor", {
    name: "DAMAGECHAIN.Settings.Editor.Name", label: "DAMAGECHAIN.Settings.Editor.Label", hint: "DAMAGECHAIN.Settings.Editor.Hint",
    icon: "fa-solid fa-link", type: lazyMenu("profile editor", () => import("./apps/profile-editor.ts").then((m) => m.profileEditorClass())), restricted: true,
  });
  game.settings!.registerMenu(MODULE_ID, "mappingEditor", {
    name: "DAMAGECHAIN.Settings.Mapping.Name", label: "DAMAGECHAIN.Settings.Mapping.Label", hint: "DAMAGECHAIN.Settings.Mapping.Hint",
    icon: "fa-solid fa-table-list", type: lazyMenu("resource mapping editor", () => import("./apps/mapping-editor.ts").then((m) => m.mappingEditorClass())), restricted: true,
  });
  game.settings!.registerMenu(MODULE_ID, "damageLog", {
    name: "DAMAGECHAIN.History.Title", label: "DAMAGECHAIN.History.Open", hint: "DAMAGECHAIN.History.Hint",
    icon: "fa-solid fa-clock-rotate-left", type: lazyMenu("damage log", () => import("./apps/damage-log.ts").then((m) => m.damageLogClass())), restricted: true,
  });
  game.settings!.registerMenu(MODULE_ID, "bestiary", {
    name: "DAMAGECHAIN.Bestiary.Window.Title", label: "DAMAGECHAIN.Bestiary.Window.Open", hint: "DAMAGECHAIN.Bestiary.Window.Hint",
    icon: "fa-solid fa-dragon", type: lazyMenu("bestiary window", () => import("./apps/bestiary/window.ts").then((m) => m.bestiaryWindowClass())), restricted: true,
  });
  loadCustomProfiles(setting("customProfiles"));
  registerRelay();
  publishApi(createApi(openApplyDialog));
  void foundry.applications.handlebars.loadTemplates({ ...CARD_PARTIALS });
  void foundry.applications.handlebars.loadTemplates([TEMPLATES.card, TEMPLATES.cardStored, TEMPLATES.cardSteps]);
}

/** The lang files are loaded: validation speaks the user's language, and the stored settings are checked in it. */
function onI18n(): void {
  onI18nInit();
  startupProblems = [...loadCustomProfiles(setting("customProfiles")), ...worldMapping().problems];
}

/** Tell the GM a setting is invalid, naming the field as the editors do. */
function warnSetting(problem: InputProblem): void {
  ui.notifications?.warn(game.i18n!.format("DAMAGECHAIN.Notify.BadSetting", { field: fieldName(problem.path, localizer()), reason: problem.message }));
}

function onReady(): void {
  ready = true;
  void systemReady(); // the system folder's own ready work, once it is loaded
  refreshChoices(); // profiles other modules registered through the API during init/setup
  const first = startupProblems[0];
  if (first !== undefined && game.user?.isGM) warnSetting(first);
  void system?.then(tellRefusedProfiles);
}

/**
 * Register everything. Call once when the module loads (before `init`).
 * Hooks: `init`, `i18nInit`, `ready`, `preUpdateActor`, `updateActor`, `updateCombat`,
 * `deleteCombat`, `renderChatMessageHTML`, `getSceneControlButtons`, Quench's
 * `quenchReady` (in-world tests, loaded on demand: `quench.ts`), and, through
 * the world's system folder loaded at `init` (`systems/index.ts`), that
 * system's own damage hooks and sheets (dnd5e: `systems/dnd5e/index.ts`).
 */
export function registerDamageChain(): void {
  Hooks.once("init", onInit);
  Hooks.once("i18nInit", onI18n);
  Hooks.once("ready", onReady);
  Hooks.on("preUpdateActor", (actor, changed, options, userId) => onPreUpdateActor(actor, changed as Record<string, unknown>, options as Record<string, unknown>, userId));
  Hooks.on("updateActor", onUpdateActor);
  Hooks.on("updateCombat", (combat, changed, options, userId) => onUpdateCombat(combat, changed as Record<string, unknown>, options, userId));
  Hooks.on("deleteCombat", onDeleteCombat);
  Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  Hooks.on("getSceneControlButtons", (controls) => {
    addApplyDamageTool(controls, openApplyDialog);
    if (game.user?.isGM === true) {
      addBestiaryTool(controls, openBestiaryWindow);
      addDamageLogTool(controls, () => openDamageLog());
    }
  });
  registerQuench();
}
