/**
 * The order of one-time prevention effects of equal level (004 "Defensive
 * Effects": "the one that is more limited in what it applies to is used
 * first"). More limited = its coverage (damage types, source tags,
 * condition, ignore rules, damage requirement) is contained in the other's;
 * where neither contains the other, list order decides.
 */
import { describe, expect, it } from "vitest";
import type { DefensesInput } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

function spent(event: Case["event"], prevention: DefensesInput["prevention"]): Record<string, number> {
  return run({ profile: [{ step: "prevention", options: {} }], event, defender: { defenses: { prevention } } }).state.oneTimeUses;
}

describe("004: at equal level the more limited one-time effect goes first", () => {
  it("a source tag narrows an effect: fire from dragons is within fire", () => {
    const event = hit(4, "fire", { source: { tags: ["dragon"] } });
    expect(spent(event, [{ kind: "oneTime", id: "fire", types: ["fire"] }, { kind: "oneTime", id: "dragon-fire", types: ["fire"], tags: ["dragon"] }])).toEqual({ "dragon-fire": 0 });
  });

  it("a condition narrows an effect: against critical hits is within always", () => {
    const event = hit(4, "fire", { traits: ["critical"] });
    expect(spent(event, [{ kind: "oneTime", id: "any" }, { kind: "oneTime", id: "crit", condition: "critical" }])).toEqual({ crit: 0 });
  });

  it("a stricter condition is within a looser one: epic within paragon", () => {
    const event = hit(4, "fire", { source: { tags: [], level: 25 } });
    expect(spent(event, [{ kind: "oneTime", id: "paragon", condition: "paragon" }, { kind: "oneTime", id: "epic", condition: "epic" }])).toEqual({ epic: 0 });
  });

  it("an ignore rule narrows an effect: one that magic bypasses applies to less", () => {
    expect(spent(hit(4, "fire"), [{ kind: "oneTime", id: "any" }, { kind: "oneTime", id: "mundane", ignoredBy: ["magical"] }])).toEqual({ mundane: 0 });
  });

  it("a damage requirement narrows an effect", () => {
    expect(spent(hit(4, "slashing"), [{ kind: "oneTime", id: "any" }, { kind: "oneTime", id: "unsilvered", requires: "silvered" }])).toEqual({ unsilvered: 0 });
  });

  it("'all' contains 'non-physical', which contains fire", () => {
    expect(spent(hit(4, "fire"), [{ kind: "oneTime", id: "all", types: ["all"] }, { kind: "oneTime", id: "np", types: ["non-physical"] }])).toEqual({ np: 0 });
    expect(spent(hit(4, "fire"), [{ kind: "oneTime", id: "np", types: ["non-physical"] }, { kind: "oneTime", id: "fire", types: ["fire"] }])).toEqual({ fire: 0 });
  });

  it("where neither contains the other, list order decides (not the number of listed types and tags)", () => {
    const event = hit(4, "fire", { source: { tags: ["dragon"] } });
    expect(spent(event, [{ kind: "oneTime", id: "two-types", types: ["fire", "cold"] }, { kind: "oneTime", id: "dragons", tags: ["dragon"] }])).toEqual({ "two-types": 0 });
    expect(spent(event, [{ kind: "oneTime", id: "dragons", tags: ["dragon"] }, { kind: "oneTime", id: "two-types", types: ["fire", "cold"] }])).toEqual({ dragons: 0 });
  });

  it("equal coverage goes by list order", () => {
    expect(spent(hit(4, "fire"), [{ kind: "oneTime", id: "a", types: ["fire"] }, { kind: "oneTime", id: "b", types: ["fire"] }])).toEqual({ a: 0 });
  });

  it("level still beats limitation", () => {
    const event = hit(4, "fire", { traits: ["critical"] });
    expect(spent(event, [{ kind: "oneTime", id: "crit", condition: "critical" }, { kind: "oneTime", id: "any", level: 2 }])).toEqual({ any: 0 });
  });
});
