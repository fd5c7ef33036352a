/**
 * Starfinder 2e, behind the interface of `systems/types.ts`; loaded only in
 * sf2e worlds. SF2e is foundryvtt/pf2e built with the system id `sf2e`
 * (`build/build-system.ts` at 0e020964, l. 11 and 25): the same
 * `ActorPF2e#applyDamage` and `undoDamage` on `CONFIG.Actor.documentClass`,
 * the same chat damage buttons calling it, the same `applyIWR`, damage types,
 * `system.attributes.hp` with temp HP taken first, `CONFIG.PF2E` labels,
 * IWR editors and actor sheets (the differences that touch damage are listed
 * in `core/import/sf2e.ts`). So this folder is pf2e's support
 * (`systems/pf2e/`) under the id `sf2e`, pf2e's chunk shared, with two
 * things of its own:
 * - the importer reports creatures as `sf2e` (`core/import/sf2e.ts`), in
 *   replace mode as in pf2e;
 * - the Defenses tab's summary names the system `sf2e`.
 * Everything else, pf2e's `pf2eMode` setting (after / replace) included, is
 * pf2e's, and the world's default profile is the pf2e profile
 * (`settings/settings.ts`).
 */
import { importSf2e } from "../../../core/import/sf2e.ts";
import type { ImportResult } from "../../../core/import/types.ts";
import { support as pf2e } from "../pf2e/index.ts";
import type { SystemSupport } from "../types.ts";

/** SF2e's traits from the prepared actor (its trait-derived IWR already in), as pf2e's importer reads pf2e's. */
const IMPORTER = {
  id: "sf2e" as const,
  read: (actor: unknown): ImportResult => importSf2e(actor, { traitIWR: false }),
};

/**
 * pf2e's support with SF2e's id, importer and summary. Built on pf2e's
 * object as its prototype, so pf2e's getters (the importer exists in replace
 * mode only) are read at each use, never copied once.
 */
export const support: SystemSupport = Object.create(pf2e, {
  id: { value: "sf2e", enumerable: true },
  importer: { get: () => (pf2e.importer === undefined ? undefined : IMPORTER), enumerable: true },
  traitSummary: {
    value: (actor: Actor.Implementation, profile: Parameters<NonNullable<SystemSupport["traitSummary"]>>[1]) => {
      const summary = pf2e.traitSummary?.(actor, profile);
      return summary === undefined ? undefined : { ...summary, system: "sf2e" };
    },
    enumerable: true,
  },
}) as SystemSupport;
