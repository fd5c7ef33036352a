/**
 * The core's tests (project "main") run every built-in profile, the dnd5e
 * one too, whose steps are registered apart from the chain (in
 * Foundry, dnd5e's folder registers them, which the adapter suite tests).
 */
import { registerDnd5eSteps } from "../src/core/steps/dnd5e.ts";
import { registerPf1Steps } from "../src/core/steps/pf1.ts";

registerDnd5eSteps();
registerPf1Steps();

// Likewise the Daggerheart profile's steps (its folder, systems/daggerheart/, registers them in Foundry).
import { registerDaggerheartSteps } from "../src/core/steps/daggerheart.ts";

registerDaggerheartSteps();
