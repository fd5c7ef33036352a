/**
 * The `midiDr` step of the `dnd5e` profile: midi-qol 11.6.32's damage
 * reduction (github:Trahloc/midi-qol 35bd9c8 `src/module/Hooks.ts` lines
 * 1078-1176), taken off after dnd5e's traits and threshold (dnd5e 5.3.3
 * `actor.mjs` lines 833-891) and before the chain's own final defenses.
 */
import { describe, expect, it } from "vitest";
import { parseEvent } from "../../src/core/validate.ts";
import { DND5E_PROFILE_ID } from "../../src/core/profiles.ts";
import type { Dnd5eApplicationInput, Dnd5eTraitsInput } from "../../src/core/model/dnd5e.ts";
import { run } from "./support.ts";

function hit(traits: Dnd5eTraitsInput, parts: [number, string][], app: Dnd5eApplicationInput, defenses: Record<string, unknown> = {}) {
  return run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 100 } }, dnd5e: traits, defenses }, event: { parts: parts.map(([amount, type]) => ({ amount, types: [type] })), dnd5e: app } });
}

describe("midiDr", () => {
  it("comes off after the tray multiplier, resistance and the one rounding: 15 + 21 fire ×½ resisted, DR 2 → 8 - 2 = 6", () => {
    const r = hit({ dr: { value: ["fire"] } }, [[15, "fire"], [21, "fire"]], { multiplier: 0.5, midiDr: 2 });
    expect(r.final).toBe(6);
    expect(r.trace.map((e) => e.step)).toEqual(["dnd5eImmunity", "dnd5eModification", "dnd5eResistance", "dnd5eThreshold", "midiDr", "life"]);
    expect(r.trace.find((e) => e.step === "midiDr")).toMatchObject({ key: "DAMAGECHAIN.Trace.midiDr.reduced", params: { points: 2, value: 2 } });
  });
  it("comes off after the threshold, which sees the damage before it: 6 against dt 5, DR 3 → 3", () => {
    expect(hit({ dt: 5 }, [[6, "slashing"]], { midiDr: 3 }).final).toBe(3);
  });
  it("never below 0: DR 10 against 4 → 0, 4 points taken", () => {
    const r = hit({}, [[4, "piercing"]], { midiDr: 10 });
    expect(r.final).toBe(0);
    expect(r.trace.find((e) => e.step === "midiDr")?.params).toEqual({ points: 4, value: 10 });
  });
  it("comes before the chain's final defenses: 10 - 3 = 7, then a damage limit of 4 → 4 (not 4 - 3)", () => {
    expect(hit({}, [[10, "fire"]], { midiDr: 3 }, { damageLimits: [{ value: 4 }] }).final).toBe(4);
  });
  it("does not run (no trace entry) for a hit without midi-qol's reduction", () => {
    expect(hit({}, [[10, "fire"]], {}).trace.some((e) => e.step === "midiDr")).toBe(false);
  });
  it.each([-1, 1.5, Number.NaN])("the event refuses midiDr %s", (midiDr) => {
    expect(parseEvent({ parts: [{ amount: 1, types: ["fire"] }], dnd5e: { midiDr } }).ok).toBe(false);
  });
});
