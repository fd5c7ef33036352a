/**
 * dnd5e traits imported into the seed profiles: `dm` acts as
 * dnd5e's does where the profile has the flat steps, and `hp.dt` becomes a
 * threshold defense. Figures worked out by hand from dnd5e 5.3.3
 * (foundryvtt/dnd5e 965ad2d, `module/documents/actor/actor.mjs`):
 * - `dm` is spent once per application, type first then `ALL` (lines
 *   819-831, 846-847), never past 0 (line 827);
 * - `dt`: a hit above 0 and below it deals nothing (lines 882-891).
 */
import { describe, expect, it } from "vitest";
import { importDnd5e } from "../../src/core/import/dnd5e.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import { run } from "./support.ts";

/** A dnd5e NPC document with `system.traits.dm` and `system.attributes.hp.dt`. */
function actor(dm: Record<string, string | number>, dt?: number | null, bypasses: string[] = []) {
  return { name: "Golem", type: "npc", system: { attributes: { hp: { value: 100, max: 100, dt } }, traits: { dm: { amount: dm, bypasses } } } };
}

/** The imported defenses on a 100-HP defender, hit under `profile`. */
function hitImported(profile: string, doc: unknown, parts: [number, string][], extra: Omit<DamageEventInput, "parts"> = {}) {
  const { defenses } = importDnd5e(doc);
  return run({ profile, defender: { resources: { hp: { value: 100 } }, defenses }, event: { ...extra, parts: parts.map(([amount, type]) => ({ amount, types: [type] })) } });
}

describe("imported dm under layered-armor (000: BDR and DV steps), as dnd5e", () => {
  it("repeated same-type parts share one reduction: fire −3 on 1 + 10 fire → 0 + 8 = 8 (line 830)", () => {
    expect(hitImported("layered-armor", actor({ fire: "-3" }), [[1, "fire"], [10, "fire"]]).final).toBe(8);
  });
  it("a type-specific and an ALL modification both apply: fire −2, ALL −1 on 10 fire → 7 (lines 846-847)", () => {
    expect(hitImported("layered-armor", actor({ fire: "-2", ALL: "-1" }), [[10, "fire"]]).final).toBe(7);
  });
  it("ALL is spent once over all parts: ALL −4 on 3 fire + 5 cold → 0 + 4 = 4", () => {
    expect(hitImported("layered-armor", actor({ ALL: -4 }), [[3, "fire"], [5, "cold"]]).final).toBe(4);
  });
  it("an addition goes once, to the first part of its type: fire +3 on 4 + 4 fire → 11", () => {
    expect(hitImported("layered-armor", actor({ fire: 3 }), [[4, "fire"], [4, "fire"]]).final).toBe(11);
  });
  it("a physical dm with a bypass is skipped by a hit with that property (lines 844-845)", () => {
    const doc = actor({ slashing: -3 }, undefined, ["mgc"]);
    expect(hitImported("layered-armor", doc, [[10, "slashing"]]).final).toBe(7);
    expect(hitImported("layered-armor", doc, [[10, "slashing"]], { traits: ["magical"] }).final).toBe(10);
  });
  it("a GM's own BDR still follows 000 (natural + highest), and the import comes on top", () => {
    const { defenses } = importDnd5e(actor({ fire: -3 }));
    defenses.flat.push({ kind: "BDR", type: "fire", value: 2, natural: false }, { kind: "BDR", type: "fire", value: 1, natural: false });
    const r = run({ profile: "layered-armor", defender: { resources: { hp: { value: 100 } }, defenses }, event: { parts: [{ amount: 10, types: ["fire"] }, { amount: 10, types: ["fire"] }] } });
    // Part 1: 10 − 2 (the highest GM entry) − 3 (dm) = 5; part 2: 10 − 2 = 8 (dm spent).
    expect(r.final).toBe(13);
  });
});

describe("imported hp.dt: a threshold defense", () => {
  it("becomes one FDN `all` entry that negates what is below dt (FDN compares ≤ by default: dt − 1)", () => {
    const { defenses } = importDnd5e(actor({}, 10));
    expect(defenses.negates).toEqual([{ kind: "FDN", type: "all", value: 9, natural: false, template: "import.dnd5e" }]);
  });
  it("under layered-armor: 9 fire → 0, 10 fire → 10 (lines 883-884)", () => {
    expect(hitImported("layered-armor", actor({}, 10), [[9, "fire"]]).final).toBe(0);
    expect(hitImported("layered-armor", actor({}, 10), [[10, "fire"]]).final).toBe(10);
  });
  it("no threshold, 0 or 1 imports nothing (nothing of more than 0 is below 1)", () => {
    for (const dt of [undefined, null, 0, 1]) expect(importDnd5e(actor({}, dt)).defenses.negates).toEqual([]);
  });
  it("a dt that is not a whole number is reported, not guessed", () => {
    const r = importDnd5e({ system: { attributes: { hp: { dt: "x" } } } });
    expect(r.defenses.negates).toEqual([]);
    expect(r.problems.map((p) => p.path)).toEqual(["system.attributes.hp.dt"]);
  });
});
