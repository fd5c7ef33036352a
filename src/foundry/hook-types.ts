/**
 * Hook signatures for fvtt-types (declaration merging of `HookConfig`): the
 * module's own hooks and the dnd5e 5.x damage hooks it listens to. The dnd5e
 * shapes are the few fields this module reads (dnd5e `Actor5e#calculateDamage`,
 * `#applyDamage`).
 */
import type { ResolveResult } from "../core/chain.ts";
import type { DamageEvent } from "../core/model/event.ts";

/** One dnd5e damage description: points, type, and physical properties (`mgc`, `sil`, `ada`). */
export interface Dnd5eDamage {
  value: number;
  type: string;
  properties?: Set<string> | undefined;
}

/** A dnd5e activity (only what this module reads): the actor that uses it. */
export interface Dnd5eActivity {
  actor?: Actor.Implementation | null;
}

/** dnd5e's damage list after calculation: the descriptions plus the totals. */
export type Dnd5eDamageSummary = Dnd5eDamage[] & { amount: number; temp: number; tempMax: number };

/** dnd5e damage application options (only what this module reads or sets). */
export interface Dnd5eDamageOptions {
  ignore?: boolean | Record<string, unknown>;
  multiplier?: number;
  isDelta?: boolean;
  originatingMessage?: { id?: string | null } | null;
  [key: string]: unknown;
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- declaration merging into fvtt-types
  namespace Hooks {
    interface HookConfig {
      /** Before the chain runs on one target. Change `event` in place, or return false to cancel that target. */
      "damage-chain.preResolve": (actor: Actor.Implementation, event: DamageEvent, options: Record<string, unknown>) => boolean | void;
      /** After a hit was written. `result` is undefined when the chain was skipped (unusable flags). */
      "damage-chain.resolved": (actor: Actor.Implementation, result: ResolveResult | undefined, event: DamageEvent) => void;
      "dnd5e.preCalculateDamage": (actor: Actor.Implementation, damages: Dnd5eDamage[], options: Dnd5eDamageOptions) => boolean | void;
      "dnd5e.calculateDamage": (actor: Actor.Implementation, damages: Dnd5eDamageSummary, options: Dnd5eDamageOptions) => boolean | void;
      "dnd5e.preApplyDamage": (actor: Actor.Implementation, amount: number, updates: Record<string, unknown>, options: Dnd5eDamageOptions) => boolean | void;
      "dnd5e.applyDamage": (actor: Actor.Implementation, amount: number, options: Dnd5eDamageOptions) => void;
      /** dnd5e 5.x `Activity#consume` (module/documents/activity/mixin.mjs): before and after `updates.actor` is written. */
      "dnd5e.activityConsumption": (activity: Dnd5eActivity, usageConfig: unknown, messageConfig: unknown, updates: { actor?: Record<string, unknown> }) => boolean | void;
      "dnd5e.postActivityConsumption": (activity: Dnd5eActivity, usageConfig: unknown, messageConfig: unknown, updates: unknown) => boolean | void;
      /** Foundry v13 (not yet typed by fvtt-types): the scene controls, by name. */
      getSceneControlButtons: (controls: Record<string, foundry.applications.ui.SceneControls.Control>) => void;
    }
  }
}
