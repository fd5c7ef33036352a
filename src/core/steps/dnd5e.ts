/**
 * The `dnd5e` profile's steps, registered apart from the
 * others so that only what needs them loads them (the Foundry
 * entry bundle of a world of another system leaves them out; dnd5e worlds
 * load them with `src/foundry/systems/dnd5e/`). The CLI and the core's index
 * register them at load. Registering twice is harmless.
 */
import { registerSteps } from "../chain.ts";
import { dnd5eImmunity } from "./dnd5eImmunity.ts";
import { dnd5eModification } from "./dnd5eModification.ts";
import { dnd5eResistance } from "./dnd5eResistance.ts";
import { dnd5eThreshold } from "./dnd5eThreshold.ts";
import { midiDr } from "./midiDr.ts";

/** Make the four dnd5e steps and midi-qol's damage reduction available to {@link ../chain.ts resolve}. */
export function registerDnd5eSteps(): void {
  registerSteps({ dnd5eImmunity, dnd5eModification, dnd5eResistance, dnd5eThreshold, midiDr });
}
