/**
 * pf2e's own damage application, `ActorPF2e#applyDamage`
 * (foundryvtt/pf2e `src/module/actor/base.ts`, read at 85f6ef2): it resolves
 * pf2e's immunities, weaknesses and resistances (`applyIWR`), hardness and
 * shields, then writes hit points once with `actor.update(updates,
 * { damageTaken })` and posts its damage-taken message. The module wraps the
 * method (on `CONFIG.Actor.documentClass.prototype`: pf2e's `ActorProxyPF2e`
 * is a Proxy of `ActorPF2e` that forwards `prototype`) only to remember,
 * while the call runs, what the roll was: its damage types, materials and
 * traits, and the item's name. `preUpdateActor` then sees pf2e's write,
 * recognises it by `damageTaken` and runs the chain ONCE on pf2e's result
 * with those types ({@link describePf2eUpdate}): one write, one Damage Chain
 * card, no second untyped run. pf2e's IWR stays pf2e's (the chain runs
 * after it, like dnd5e's "after" mode).
 */
import type { UpdateDescription } from "../../actor/system-support.ts";
import type { DamageEventInput } from "../../../core/model/event.ts";
import { applyDamage } from "../../hit/apply.ts";
import { setting } from "../../settings/settings.ts";
import { pf2eRollWords } from "../../../core/import/pf2e-hit-words.ts";

/** The roll pf2e applies, as far as it is read here (`DamageRoll`: `instances` with `type`, `total`, `persistent`, `materials`; `materials`). */
interface Pf2eDamageRoll {
  instances?: readonly { type?: unknown; total?: unknown; persistent?: unknown; materials?: Iterable<unknown> | null; precision?: unknown; splash?: unknown }[];
  materials?: Iterable<unknown> | null;
  /** 3: a critical success (`DEGREE_OF_SUCCESS.CRITICAL_SUCCESS`). */
  degreeOfSuccess?: unknown;
}

/**
 * The chain's event for a pf2e roll in replace mode: one part per instance
 * (its total, points; its type), the roll's traits and the
 * item's name; undefined when there is nothing the chain should resolve
 * (a number, healing, persistent damage, an instance with no whole total).
 */
export function eventFromRoll(params: ApplyDamageParams): DamageEventInput | undefined {
  const damage = params.damage;
  if (typeof damage !== "object" || damage === null || params.final === true) return undefined;
  const instances = damage.instances ?? [];
  if (instances.length === 0 || instances.some((i) => i.persistent === true || typeof i.total !== "number" || !Number.isFinite(i.total) || i.total < 0)) return undefined;
  const { traits, label } = describeRoll(params);
  const parts = instances.map((i) => ({ amount: Math.trunc(i.total as number), types: typeof i.type === "string" && i.type !== "" ? [i.type] : [] }));
  if (!parts.some((p) => p.amount > 0)) return undefined;
  return { parts, traits, ...(label === undefined ? {} : { label }) };
}

/** `ApplyDamageParams` (pf2e `actor/types.ts`), the fields read here. */
interface ApplyDamageParams {
  damage?: number | Pf2eDamageRoll;
  item?: { name?: unknown } | null;
  rollOptions?: Iterable<unknown> | null;
  final?: boolean;
  shieldBlockRequest?: boolean;
  /** The token hit (pf2e's `TokenDocumentPF2e`): its combatant is marked defeated at 0 HP. */
  token?: { combatant?: CombatantLike | null } | null;
}

/** What is read of a combatant: pf2e's `isDefeated` and Foundry's `toggleDefeated`. */
interface CombatantLike {
  isDefeated?: boolean;
  actor?: unknown;
  toggleDefeated?: () => Promise<unknown>;
}

/**
 * After the chain's own write in replace mode, mark an NPC at 0 HP defeated
 * where pf2e's world setting says so, as pf2e's `applyDamage` does after its
 * write (foundryvtt/pf2e `src/module/actor/base.ts`, stored copy id
 * 5711376130 at ~54,800: `automation.actorsDeadAtZero` is `npcsOnly` or
 * `both` for an NPC, `isDead`, the token's combatant not yet defeated →
 * `toggleDefeated`). pf2e's default is `both`. A character's instant death
 * (also under `both`) is left to pf2e: the chain does not know it.
 */
