/**
 * Wires Damage Chain into Foundry: settings and settings menus, the GM relay
 * query, the public API, and one small handler file per hook. The module's
 * entry file calls {@link registerDamageChain} once, at load.
 */
import { createApi, publishApi } from "./api.ts";
import { lazyMenu, openApplyDialog, openBestiaryWindow } from "./apps/lazy.ts";
import { localizer } from "./card/data.ts";
import { CARD_PARTIALS, MODULE_ID, TEMPLATES } from "./constants.ts";
import { onDeleteCombat } from "./hooks/delete-combat.ts";
import { wrapDnd5eApplications } from "./hit/dnd5e-applications.ts";
import { onDnd5eActivityConsumption, onDnd5ePostActivityConsumption } from "./hooks/dnd5e-activity-consumption.ts";
import { onI18nInit } from "./hooks/i18n-init.ts";
import { onDnd5eApplyDamage } from "./hooks/dnd5e-apply-damage.ts";
import { onDnd5eCalculateDamage } from "./hooks/dnd5e-calculate-damage.ts";
import { onDnd5ePreApplyDamage } from "./hooks/dnd5e-pre-apply-damage.ts";
import { onDnd5ePreCalculateDamage } from "./hooks/dnd5e-pre-calculate-damage.ts";
import { onPreUpdateActor } from "./hooks/pre-update-actor.ts";
import { onRenderChatMessageHTML } from "./hooks/render-chat-message.ts";
import { addApplyDamageTool, addBestiaryTool } from "./hooks/scene-controls.ts";
import { onUpdateActor } from "./hooks/update-actor.ts";
import { onUpdateCombat } from "./hooks/update-combat.ts";
import { choices, loadCustomProfiles, refreshChoices } from "./settings/profiles.ts";
import { registerQuench } from "./quench.ts";
import { worldMapping } from "./actor/resources.ts";
import { registerRelay } from "./relay/register.ts";
import { registerSettings, setting } from "./settings/settings.ts";
import { loadMidiQol } from "./systems/dnd5e/midi-qol/load.ts";
import { fieldName } from "../core/field-name.ts";
import type { InputProblem } from "../core/validate.ts";

let startupProblems: InputProblem[] = [];

function onInit(): void {
  registerSettings(choices, (value) => {
    const problems = loadCustomProfiles(value);
    if (problems.length > 0 && game.user?.isGM) warnSetting(problems[0]!);
  });
  game.settings!.registerMenu(MODULE_ID, "profileEditor", {
    name: "DAMAGECHAIN.Settings.Editor.Name", label: "DAMAGECHAIN.Settings.Editor.Label", hint: "DAMAGECHAIN.Settings.Editor.Hint",
    icon: "fa-solid fa-link", type: lazyMenu("profile editor", () => import("./apps/profile-editor.ts").then((m) => m.profileEditorClass())), restricted: true,
  });
  game.settings!.registerMenu(MODULE_ID, "mappingEditor", {
    name: "DAMAGECHAIN.Settings.Mapping.Name", label: "DAMAGECHAIN.Settings.Mapping.Label", hint: "DAMAGECHAIN.Settings.Mapping.Hint",
    icon: "fa-solid fa-table-list", type: lazyMenu("resource mapping editor", () => import("./apps/mapping-editor.ts").then((m) => m.mappingEditorClass())), restricted: true,
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
  if (game.system?.id === "dnd5e" && wrapDnd5eApplications() === 0) console.warn("damage-chain | dnd5e's damage applications not found; each dnd5e hit gets its own card");
  void loadMidiQol(); // dnd5e with midi-qol active only, loaded on demand (its hooks come after midi-qol's own)
  refreshChoices(); // profiles other modules registered through the API during init/setup
  const first = startupProblems[0];
  if (first !== undefined && game.user?.isGM) warnSetting(first);
}

/**
 * Register everything. Call once when the module loads (before `init`).
 * Hooks: `init`, `i18nInit`, `ready`, `preUpdateActor`, `updateActor`, `updateCombat`,
 * `deleteCombat`, `renderChatMessageHTML`, `getSceneControlButtons`, and the
 * dnd5e damage hooks (`dnd5e.preCalculateDamage`, `dnd5e.calculateDamage`,
 * `dnd5e.preApplyDamage`, `dnd5e.applyDamage`) and consumption hooks
 * (`dnd5e.activityConsumption`, `dnd5e.postActivityConsumption`), which only fire under dnd5e,
 * and Quench's `quenchReady` (in-world tests, loaded on demand: `quench.ts`).
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
    if (game.user?.isGM === true) addBestiaryTool(controls, openBestiaryWindow);
  });
  Hooks.on("dnd5e.preCalculateDamage", onDnd5ePreCalculateDamage);
  Hooks.on("dnd5e.calculateDamage", onDnd5eCalculateDamage);
  Hooks.on("dnd5e.preApplyDamage", onDnd5ePreApplyDamage);
  Hooks.on("dnd5e.applyDamage", onDnd5eApplyDamage);
  Hooks.on("dnd5e.activityConsumption", onDnd5eActivityConsumption);
  Hooks.on("dnd5e.postActivityConsumption", onDnd5ePostActivityConsumption);
  registerQuench();
}
