/** The step registry: one file per chain step (RULES.md §2). */
import type { Step } from "../context.ts";
import type { StepId } from "../model/profile.ts";
import { armorValue } from "./armorValue.ts";
import { clamp } from "./clamp.ts";
import { damageLimit } from "./damageLimit.ts";
import { damageShell } from "./damageShell.ts";
import { dnd5eImmunity } from "./dnd5eImmunity.ts";
import { dnd5eModification } from "./dnd5eModification.ts";
import { dnd5eResistance } from "./dnd5eResistance.ts";
import { dnd5eThreshold } from "./dnd5eThreshold.ts";
import { bdr, dv, fdr } from "./flat.ts";
import { guard } from "./guard.ts";
import { immunity } from "./immunity.ts";
import { life } from "./life.ts";
import { bdn, fdn } from "./negate.ts";
import { pools } from "./pools.ts";
import { prevention } from "./prevention.ts";
import { reduction } from "./reduction.ts";
import { resistance } from "./resistance.ts";
import { tagResistance } from "./tagResistance.ts";
import { triggers } from "./triggers.ts";
import { variableResistance } from "./variableResistance.ts";

export const STEPS: Record<StepId, Step> = {
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
  life,
  clamp,
  triggers,
  variableResistance,
  dnd5eImmunity,
  dnd5eModification,
  dnd5eResistance,
  dnd5eThreshold,
};
