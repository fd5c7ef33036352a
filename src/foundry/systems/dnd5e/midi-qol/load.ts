/**
 * Loads the midi-qol integration (`integration.ts`) in dnd5e worlds where the
 * midi-qol module is active, and only there: a dynamic import, so its code
 * does not weigh on the entry bundle (issue 22 §3, §4).
 */

let loading: Promise<boolean> | undefined;

/** True in a dnd5e world with midi-qol active (`game.modules.get("midi-qol")?.active`). */
export function midiQolActive(): boolean {
  return game.system?.id === "dnd5e" && game.modules?.get("midi-qol")?.active === true;
}

/**
 * Load and register the integration once (per module copy). Resolves true
 * when it is registered, false in a world without midi-qol; a failed import
 * is logged and resolves false (dnd5e's own hooks keep working).
 */
export function loadMidiQol(): Promise<boolean> {
  if (!midiQolActive()) return Promise.resolve(false);
  loading ??= import("./integration.ts").then(
    (m) => {
      m.registerMidiQol();
      return true;
    },
    (err: unknown) => {
      console.error("damage-chain | the midi-qol integration could not be loaded", err);
      return false;
    },
  );
  return loading;
}
