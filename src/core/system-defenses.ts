/**
 * The chain's own defenses that the system profiles (dnd5e, pf2e, Draw Steel,
 * pf1) put around their system's rules; each system's profile module
 * (`core/<system>/profile.ts`) builds its chain from these.
 */
import type { ProfileInput } from "./model/profile.ts";

/**
 * The chain's own defenses on top of a system's rules (the dnd5e and pf2e
 * profiles). Every link runs only when the actor has defenses for it
 * (`whenUsed`, `steps/used.ts`): an actor without them gets exactly the
 * system's numbers. Where each sits, and why (docs/rules.md, "The system
 * profiles"):
 * - after the system's immunity, before its reductions: prevention (004: an
 *   immunity applies before one-time effects; prevented damage never
 *   happened) and BDN (000: a negate on the base damage, before any
 *   reduction);
 * - after the system's resistances, vulnerabilities and threshold, on the
 *   final damage: FDN (000), then the ward (a `ward` pool that takes the
 *   damage instead of the creature, so before temporary HP: the abjurer's
 *   Arcane Ward), then guard (003: attacks go to Guard first, the rest on);
 * - then the per-round caps on life lost (000 Damage Limit and Damage Shell
 *   count life, so they come after the ward and guard that absorb damage that
 *   is not life), then endurance (drop to 1 instead of 0: it acts on the life
 *   the hit would leave), then life, then damage triggers (001: after the hit
 *   is fully resolved).
 */
export const CHAIN_BEFORE: ProfileInput["steps"] = [{ step: "prevention", whenUsed: true }, { step: "bdn", whenUsed: true }];
export const CHAIN_AFTER: ProfileInput["steps"] = [
  { step: "fdn", whenUsed: true },
  { step: "pools", whenUsed: true, options: { order: ["ward"], armorPools: [], halving: [], wound: false } },
  { step: "guard", whenUsed: true },
  { step: "damageLimit", whenUsed: true },
  { step: "damageShell", whenUsed: true },
  { step: "endurance", whenUsed: true },
];
export const CHAIN_LAST: ProfileInput["steps"][number] = { step: "triggers", whenUsed: true };
