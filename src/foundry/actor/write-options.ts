/**
 * Update options that mark a write as Damage Chain's own (a resolved hit, an
 * undo, a round reset), so the interception hooks leave it alone and the hit
 * is never resolved twice.
 */
import { MODULE_ID } from "../constants.ts";

/** What the module puts in an update's options under its id. */
export interface ChainWriteMark {
  /** The module wrote this; do not intercept. */
  internal?: true;
  /** Ids of hits resolved in `preUpdateActor` whose cards wait for this write (`pending.ts`). */
  pending?: string[];
}

/** Options for the module's own updates. */
export function internalWrite(): { [MODULE_ID]: ChainWriteMark } {
  return { [MODULE_ID]: { internal: true } };
}

/** The module's mark in update options, if any. */
export function writeMark(options: unknown): ChainWriteMark | undefined {
  const mark = (options as Record<string, unknown> | null | undefined)?.[MODULE_ID];
  return typeof mark === "object" && mark !== null ? (mark as ChainWriteMark) : undefined;
}

/** Note in update `options` that hit `id` waits for this write. Mutates `options`. */
export function markPending(options: Record<string, unknown>, id: string): void {
  const mark = (options[MODULE_ID] ??= {}) as ChainWriteMark;
  (mark.pending ??= []).push(id);
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- declaration merging into the fvtt-types operation options
  namespace Actor.Database {
    interface Update {
      /** Damage Chain's mark on its own writes. */
      "damage-chain"?: ChainWriteMark;
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-namespace -- as above
  namespace TokenDocument.Database {
    interface Update {
      /** Damage Chain's mark on its own writes. */
      "damage-chain"?: ChainWriteMark;
    }
  }
}
