/**
 * The `daggerheart` profile's steps, registered apart from every world's
 * steps so that only Daggerheart worlds load them (with
 * `src/foundry/systems/daggerheart/`); the CLI and the core's index register
 * them at load. Registering twice is harmless.
 */
import { registerSteps } from "../chain.ts";
import { daggerheartDamage } from "./daggerheartDamage.ts";
import { daggerheartThreshold } from "./daggerheartThreshold.ts";

/** Make the two Daggerheart steps available to {@link ../chain.ts resolve}. */
export function registerDaggerheartSteps(): void {
  registerSteps({ daggerheartDamage, daggerheartThreshold });
}
