/**
 * Test support for the rules core: build validated inputs from short literals
 * and resolve them, so step tests read like the rules.
 */
import { resolve, type ResolveResult } from "../../src/core/chain.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema, type DamageEventInput } from "../../src/core/model/event.ts";
import { profileSchema, type ProfileInput } from "../../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";

export interface Case {
  /** A built-in profile id, or a chain of step links (ad-hoc profile). */
  profile: string | ProfileInput["steps"];
  /** Profile options for an ad-hoc chain. */
  options?: ProfileInput["options"];
  defender?: DefenderInput;
  event: DamageEventInput;
  seed?: number;
  /** Game time in seconds. */
  now?: number;
}

/** Parse a case through the real schemas and resolve it. Throws if the case itself is invalid. */
export function run(c: Case): ResolveResult {
  const profile =
    typeof c.profile === "string"
      ? BUILT_IN_PROFILES.find((p) => p.id === c.profile) ?? (() => { throw new Error(`no built-in profile ${String(c.profile)}`); })()
      : profileSchema.parse({ id: "test", name: "test", steps: c.profile, options: c.options });
  return resolve({
    event: damageEventSchema.parse(c.event),
    defender: defenderSchema.parse(c.defender ?? {}),
    profile,
    random: seededRandom(c.seed ?? 1),
    now: c.now ?? 0,
  });
}

/** Shorthand for a one-part event: `hit(27, "fire")`, `hit(17, ["fire", "cold"], { traits: ["advantage"] })`. */
export function hit(amount: number, types: string | string[] = [], extra: Omit<DamageEventInput, "parts"> = {}): DamageEventInput {
  return { ...extra, parts: [{ amount, types: typeof types === "string" ? [types] : types }] };
}
