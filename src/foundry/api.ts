/**
 * The public API, at `game.modules.get("damage-chain").api`.
 *
 * ```js
 * const api = game.modules.get("damage-chain").api;
 * await api.applyDamage([...game.user.targets], { parts: [{ amount: 12, types: ["fire"] }], traits: ["attack"] });
 * const dry = api.preview(actor, { parts: [{ amount: 12 }] });   // writes nothing
 * api.profiles.register({ id: "my-game", name: "My game", steps: [{ step: "resistance" }, { step: "life" }] });
 * ```
 */
import type { ProfileRegistry } from "../core/profile-registry.ts";
import { applyDamage, type ApplyOptions, type ApplyOutcome, type SharedTarget } from "./hit/apply.ts";
import { previewHit, type Preview } from "./hit/preview.ts";
import { MODULE_ID } from "./constants.ts";
import { profiles } from "./settings/profiles.ts";
import type { TargetLike } from "./actor/targets.ts";
import { undoCard, type UndoResult } from "./card/undo.ts";
import type { RedoResult } from "./hit/redo.ts";
import { loadRedo } from "./hit/load-redo.ts";

export type { Preview };

/** What a dry run would do to one actor. */

/** The API object. */
export interface DamageChainApi {
  /**
   * Apply one damage event (`DamageEventInput`, see `src/core/model/event.ts`)
   * to targets: tokens, token documents, actors or uuids, or
   * `{ target, multiplier?, parts? }` for a target's own share of the hit
   * (`multiplier` 0.5 for a save for half, 0 none, 2 double, any
   * number from 0 to 1000; `parts` the indexes of the parts it takes). The
   * share is taken of the incoming damage, before the chain; each target's
   * parts are multiplied and their sum rounded down once (`core/share.ts`).
   * One batched write per parent, one chat card whose rows say each share.
   * Players' requests on actors they do not own go to the active GM. Throws
   * Error naming the field for an invalid event, share or unknown
   * `options.profile`; RelayError when the GM refuses or is absent.
   */
  applyDamage(targets: readonly (TargetLike | SharedTarget)[], event: unknown, options?: ApplyOptions): Promise<ApplyOutcome>;
  /** Dry run on one actor: resolves the event, writes nothing, posts nothing. Throws like `applyDamage`. */
  preview(actor: Actor.Implementation, event: unknown, options?: Pick<ApplyOptions, "profile">): Preview;
  /** Every profile: built-ins, the GM's custom profiles, and those registered by other modules. */
  profiles: ProfileRegistry;
  /** Open the Apply Damage dialog (for a macro). */
  openApplyDialog(): void;
  /**
   * Undo the hit announced by chat message `messageId`, as the Undo button
   * does: "reverted", "already" (a second undo does nothing), "denied",
   * "invalid" (not a Damage Chain card), "relayed" (done by the GM) or
   * "refused" (not the newest hit on an actor, or the card names actors or
   * fields a hit cannot touch, or a resource value no hit leaves:
   * `card/undo-check.ts`; nothing is written), also when the GM refuses a
   * player's relayed undo (the player is told why).
   */
  undo(messageId: string): Promise<UndoResult>;
  /**
   * Redo the undone hit of chat message `messageId` through the chain as it
   * stands now, each target with its share, on a new card that says so
   * ("Redo of Fireball"): `{ result: "redone", messageIds }`, or `result`
   * "notUndone", "already" (redone before), "denied", "invalid" or
   * "refused" (a card no GM or owner posted). Throws a RelayError when the
   * GM refuses a player's redo (`hit/redo.ts`).
   */
  redo(messageId: string): Promise<RedoResult>;
}

/** Build the API. `openApplyDialog` is passed in so this file stays free of UI code. */
export function createApi(openApplyDialog: () => void): DamageChainApi {
  return {
    applyDamage,
    preview: previewHit,
    profiles,
    openApplyDialog,
    async undo(messageId) {
      // The collection's stored-document type does not narrow to the configured class.
      const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
      return message === undefined ? "invalid" : undoCard(message);
    },
    async redo(messageId) {
      const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
      return message === undefined ? { result: "invalid" } : (await loadRedo()).redoCard(message);
    },
  };
}

declare global {
  interface ModuleConfig {
    "damage-chain": { api: DamageChainApi };
  }
}

/** Publish `api` on the module. */
export function publishApi(api: DamageChainApi): void {
  const mod = game.modules?.get(MODULE_ID);
  if (mod !== undefined) mod.api = api;
}
