/** Public surface of the rules core. Plain data in, plain data out; no Foundry. */
export * from "./model/common.ts";
export * from "./model/event.ts";
export * from "./model/defenses.ts";
export * from "./model/defender.ts";
export * from "./model/dnd5e.ts";
export * from "./model/daggerheart.ts";
export * from "./model/profile.ts";
export * from "./context.ts";
export * from "./explain.ts";
export * from "./conditions.ts";
export * from "./random.ts";
export * from "./chain.ts";
export * from "./lifecycle.ts";
export * from "./normalize.ts";
export * from "./profiles.ts";
export * from "./validate.ts";

// The dnd5e profile's steps are registered apart from the chain; whoever uses the core's index has them all.
import { registerDnd5eSteps } from "./steps/dnd5e.ts";
import { registerPf1Steps } from "./steps/pf1.ts";
registerDnd5eSteps();
registerPf1Steps();
export { registerDnd5eSteps, registerPf1Steps };

// Likewise the daggerheart profile's steps.
import { registerDaggerheartSteps } from "./steps/daggerheart.ts";
registerDaggerheartSteps();
export { registerDaggerheartSteps };
export { DAGGERHEART_PROFILE } from "./daggerheart/profile.ts";
export { DND5E_PROFILE } from "./dnd5e/profile.ts";
export { DRAW_STEEL_PROFILE } from "./draw-steel/profile.ts";
export { PF1_PROFILE } from "./pf1/profile.ts";
export { PF2E_PROFILE } from "./pf2e/profile.ts";
