/**
 * Picks and loads the folder of the world's game system (issue 22 §1, §4):
 * `register.ts` calls {@link loadSystem} with `game.system.id` at `init`.
 * Each folder is its own chunk, fetched only in worlds of its system, so
 * dnd5e's code never weighs on a pf2e world or the reverse. A system not
 * listed gets {@link GENERIC}: nothing changes from "any system".
 */
import { setSystemData } from "../actor/system-support.ts";
import type { SystemSupport } from "./types.ts";

/** Any other system: HP drops on the mapped bar, untyped (docs/architecture.md, "Game systems"). */
export const GENERIC: SystemSupport = { id: "generic" };

/** The folder of each supported system, by `game.system.id`. Add a line here with a new folder. */
const LOADERS: Readonly<Record<string, () => Promise<{ support: SystemSupport }>>> = {
  dnd5e: () => import("./dnd5e/index.ts"),
  dnd4e: () => import("./dnd4e/index.ts"),
  pf2e: () => import("./pf2e/index.ts"),
};

/**
 * Load the support of system `id`, put its data where the lower layers read
 * it, and register its damage entry points and sheets. Resolves to the
 * support ({@link GENERIC} for an unlisted system). A folder that fails to
 * load is logged and the world runs as "any system"; never rejects.
 */
export async function loadSystem(id: string | undefined, icon: string): Promise<SystemSupport> {
  const load = id === undefined || !Object.hasOwn(LOADERS, id) ? undefined : LOADERS[id];
  let support = GENERIC;
  try {
    if (load !== undefined) support = (await load()).support;
  } catch (err) {
    console.error(`damage-chain | the support for the game system "${id}" could not be loaded; hits are untyped HP drops`, err);
  }
  setSystemData(support);
  support.registerDamage?.();
  support.registerSheets?.(icon);
  return support;
}
