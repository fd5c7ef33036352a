/**
 * What the lower layers (actor data, sheets) read of the world's game
 * system. `systems/index.ts` loads the folder of the world's
 * system at `init` and puts its {@link SystemData} here; until then, and in
 * a system with no folder, this says nothing and every reader falls back to
 * what it does for any system (HP on the token bar, untyped, no trait
 * import). The slot lives in the data layer so that `actor/`, `hit/` and
 * `sheet/` never import `systems/`: the dependency goes one way.
 */
import type { ImportResult, ImportSystem } from "../../core/import/types.ts";
import type { DaggerheartTraits } from "../../core/model/daggerheart.ts";
import type { Dnd5eTraits } from "../../core/model/dnd5e.ts";
import type { Profile } from "../../core/model/profile.ts";
import type { ResourcePaths } from "../../core/resource-map.ts";
import type { DamageEvent } from "../../core/model/event.ts";
import type { ResolveResult } from "../../core/chain.ts";
import type { ResourceChange } from "./hit-plan.ts";

/** The data side of a system's support (see `systems/types.ts` for the whole interface). */
export interface SystemData {
  /** `game.system.id` of the system this describes (`generic` for any other). */
  readonly id: string;
  /** Its trait importer (`src/core/import/`): the id its entries are tagged with, and the pure import of an actor document. */
  readonly importer?: { readonly id: ImportSystem; read(actor: unknown): ImportResult };
  /** Where its actors keep hit points, when the system says (dnd5e: `system.attributes.hp`); else the token bar is read. */
  readonly hpPaths?: ResourcePaths;
  /** True when hits read the system's traits live whatever the *Count the system's own traits* setting says (pf2e's replace mode). */
  countsTraitsLive?(): boolean;
  /** dnd5e: the actor's prepared `system` as the dnd5e profile's plain traits (`defender.dnd5e`). */
  liveDnd5eTraits?(system: unknown): Dnd5eTraits;
  /**
   * Daggerheart: the actor's prepared traits and the world's variant rules as
   * the daggerheart profile's plain traits (`defender.daggerheart`), read on
   * every hit; undefined under a profile without Daggerheart steps.
   */
  liveDaggerheartTraits?(actor: Actor.Implementation, profile: Profile): DaggerheartTraits | undefined;
  /**
   * What a drop of hit points in an actor update is, when the system says
   * (its own damage write: pf2e's `applyDamage` passes `damageTaken`):
   * `null` for a write that is no hit (the system's own undo), the damage
   * types, traits and label of the hit that wrote it, or undefined for an
   * untyped hit as in any system. `options`: the update's options.
   */
  describeUpdate?(actor: Actor.Implementation, options: Record<string, unknown>): UpdateDescription | null | undefined;
  /**
   * Where the system lets life fall below 0 (Draw Steel's heroes): put what
   * the life step could not take below 0 into `writes` (path → value) and
   * return the life value before and after for the card, or undefined.
   * `data`: the actor's data; `paths`: its life mapping; `result`: the chain's.
   */
  belowZero?(data: unknown, paths: ResourcePaths | undefined, result: ResolveResult | undefined, writes: Record<string, number>): { before: number; after: number } | undefined;
  /**
   * Write what a hit took from life the system's own way, when the chain's
   * plain writes would differ (PF1: nonlethal damage to `hp.nonlethal`, hit
   * points below 0): `data` is the actor's data as it will be (this client's
   * writes in flight included), `result` the chain's, `life` where the
   * profile's life resource is mapped (the system keeps to its own HP, not a
   * GM's mapping). Returns the writes (data path → value) and the card's
   * resource changes, or undefined to keep the chain's own writes.
   */
  writeLife?(data: unknown, event: DamageEvent, result: ResolveResult, life: ResourcePaths | undefined): { writes: Record<string, number>; changes: ResourceChange[] } | undefined;
  /**
   * What `writeLife` may write besides the HP paths, for the undo's check of
   * a card: `extra` data paths holding points (PF1's `hp.nonlethal`), and
   * whether the HP value may be below 0 (PF1: negative hit points).
   */
  readonly lifeWrites?: { readonly extra: readonly string[]; readonly negative: boolean };
  /** True when the sheet `app` renders the Defenses tab itself (Tidy 5e through its API), so the generic injection leaves it alone. */
  ownsSheet?(app: unknown): boolean;
  /**
   * The actor's own damage traits as the system keeps them, labelled in the
   * system's words, for the summary at the top of the Defenses tab; and how
   * the chain meets them (`reading`). Undefined for an actor without them.
   */
  traitSummary?(actor: Actor.Implementation, profile: Profile): SystemTraitSummary | undefined;
  /**
   * Open the system's own editor `editor` (one of the summary's `editors`)
   * for `actor`; `from`: an element inside the actor's sheet. Returns false
   * when the system's editor could not be opened (the caller says so).
   */
  openTraitEditor?(actor: Actor.Implementation, editor: string, from: HTMLElement): boolean;
}

/**
 * How a hit under the active profile meets the system's own traits:
 * - `profile`: the profile's steps read them on every hit (the dnd5e
 *   profile's steps; pf2e's replace mode; the *Count the system's own
 *   traits* setting);
 * - `system`: the system applies them itself before the chain runs (dnd5e's
 *   and pf2e's "after" modes);
 * - `none`: nothing applies them (a profile without the system's steps, the
 *   setting off): the tab says so and offers the import.
 */
export type TraitReading = "profile" | "system" | "none";

/** One clause of the summary: what kind of trait, and its entries in the system's words. */
export interface TraitClause {
  kind: "immune" | "resistant" | "vulnerable" | "weak" | "modified" | "threshold" | "conditions";
  /** Entries as the system labels them ("Fire", "Bludgeoning, Piercing, and Slashing from attacks that are not Magical", "Cold 5"). */
  items: string[];
}

/** The system's own traits of one actor, for the tab's summary. */
export interface SystemTraitSummary {
  /** The system's id as shown ("dnd5e", "pf2e"). */
  system: string;
  reading: TraitReading;
  clauses: TraitClause[];
  /** The system's own editors that change these traits: id (passed to `openTraitEditor`) and which clause kind each edits. */
  editors: { id: string; kind: TraitClause["kind"]; /** Its button's lang key when the kind's own would not tell two editors apart. */ labelKey?: string }[];
}

/** A system's own damage write, as {@link SystemData.describeUpdate} tells it: the hit's damage types, event traits and card label. */
export interface UpdateDescription {
  types: string[];
  traits: string[];
  label?: string;
}

let current: SystemData | undefined;

/** Set the world's system support (called once, by `systems/index.ts`). */
export function setSystemData(data: SystemData | undefined): void {
  current = data;
}

/** The world's system support, or undefined before it is loaded or for a system without a folder. */
export function systemData(): SystemData | undefined {
  return current;
}