async function defeatAtZero(actor: Actor.Implementation, params: ApplyDamageParams): Promise<void> {
  if ((actor.type as string) !== "npc") return;
  const hp = (actor.system as { attributes?: { hp?: { value?: unknown } } }).attributes?.hp?.value;
  if (hp !== 0) return;
  let mode: unknown;
  try {
    mode = game.settings!.get("pf2e" as never, "automation.actorsDeadAtZero" as never);
  } catch {
    mode = undefined;
  }
  if (mode !== undefined && mode !== "npcsOnly" && mode !== "both") return;
  const combatants = ((game as { combat?: { combatants?: Iterable<CombatantLike> } | null }).combat?.combatants ?? []) as Iterable<CombatantLike>;
  const combatant = params.token?.combatant ?? [...combatants].find((c) => c.actor === actor);
  if (combatant !== undefined && combatant !== null && combatant.isDefeated !== true) await combatant.toggleDefeated?.();
}

/** What pf2e applies around its IWR that the chain leaves to pf2e, by lang key under `DAMAGECHAIN.Pf2e.Left`. */
export type LeftToPf2e = "shieldBlock" | "hardness" | "persistent" | "precision" | "splash" | "criticalHits";

/**
 * What of this hit the chain leaves to pf2e in replace mode: pf2e's Shield
 * Block (a raised shield's hardness absorbs damage and the shield takes the
 * rest, `shieldBlockRequest`), the actor's own hardness
 * (`attributes.hardness`), and persistent damage (pf2e turns it into a
 * condition instead of damage now). pf2e applies these after its IWR and
 * before hit points (foundryvtt/pf2e `src/module/system/damage/iwr.ts`
 * `calculateAppliedDamage`: `damageAbsorbedByShield`, `shieldDamage`,
 * `damageAbsorbedByActor`; persistent instances set apart in `applyIWR`);
 * and the parts of an instance pf2e's `applyIWR` treats apart: its precision
 * and splash damage (immunity, weakness and resistance to `precision`,
 * weakness to `splash-damage`) and a critical hit on a creature with an
 * entry for `critical-hits` (the total "undoubled"), which the chain's event
 * does not carry.
 * Such a hit runs as in *after* mode: pf2e resolves it whole, the chain then
 * runs on pf2e's write, and the card says what pf2e applied.
 */
export function leftToPf2e(params: ApplyDamageParams, actor: { system?: unknown }): LeftToPf2e[] {
  const out: LeftToPf2e[] = [];
  if (params.shieldBlockRequest === true) out.push("shieldBlock");
  const hardness = (actor.system as { attributes?: { hardness?: { value?: unknown } } } | undefined)?.attributes?.hardness?.value;
  if (typeof hardness === "number" && hardness > 0) out.push("hardness");
  const damage = params.damage;
  if (typeof damage !== "object" || damage === null) return out;
  const instances = damage.instances ?? [];
  const positive = (x: unknown) => typeof x === "number" && x > 0;
  if (instances.some((i) => i.persistent === true)) out.push("persistent");
  if (instances.some((i) => positive(i.precision))) out.push("precision");
  if (instances.some((i) => positive(i.splash))) out.push("splash");
  const attributes = (actor.system as { attributes?: Record<string, unknown> } | undefined)?.attributes;
  const critEntry = ["immunities", "weaknesses", "resistances"].some((k) => Array.isArray(attributes?.[k]) && (attributes[k] as { type?: unknown }[]).some((e) => e?.type === "critical-hits"));
  if (damage.degreeOfSuccess === 3 && critEntry) out.push("criticalHits");
  return out;
}

/** What each actor's running `applyDamage` call was given, newest last (one actor may take two at once). */
const running = new Map<string, UpdateDescription[]>();

const strings = (xs: Iterable<unknown> | null | undefined): string[] => (xs == null ? [] : [...xs].filter((x): x is string => typeof x === "string" && x !== ""));

/** pf2e roll options that are event traits: the item's traits (`item:trait:magical` → `magical`). */
const TRAIT_OPTION = /^item:trait:([\w-]+)$/;

