/**
 * Pathfinder 1e (`pf1`), behind the interface of `systems/types.ts`;
 * loaded only in pf1 worlds. PF1 computes no damage reduction of its own, so
 * the world's default profile is `pf1` (`core/pf1/profile.ts`, which comes with this folder): the Core
 * Rulebook's DR, energy resistance, hardness, immunity and vulnerability,
 * read live from the actor's PF1 traits on every hit (`core/import/pf1.ts`).
 * - damage entry point: PF1's static `ActorPF.applyDamage`, replaced at
 *   `ready` (`apply-damage.ts`): one chain hit per target, one write, one card;
 * - HP mapping: `system.attributes.hp` (value, max, temp taken first);
 *   the points that reach life are written as PF1 writes them (`writeLife`,
 *   `core/pf1-life.ts`): nonlethal damage to `hp.nonlethal`, HP below 0.
 */
import type { ResolveResult } from "../../../core/chain.ts";
import { importPf1 } from "../../../core/import/pf1.ts";
import { pf1LifeWrite } from "../../../core/pf1-life.ts";
import type { ResourcePaths } from "../../../core/resource-map.ts";
import { registerPf1Steps } from "../../../core/steps/pf1.ts";
import { readPath } from "../../../core/update-paths.ts";
import type { ResourceChange } from "../../actor/hit-plan.ts";
import { MODULE_ID } from "../../constants.ts";
import { PF1_PROFILE } from "../../../core/pf1/profile.ts";
import type { SystemSupport } from "../types.ts";
import { wrapPf1ApplyDamage } from "./apply-damage.ts";
import { openPf1TraitEditor, pf1TraitSummary } from "./trait-summary.ts";

const HP = "system.attributes.hp";
/** PF1's hit points (`public/template.json`: `attributes.hp` value, max, temp, nonlethal). */
const PF1_HP: ResourcePaths = { value: `${HP}.value`, max: `${HP}.max`, temp: `${HP}.temp` };

const whole = (data: unknown, path: string): number => {
  const n = Number(readPath(data, path));
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/**
 * PF1's write of what reached life (`core/pf1-life.ts`), as data paths and
 * the card's changes: the points the life step was given (taken + overflow:
 * PF1 lets hit points go below 0). Undefined when life is not PF1's HP (a
 * GM's own mapping) or the life step took none (counters, no life step).
 */
function writeLife(data: unknown, event: { traits: readonly string[] }, result: ResolveResult, life: ResourcePaths | undefined): { writes: Record<string, number>; changes: ResourceChange[] } | undefined {
  if (life?.value !== PF1_HP.value) return undefined;
  const entry = result.trace.find((e) => e.step === "life");
  const taken = entry?.params.taken;
  const overflow = entry?.params.overflow;
  if (typeof taken !== "number" || typeof overflow !== "number") return undefined;
  const points = taken + overflow;
  const hp = { value: whole(data, `${HP}.value`), max: whole(data, `${HP}.max`), temp: Math.max(0, whole(data, `${HP}.temp`)), nonlethal: Math.max(0, whole(data, `${HP}.nonlethal`)) };
  const w = pf1LifeWrite(hp, points, event.traits.includes("nonlethal"));
  const writes: Record<string, number> = {};
  const changes: ResourceChange[] = [];
  if (w.value !== undefined) {
    writes[`${HP}.value`] = w.value;
    changes.push({ key: "hp", before: hp.value, after: w.value, max: hp.max });
  }
  if (w.temp !== undefined) {
    writes[`${HP}.temp`] = w.temp;
    changes.push({ key: "temp", before: hp.temp, after: w.temp });
  }
  if (w.nonlethal !== undefined) {
    writes[`${HP}.nonlethal`] = w.nonlethal;
    changes.push({ key: "nonlethal", before: hp.nonlethal, after: w.nonlethal, max: hp.max });
  }
  return { writes, changes };
}

export const support: SystemSupport = {
  id: "pf1",
  profile: PF1_PROFILE,
  hpPaths: PF1_HP,
  importer: { id: "pf1", read: importPf1 },
  // The pf1 profile's steps read PF1's own traits on every hit: PF1 applies none of them itself.
  countsTraitsLive: () => true,
  writeLife,
  lifeWrites: { extra: [`${HP}.nonlethal`], negative: true },
  traitSummary: pf1TraitSummary,
  openTraitEditor: openPf1TraitEditor,
  registerDamage() {
    registerPf1Steps();
  },
  ready() {
    if (!wrapPf1ApplyDamage()) console.warn(`${MODULE_ID} | PF1's ActorPF.applyDamage not found; its damage is an untyped hit`);
  },
};
