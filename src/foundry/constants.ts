/** Identifiers shared by the Foundry adapter. */

/** The module id: settings namespace, flag scope, socket and query prefix. */
export const MODULE_ID = "damage-chain";

/** Path of the module's data in an actor (`flags.damage-chain`; layout in `src/core/stored.ts`). */
export const FLAG_ROOT = `flags.${MODULE_ID}`;

/** Handlebars templates, relative to the Foundry data root. */
export const TEMPLATES = {
  card: `modules/${MODULE_ID}/templates/chat-card.hbs`,
  /** What a card's message content holds: the header and the targets' names (`card/card.ts`). */
  cardStored: `modules/${MODULE_ID}/templates/chat-card-stored.hbs`,
  /** A card row's step-by-step explanation, drawn when the reader opens it (`card/render.ts`). */
  cardSteps: `modules/${MODULE_ID}/templates/parts/card-steps.hbs`,
  applyDialog: `modules/${MODULE_ID}/templates/apply-dialog.hbs`,
  profileEditor: `modules/${MODULE_ID}/templates/profile-editor.hbs`,
  mappingEditor: `modules/${MODULE_ID}/templates/mapping-editor.hbs`,
  /** The damage log window (`apps/damage-log.ts`). */
  damageLog: `modules/${MODULE_ID}/templates/damage-log.hbs`,
} as const;

/**
 * Partials by name (`{{> "damage-chain.chain-strip"}}`), loaded with
 * `loadTemplates({name: path})`, which registers each under its name. The
 * chain strip draws the Defenses tab's preview (the chat card draws the same
 * `ChainStrip` data in its own rows, `templates/chat-card.hbs`); the option
 * field is the profile editor's generated field.
 */
export const CARD_PARTIALS = {
  "damage-chain.chain-strip": `modules/${MODULE_ID}/templates/parts/chain-strip.hbs`,
  "damage-chain.option-field": `modules/${MODULE_ID}/templates/parts/option-field.hbs`,
} as const;

/**
 * The module's socket event (`game.socket`, `"socket": true` in module.json):
 * the relay's requests and answers travel on it, because the server tells a
 * socket handler who sent a message (`relay/socket.ts`).
 */
export const RELAY_SOCKET = `module.${MODULE_ID}`;

/** How long a player waits for the GM to answer, in milliseconds. */
export const RELAY_TIMEOUT_MS = 10_000;

/**
 * Module hooks.
 * - `damage-chain.preResolve(actor, event, options)`: called with `Hooks.call`
 *   before the chain runs for one target; handlers may change `event` in place
 *   (it is re-validated afterwards) or return `false` to cancel the hit on that target.
 * - `damage-chain.resolved(actor, result, event)`: called with `Hooks.callAll`
 *   after the result has been written.
 */
export const HOOKS = {
  preResolve: `${MODULE_ID}.preResolve`,
  resolved: `${MODULE_ID}.resolved`,
} as const;
