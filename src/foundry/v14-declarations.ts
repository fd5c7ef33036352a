/**
 * Local declarations of the Foundry v14-only API the module calls.
 * npm has only the v13 fvtt-types (13.345); these follow fvtt-types
 * `main` (package 14.366, League-of-Foundry-Developers/foundry-vtt-types
 * 13e58d2) and are the only v14 typings in the module. Each is read through a
 * function here that answers `undefined` on v13, so callers branch on it.
 *
 * - `foundry.data.operators.ForcedDeletion.create()`: the v14 deletion
 *   operator that replaces `-=key: null` (fvtt-types
 *   `src/foundry/common/data/operators.d.mts`, `class ForcedDeletion`,
 *   `static create(): ForcedDeletion`; foundryvtt/foundryvtt#13090).
 * - `game.release.generation` is typed by the v13 types already (a number).
 */

/** `foundry.data.operators.ForcedDeletion` (v14): as an update value, deletes its key. */
export interface ForcedDeletionClass {
  create(): object;
}

/** `foundry.data.operators` as far as the module uses it (v14). */
export interface DataOperators {
  ForcedDeletion: ForcedDeletionClass;
}

/** v14's `foundry.data.operators`, or undefined on v13 (where it does not exist). */
export function dataOperators(): DataOperators | undefined {
  return (foundry.data as { operators?: DataOperators } | undefined)?.operators;
}

/** Foundry's generation (`game.release.generation`: 13, 14…); 13 when the client does not say. */
export function generation(): number {
  return (game as { release?: { generation?: number } }).release?.generation ?? 13;
}
