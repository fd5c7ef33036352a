/**
 * Picks and loads the folder of the world's game system:
 * `register.ts` calls {@link loadSystem} with `game.system.id` at `init`.
 * Each folder is its own chunk, fetched only in worlds of its system, so
 * dnd5e's code never weighs on a pf2e world or the reverse. A system not
 * listed gets {@link GENERIC}: nothing changes from "any system".
 */
import { setSystemData } from "../actor/system-support.ts";
import { addSystemProfile } from "../settings/profiles.ts";
import type { SystemSupport } from "./types.ts";

/** Any other system: HP drops on the mapped bar, untyped (docs/architecture.md, "Game systems"). */
export const GENERIC: SystemSupport = { id: "generic" };

/**
 * The folder of each supported system, by `game.system.id`: every
 * `systems/<id>/index.ts`, found at build time (Vite's `import.meta.glob`,
 * one chunk each), so adding a folder is the only step to add a system.
 */
const LOADERS: Readonly<Record<string, () => Promise<{ support: SystemSupport }>>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ support: SystemSupport }>("./*/index.ts")).map(([path, load]) => [path.split("/")[1]!, load]),
);

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
  if (support.profile !== undefined) addSystemProfile(support.profile);
  support.registerDamage?.();
  support.registerSheets?.(icon);
  return support;
}
