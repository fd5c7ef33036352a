/**
 * `getSceneControlButtons` (v13: a record of controls): an "Apply damage"
 * button among the token tools, which opens the Apply Damage dialog, and
 * for GMs a "Bestiary" button that opens the bestiary report window.
 */

type Controls = Record<string, foundry.applications.ui.SceneControls.Control>;

/** Handler for `getSceneControlButtons(controls)`; `open` shows the dialog. */
export function addApplyDamageTool(controls: Controls, open: () => void): void {
  const tokens = controls.tokens;
  if (tokens === undefined) return;
  tokens.tools["damage-chain-apply"] = {
    name: "damage-chain-apply",
    title: "DAMAGECHAIN.Dialog.Control",
    icon: "fa-solid fa-burst",
    order: Object.keys(tokens.tools).length,
    button: true,
    visible: true,
    onChange: () => open(),
  };
}

/** Handler part for GMs: a "Bestiary" button among the token tools; `open` shows the Bestiary window. */
export function addBestiaryTool(controls: Controls, open: () => void): void {
  const tokens = controls.tokens;
  if (tokens === undefined) return;
  tokens.tools["damage-chain-bestiary"] = {
    name: "damage-chain-bestiary",
    title: "DAMAGECHAIN.Bestiary.Window.Title",
    icon: "fa-solid fa-dragon",
    order: Object.keys(tokens.tools).length,
    button: true,
    visible: true,
    onChange: () => open(),
  };
}
