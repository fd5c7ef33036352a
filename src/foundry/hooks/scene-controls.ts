/**
 * `getSceneControlButtons` (v13: a record of controls): an "Apply damage"
 * button among the token tools, which opens the Apply Damage dialog, and
 * for GMs a "Bestiary" button that opens the bestiary report window.
 */

type Controls = Record<string, foundry.applications.ui.SceneControls.Control>;

/** Add a button `id` among the token tools that calls `open` (nothing when the scene has no token controls). */
function addTokenTool(controls: Controls, id: string, title: string, icon: string, open: () => void): void {
  const tokens = controls.tokens;
  if (tokens === undefined) return;
  tokens.tools[id] = { name: id, title, icon, order: Object.keys(tokens.tools).length, button: true, visible: true, onChange: () => open() };
}

/** Handler for `getSceneControlButtons(controls)`; `open` shows the dialog. */
export function addApplyDamageTool(controls: Controls, open: () => void): void {
  addTokenTool(controls, "damage-chain-apply", "DAMAGECHAIN.Dialog.Control", "fa-solid fa-burst", open);
}

/** Handler part for GMs: a "Damage log" button among the token tools; `open` shows the world's damage log. */
export function addDamageLogTool(controls: Controls, open: () => void): void {
  addTokenTool(controls, "damage-chain-log", "DAMAGECHAIN.History.Title", "fa-solid fa-clock-rotate-left", open);
}

/** Handler part for GMs: a "Bestiary" button among the token tools; `open` shows the Bestiary window. */
export function addBestiaryTool(controls: Controls, open: () => void): void {
  addTokenTool(controls, "damage-chain-bestiary", "DAMAGECHAIN.Bestiary.Window.Title", "fa-solid fa-dragon", open);
}
