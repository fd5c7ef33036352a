/**
 * Update options that mark a write as Damage Chain's own (a resolved hit, an
 * undo, a round reset), so the interception hooks leave it alone and the hit
 * is never resolved twice.
 */
import { MODULE_ID } from "./constants.ts";

/** What the module puts in an update's options under its id. */
export interface ChainWriteMark {
  /** The module wrote this; do not intercept. */
  internal: true;
  /** Id of a pending chat card to post once the write is done (preUpdateActor path). */
  pending?: string;
}

/** Options for the module's own updates. */
export function internalWrite(pending?: string): { [MODULE_ID]: ChainWriteMark } {
  return { [MODULE_ID]: pending === undefined ? { internal: true } : { internal: true, pending } };
}

/** The module's mark in update options, if any. */
export function writeMark(options: unknown): ChainWriteMark | undefined {
  const mark = (options as Record<string, unknown> | null | undefined)?.[MODULE_ID];
  return typeof mark === "object" && mark !== null && (mark as ChainWriteMark).internal === true ? (mark as ChainWriteMark) : undefined;
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
