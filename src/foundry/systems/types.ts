/**
 * The one small interface through which a game system's folder plugs into
 * Damage Chain. To support a new system, add a folder
 * `src/foundry/systems/<system id>/` whose `index.ts` exports
 * `support: SystemSupport`; `systems/index.ts` finds it at build time, and
 * nothing else in the adapter names a system. The folder is loaded
 * only in worlds of that system (a chunk of its own).
 *
 * Every member is optional: a system without a member behaves as "any
 * system" does (HP drops on the token bar's attribute are untyped hits).
 */
import type { Profile } from "../../core/model/profile.ts";
import type { SystemData } from "../actor/system-support.ts";

export interface SystemSupport extends SystemData {
  /**
   * Register the system's damage entry points (its hooks, wrappers of its
   * damage application) and whatever core steps its profiles need. Called
   * once, as soon as the folder is loaded during `init`.
   */
  registerDamage?(): void;
  /** Put the Defenses tab on the system's own sheets (static tab registration, sheet modules' APIs). Called once, at load during `init`. `icon`: Font Awesome classes of the tab. */
  registerSheets?(icon: string): void;
  /** The system's own built-in profile, which joins the built-ins when the folder loads (the `profile` setting's default in its worlds: its id is the system's). */
  profile?: Profile;
  /** At `ready`, once the folder is loaded: wrap what exists only then (a system's applications), load what depends on other modules. May return a promise of that work. */
  ready?(): void | Promise<void>;
}
