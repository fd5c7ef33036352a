/**
 * Typing of the module's flags for fvtt-types (declaration merging of
 * `FlagConfig`). The stored values are still validated when read
 * (`src/core/stored.ts`, `card.ts`): flags come from the database and may be
 * old or edited by hand.
 */
import type { CardFlags } from "./card/card.ts";

declare global {
  interface FlagConfig {
    ChatMessage: { "damage-chain"?: { card?: CardFlags } };
    Actor: { "damage-chain"?: Record<string, unknown> };
  }
}
