/**
 * Copies of a defender's mutable data (resources, state), so that a
 * resolution never changes the caller's objects (`chain.ts` `resolve`).
 */
import type { DefenderState, Resources } from "./model/defender.ts";

/** A copy of the defender's resources (points of each pool) for one resolution: steps change a pool's `value` in place. */
export function cloneResources(r: Resources): Resources {
  const out: Resources = {};
  for (const k in r) {
    const v = r[k]!;
    out[k] = v.max === undefined ? { value: v.value } : { value: v.value, max: v.max };
  }
  return out;
}

/** A deep copy of a defender state: its lists and records copied too (the round and turn resets of `lifecycle.ts`, the sheet's draft). */
export function cloneState(s: DefenderState): DefenderState {
  const out: DefenderState = {
    ...s,
    shellsBypassed: [...s.shellsBypassed],
    shellCooldowns: { ...s.shellCooldowns },
    oneTimeUses: { ...s.oneTimeUses },
    conditions: [...s.conditions],
    wounds: { ...s.wounds },
  };
  if (s.variableResistance) out.variableResistance = { ...s.variableResistance };
  return out;
}

/**
 * A copy of the top level of `s` for one resolution (the lists and records
 * inside stay shared: copy on write, `Context.own`), its keys in the order
 * `defenderStateSchema` gives them (as validated input has them, so the
 * result's state lists its keys as the defender's did). Written out, not
 * spread: a spread (`{ ...s }`) of a parsed state, whose last keys V8 keeps
 * outside the object, made a 2-part hit against the dnd5e anchor's 20
 * defenses 7–9 % slower. `nextHitPool` sits in the middle of the schema's
 * order: a state that has one (rare: the next hit's pool, 004) is spread. A
 * key added to the schema must be added here (`test/core/state-copy.test.ts`).
 */
export function copyState(s: DefenderState): DefenderState {
  if (s.nextHitPool !== undefined) return { ...s };
  const out: DefenderState = {
    roundLifeLost: s.roundLifeLost,
    shellImmune: s.shellImmune,
    shellsBypassed: s.shellsBypassed,
    shellCooldowns: s.shellCooldowns,
    oneTimeUses: s.oneTimeUses,
    conditions: s.conditions,
    wounds: s.wounds,
    counters: s.counters,
    temporaryDamage: s.temporaryDamage,
  };
  if (s.variableResistance !== undefined) out.variableResistance = s.variableResistance;
  return out;
}
