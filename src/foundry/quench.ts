/**
 * In-world tests: when the Quench module is active it fires
 * `quenchReady` with its API, and the batches of `test/quench/` register
 * then. They are loaded through a dynamic `import()`, so Vite emits them as a
 * separate chunk that a world without Quench never downloads; the normal
 * bundle only carries this listener.
 */
import type { Quench } from "../../test/quench/support.ts";

/** Listen for `quenchReady` (it never fires without Quench) and register the batches then. */
export function registerQuench(): void {
  Hooks.once("quenchReady", (quench) => {
    import("../../test/quench/batches.ts")
      .then(({ registerQuenchBatches }) => registerQuenchBatches(quench))
      .catch((err: unknown) => console.error("damage-chain | could not load the Quench batches", err));
  });
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- declaration merging into fvtt-types
  namespace Hooks {
    interface HookConfig {
      /** The Quench module is ready for batches (only fires when Quench is active). */
      quenchReady: (quench: Quench) => void;
    }
  }
}
