/** The step registry: one file per chain step (RULES.md §2). */
import type { Step } from "../context.ts";
import type { StepId } from "../model/profile.ts";
import { armorValue } from "./armorValue.ts";
import { clamp } from "./clamp.ts";
import { damageLimit } from "./damageLimit.ts";
import { damageShell } from "./damageShell.ts";
import { endurance } from "./endurance.ts";
import { bdr, dv, fdr } from "./flat.ts";
import { guard } from "./guard.ts";
import { immunity } from "./immunity.ts";
import { life } from "./life.ts";
import { bdn, fdn } from "./negate.ts";
import { pf2eWeaknessOnce } from "./pf2eWeaknessOnce.ts";
import { pools } from "./pools.ts";
import { prevention } from "./prevention.ts";
import { reaction } from "./reaction.ts";
import { reduction } from "./reduction.ts";
import { resistance } from "./resistance.ts";
import { tagResistance } from "./tagResistance.ts";
import { triggers } from "./triggers.ts";
import { variableResistance } from "./variableResistance.ts";

/** The steps every world has; the dnd5e profile's steps are registered apart (`dnd5e.ts`). */
export const STEPS: Partial<Record<StepId, Step>> = {
  immunity,
  prevention,
  bdn,
  bdr,
  dv,
  armorValue,
  fdn,
  fdr,
  tagResistance,
  resistance,
  reduction,
  pools,
  guard,
  damageLimit,
  damageShell,
  endurance,
  reaction,
  life,
  clamp,
  triggers,
  variableResistance,
  pf2eWeaknessOnce,
};
