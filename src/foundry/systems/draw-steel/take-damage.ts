/**
 * Draw Steel's one way of applying damage, `takeDamage` on the actor's data
 * model (MetaMorphic-Digital/draw-steel 68856d4,
 * `src/module/data/actor/base-actor.mjs` lines 383–419): the chat card's
 * Apply Damage button (`DamageRoll.applyDamageCallback` → `DamageRoll#applyDamage`,
 * `src/module/rolls/damage.mjs` lines 11–25, 104–120, halved on shift-click)
 * and any macro calling `actor.system.takeDamage(amount, { type,
 * ignoredImmunities })`. The system fires no damage hook, so the method is
 * wrapped (at `ready`, on the prototype that owns it, shared by every actor
 * type's model) and the hit goes through the chain ONCE instead: the chain
 * reads the actor's immunities and weaknesses live (the `draw-steel`
 * profile, `src/core/import/draw-steel.ts`), writes stamina (temporary
 * first) once and posts one card, by the active GM; its Undo restores it.
 *
 * Left to the system's own method, unchanged:
 * - a minion in exactly one squad (lines 405–409): its damage goes to the
 *   squad's shared `system.staminaValue` on a combatant group document, which
 *   the chain does not write or undo; the system applies its own numbers and
 *   no Damage Chain card is posted;
 * - an amount that is not a whole number of points above 0 (0 damage still
 *   meets weaknesses in the system, line 397, which the chain's DV does not add
 *   to a part of 0): the system's own stamina write then reaches the chain as
 *   a direct stamina drop that meets none of the imported traits.
 */
import { DRAW_STEEL_DIRECT, drawSteelEvent, type DrawSteelTakeDamageOptions } from "../../../core/import/draw-steel.ts";
import type { UpdateDescription } from "../../actor/system-support.ts";
import { applyDamage } from "../../hit/apply.ts";

/** `takeDamage`'s options (base-actor.mjs lines 377–381). */
type TakeDamageOptions = DrawSteelTakeDamageOptions;

/** The data model as far as the wrapper reads it: its actor, minion flag and combatant groups (base-actor.mjs lines 220–246). */
interface DrawSteelModel {
  parent: Actor.Implementation;
  isMinion?: unknown;
  combatGroups?: { size?: unknown } | null;
}

type TakeDamage = (this: DrawSteelModel, damage: unknown, options?: TakeDamageOptions) => Promise<unknown>;

/** True when the system sends this actor's damage to its squad's shared stamina (a minion in exactly one combatant group, base-actor.mjs 405–408). */
export function inSquad(model: DrawSteelModel): boolean {
  return model.isMinion === true && model.combatGroups?.size === 1;
}

/** The prototypes in `CONFIG.Actor.dataModels` that own a `takeDamage` (each once: the actor types share BaseActorModel's). */
function owners(): Record<string, unknown>[] {
  const models = (CONFIG.Actor as unknown as { dataModels?: Record<string, { prototype?: object }> }).dataModels ?? {};
  const found = new Set<Record<string, unknown>>();
  for (const model of Object.values(models)) {
    for (let p = model?.prototype as Record<string, unknown> | null | undefined; p != null && p !== Object.prototype; p = Object.getPrototypeOf(p) as Record<string, unknown> | null) {
      if (Object.hasOwn(p, "takeDamage")) {
        found.add(p);
        break;
      }
    }
  }
  return [...found];
}

/**
 * Wrap Draw Steel's `takeDamage` (at `ready`). Returns false when no actor
 * data model has one (then every stamina drop is a direct hit, as in any
 * system). The wrapper calls the system's own method where the chain leaves
 * the hit to it (see the file's comment).
 */
export function wrapTakeDamage(): boolean {
  const protos = owners();
  let wrappedAny = false;
  for (const proto of protos) {
    const original = proto.takeDamage;
    if (typeof original !== "function") continue;
    wrappedAny = true;
    if ((original as { damageChain?: true }).damageChain) continue;
    const wrapped = async function (this: DrawSteelModel, damage: unknown, options: TakeDamageOptions = {}) {
      const event = inSquad(this) ? undefined : drawSteelEvent(damage, options);
      if (event === undefined) return (original as TakeDamage).call(this, damage, options);
      await applyDamage([this.parent], event);
      return this.parent;
    };
    Object.defineProperty(wrapped, "damageChain", { value: true });
    proto.takeDamage = wrapped;
  }
  return wrappedAny;
}

/** Every stamina drop that reaches `preUpdateActor` did not come through the chain's own `takeDamage` path: the token bar, a sheet edit, or the system's own method (squad-less fall-through). Draw Steel applies no trait there (`documents/actor.mjs` lines 105–133). */
const DIRECT: UpdateDescription = { types: [], traits: [DRAW_STEEL_DIRECT] };

/** `describeUpdate` for Draw Steel: an untyped hit that meets none of the imported traits. */
export function describeDrawSteelUpdate(): UpdateDescription {
  return DIRECT;
}
