/**
 * Loads the midi-qol integration (`integration.ts`) in dnd5e worlds where the
 * midi-qol module is active (`game.modules.get("midi-qol")?.active`), and only
 * there: a dynamic import, so that its code does not weigh on the entry bundle
 *. Kept this small on purpose: it is in the entry.
 */

let loading: Promise<void> | undefined;

/**
 * Load and register the integration, once per module copy. Resolves when it
 * is registered (at once in a world without midi-qol); a failed import is
 * logged, and dnd5e's own hooks keep working.
 */
export function loadMidiQol(): Promise<void> {
  if (game.system?.id !== "dnd5e" || game.modules?.get("midi-qol")?.active !== true) return Promise.resolve();
  return (loading ??= import("./integration.ts").then((m) => m.registerMidiQol(), console.error));
}