/**
 * What the chain should know of a pf2e roll: its instances' damage types
 * (`fire`, `slashing`...), its materials (`silver`, `cold-iron`,
 * `adamantine`), the item's traits and the words of the hit for pf2e's IWR
 * (`holy`, `water`, `arcane`, `spells`, `magical-action`…: `pf2eRollWords`,
 * `core/import/pf2e-hit-words.ts`, from the roll options pf2e gives
 * `applyIWR`, `src/module/actor/base.ts`) as event traits, and the item's name.
 * A plain number (pf2e's damage by amount) has no types. Never throws.
 */
export function describeRoll(params: ApplyDamageParams): UpdateDescription {
  const damage = params.damage;
  const roll = typeof damage === "object" && damage !== null ? damage : undefined;
  const types = [...new Set((roll?.instances ?? []).map((i) => i.type).filter((t): t is string => typeof t === "string" && t !== ""))];
  const materials = new Set([...strings(roll?.materials), ...(roll?.instances ?? []).flatMap((i) => strings(i.materials))]);
  const traits = new Set(materials);
  const options = strings(params.rollOptions);
  for (const option of options) {
    const m = TRAIT_OPTION.exec(option);
    if (m) traits.add(m[1]!);
  }
  for (const word of pf2eRollWords(options)) traits.add(word);
  const name = params.item?.name;
  return { types, traits: [...traits], ...(typeof name === "string" && name.trim() !== "" ? { label: name } : {}) };
}

/** `described` with its label saying what pf2e applied that the chain left to it ("Longsword (pf2e applied Shield Block)"). */
function withLeft(described: UpdateDescription, left: readonly LeftToPf2e[]): UpdateDescription {
  if (left.length === 0) return described;
  const i18n = game.i18n!;
  const what = left.map((k) => i18n.localize(`DAMAGECHAIN.Pf2e.Left.${k}`)).join(", ");
  const label = described.label === undefined ? i18n.format("DAMAGECHAIN.Pf2e.LeftAlone", { what }) : i18n.format("DAMAGECHAIN.Pf2e.LeftLabel", { label: described.label, what });
  return { ...described, label };
}

type ApplyDamage = (this: Actor.Implementation, params: ApplyDamageParams) => Promise<unknown>;

/**
 * Wrap pf2e's `applyDamage` once (at `ready`). Returns false when pf2e's
 * actor class has no such method (then every HP drop is an untyped hit, as
 * in any system). The wrapper calls pf2e's own method unchanged.
 */
export function wrapPf2eApplyDamage(): boolean {
  const proto = (CONFIG.Actor as unknown as { documentClass?: { prototype?: Record<string, unknown> } }).documentClass?.prototype;
  const original = proto?.applyDamage;
  if (proto === undefined || typeof original !== "function" || (original as { damageChain?: true }).damageChain) return false;
  const wrapped = async function (this: Actor.Implementation, params: ApplyDamageParams) {
    // Replace mode: the chain resolves the roll with pf2e's traits imported live, and writes and announces it.
    const replace = setting("pf2eMode") === "replace";
    const left = replace ? leftToPf2e(params ?? {}, this) : [];
    const event = replace && left.length === 0 ? eventFromRoll(params ?? {}) : undefined;
    if (event !== undefined) {
      await applyDamage([this], event);
      await defeatAtZero(this, params ?? {});
      return this;
    }
    const list = running.get(this.uuid) ?? [];
    const described = withLeft(describeRoll(params ?? {}), left);
    list.push(described);
    running.set(this.uuid, list);
    try {
      return await (original as ApplyDamage).call(this, params);
    } finally {
      list.splice(list.indexOf(described), 1);
      if (list.length === 0) running.delete(this.uuid);
    }
  };
  Object.defineProperty(wrapped, "damageChain", { value: true });
  proto.applyDamage = wrapped;
  return true;
}

/**
 * `describeUpdate` for pf2e: pf2e's undo of its own damage (`undoDamage`:
 * `damageUndo: true`) is no hit; pf2e's damage write (`damageTaken`) during
 * a wrapped `applyDamage` is that roll's hit; anything else is untyped.
 */
export function describePf2eUpdate(actor: Actor.Implementation, options: Record<string, unknown>): UpdateDescription | null | undefined {
  if (options.damageUndo === true) return null;
  if (typeof options.damageTaken !== "number") return undefined;
  return running.get(actor.uuid)?.at(-1);
}
