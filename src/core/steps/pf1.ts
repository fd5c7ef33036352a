/**
 * The `pf1` profile's own steps, registered apart so that only what needs
 * them loads them (pf1 worlds with `src/foundry/systems/pf1/`; the CLI and
 * the core's index at load), as the dnd5e steps are. Registering twice is
 * harmless.
 */
import { registerSteps } from "../chain.ts";
import { pf1Dr } from "./pf1Dr.ts";
import { pf1Vulnerability } from "./pf1Vulnerability.ts";

/** Make PF1's damage reduction and vulnerability steps available to {@link ../chain.ts resolve}. */
export function registerPf1Steps(): void {
  registerSteps({ pf1Dr, pf1Vulnerability });
}
