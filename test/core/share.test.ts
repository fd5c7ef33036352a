/**
 * A target's share of one area hit: the multiplier on the
 * incoming parts, the sum rounded down once (dnd5e 5.3.3 actor.mjs lines 851,
 * 880), parts left out by index.
 */
import { describe, expect, it } from "vitest";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { isFullShare, shareEvent, shareKind, shareSchema, wholeParts } from "../../src/core/share.ts";
import { run } from "./support.ts";
import { resolve } from "../../src/core/chain.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";

const ev = (...parts: [number, string][]) => damageEventSchema.parse({ parts: parts.map(([amount, t]) => ({ amount, types: [t] })) });
const amounts = (e: { parts: { amount: number }[] }) => e.parts.map((p) => p.amount);

describe("shareEvent", () => {
  it("half of 27 fire is 13 (rounded down); double is 54; none is 0", () => {
    expect(amounts(shareEvent(ev([27, "fire"]), shareSchema.parse({ multiplier: 0.5 })))).toEqual([13]);
    expect(amounts(shareEvent(ev([27, "fire"]), shareSchema.parse({ multiplier: 2 })))).toEqual([54]);
    expect(amounts(shareEvent(ev([27, "fire"]), shareSchema.parse({ multiplier: 0 })))).toEqual([0]);
  });
  it("Ice Storm at ×½: 4.5 + 6.5 rounds once to 11, as 5 + 6 (the first part on a tie)", () => {
    expect(amounts(shareEvent(ev([9, "bludgeoning"], [13, "cold"]), shareSchema.parse({ multiplier: 0.5 })))).toEqual([5, 6]);
  });
  it("leaves parts out by index: 7 slashing + 4 fire, only the fire", () => {
    const e = shareEvent(ev([7, "slashing"], [4, "fire"]), shareSchema.parse({ parts: [1] }));
    expect(e.parts.map((p) => [p.amount, p.types[0]])).toEqual([[4, "fire"]]);
  });
  it("a full share is the event itself", () => {
    const e = ev([5, "fire"]);
    expect(shareEvent(e, shareSchema.parse({}))).toBe(e);
    expect(isFullShare(shareSchema.parse({ multiplier: 1 }))).toBe(true);
  });
  it("refuses a negative, huge or non-number multiplier and bad part indexes, naming the field", () => {
    for (const bad of [{ multiplier: -1 }, { multiplier: 1001 }, { multiplier: "half" }, { multiplier: Number.NaN }, { parts: [-1] }, { parts: [1.5] }, { parts: [64] }, { extra: 1 }]) {
      const r = shareSchema.safeParse(bad);
      expect(r.success).toBe(false);
    }
  });
  it("names its kind", () => {
    expect([1, 0.5, 0, 2, 0.25].map((multiplier) => shareKind(shareSchema.parse({ multiplier })))).toEqual(["full", "half", "none", "double", "other"]);
  });
});

describe("wholeParts", () => {
  it("adds up to the sum, each part its floor or one more", () => {
    expect(wholeParts([1.5, 1.5, 1.5], 4)).toEqual([2, 1, 1]);
    expect(wholeParts([0.25, 0.75], 1)).toEqual([0, 1]);
    expect(wholeParts([], 0)).toEqual([]);
  });
});

describe("before the chain", () => {
  it("a saved target's half is what its defenses act on: 27 fire ×½ = 13, then revised 4E's fire resistance removes 6 → 7", () => {
    const shared = shareEvent(ev([27, "fire"]), shareSchema.parse({ multiplier: 0.5 }));
    const r = run({ profile: "revised-4e", defender: { resources: { hp: { value: 100 } }, defenses: { resistances: [{ type: "fire" }] } }, event: shared });
    expect(r.incoming).toBe(13);
    expect(r.final).toBe(7);
  });
});

describe("a share that keeps no part", () => {
  const withMods = damageEventSchema.parse({ parts: [{ amount: 7, types: ["slashing"] }, { amount: 4, types: ["fire"] }], modifiers: [{ kind: "adjust", amount: 3 }, { kind: "extraDamage", amount: 5, types: ["cold"] }] });
  it.each([[[]], [[5]], [[2, 63]]])("parts %j on an event with adjust and extra damage is a 0 hit, never a TypeError", (parts) => {
    const shared = shareEvent(withMods, shareSchema.parse({ parts }));
    expect(damageEventSchema.safeParse(shared).success).toBe(true);
    const profile = BUILT_IN_PROFILES[0]!;
    const r = resolve({ event: shared, defender: defenderSchema.parse({ resources: { hp: { value: 100 } } }), profile, random: seededRandom(1), now: 0 });
    expect(r.final).toBe(0);
    expect(r.resources.hp!.value).toBe(100);
  });
});

describe("multipliers are exact decimals", () => {
  it("100 × 0.29 is 29, and every k/100 of 100 is k", () => {
    expect(amounts(shareEvent(ev([100, "fire"]), shareSchema.parse({ multiplier: 0.29 })))).toEqual([29]);
    const wrong: number[] = [];
    for (let k = 0; k <= 1000; k++) if (shareEvent(ev([100, "fire"]), shareSchema.parse({ multiplier: k / 100 })).parts[0]!.amount !== k) wrong.push(k);
    expect(wrong).toEqual([]);
  });
  it("the sum of the parts is rounded down once, exactly: 3 × 0.1 + 7 × 0.1 is 1; 1e-7 of 10^9 is 100", () => {
    expect(amounts(shareEvent(ev([3, "fire"], [7, "cold"]), shareSchema.parse({ multiplier: 0.1 })))).toEqual([0, 1]);
    expect(amounts(shareEvent(ev([1_000_000_000, "fire"]), shareSchema.parse({ multiplier: 1e-7 })))).toEqual([100]);
    expect(amounts(shareEvent(ev([1_000_000_000, "fire"]), shareSchema.parse({ multiplier: 999.999999 })))).toEqual([999_999_999_000]);
  });
});

describe("the share's messages", () => {
  it("a part index of 64 says the bound: at most 63", () => {
    const r = shareSchema.safeParse({ parts: [64] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Must be at most 63.");
  });
});
