/**
 * Typing of the module's flags for fvtt-types (declaration merging of
 * `FlagConfig`). The stored values are still validated when read
 * (`src/core/stored.ts`, `card.ts`): flags come from the database and may be
 * old or edited by hand.
 */
import type { StoredCardFlags } from "./card/flags.ts";

declare global {
  interface FlagConfig {
    /** `request`: the relay request a GM's card came from (`gm/once.ts`). */
    ChatMessage: { "damage-chain"?: { card?: StoredCardFlags; request?: { key: string; digest: string } } };
    Actor: { "damage-chain"?: Record<string, unknown> };
  }
}
