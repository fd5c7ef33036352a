/**
 * Where the Defenses tab's templates live (relative to the Foundry data
 * root) and the ids it registers. The partials are loaded under short names
 * (`{{> "damage-chain.field"}}`) with `loadTemplates({name: path})`.
 */
import { MODULE_ID } from "../constants.ts";

const base = `modules/${MODULE_ID}/templates`;

/** The tab's id in a sheet's tab group (and the dnd5e part id). */
export const TAB_ID = "damageChain";

/** The whole tab. */
export const TAB_TEMPLATE = `${base}/defenses-tab.hbs`;
/** The live preview's result (rendered on its own while typing). */
export const PREVIEW_TEMPLATE = `${base}/parts/preview-result.hbs`;
/** dnd5e sheet part: the tab's empty section, filled after render. */
export const HOST_TEMPLATE = `${base}/parts/tab-host.hbs`;

/** Partials of the tab, by name. */
export const PARTIALS: Readonly<Record<string, string>> = {
  "damage-chain.field": `${base}/parts/field.hbs`,
  "damage-chain.section": `${base}/parts/section.hbs`,
  "damage-chain.preview": `${base}/parts/preview.hbs`,
  "damage-chain.templates-panel": `${base}/parts/templates-panel.hbs`,
  "damage-chain.resources": `${base}/parts/resources.hbs`,
  "damage-chain.state": `${base}/parts/state.hbs`,
  "damage-chain.system-traits": `${base}/parts/system-traits.hbs`,
  "damage-chain.keywords": `${base}/parts/keywords.hbs`,
  "damage-chain.creature-traits": `${base}/parts/creature-traits.hbs`,
};
