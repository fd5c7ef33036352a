/**
 * RULES.md §4 examples 9-12 (seed 004), through the built-in `armor-pools`
 * profile: magic -> physical -> (monstrous) -> natural armor -> body -> wound.
 */
import { describe, expect, it } from "vitest";
import { hit, run } from "./support.ts";

const values = (r: ReturnType<typeof run>) => Object.fromEntries(Object.entries(r.resources).map(([k, v]) => [k, v.value]));

describe("RULES.md §4, seed 004 (armor-pools)", () => {
  it("9. 4 damage vs 2 magic armor, 1 physical armor, 3 body -> 0, 0, 2 body", () => {
    const r = run({ profile: "armor-pools", defender: { resources: { magicArmor: { value: 2 }, physicalArmor: { value: 1 }, body: { value: 3 } } }, event: hit(4) });
    expect(values(r)).toEqual({ magicArmor: 0, physicalArmor: 0, body: 2 });
    expect(r.state.wounds).toEqual({});
  });

  it("10. 4 pierce vs 4 monstrous armor, 4 body -> monstrous 4, body 0", () => {
    const r = run({ profile: "armor-pools", defender: { resources: { monstrousArmor: { value: 4 }, body: { value: 4 } } }, event: hit(4, [], { traits: ["pierce"] }) });
    expect(values(r)).toEqual({ monstrousArmor: 4, body: 0 });
    expect(r.state.wounds).toEqual({});
  });

  it("11. 4 damage vs 2 magic armor, 3 monstrous armor -> magic 0, monstrous 2", () => {
    const r = run({ profile: "armor-pools", defender: { resources: { magicArmor: { value: 2 }, monstrousArmor: { value: 3 } } }, event: hit(4) });
    expect(values(r)).toEqual({ magicArmor: 0, monstrousArmor: 2 });
    expect(r.taken).toEqual({ magicArmor: 2, monstrousArmor: 1 });
    expect(r.state.wounds).toEqual({});
  });

  it("12. 4 Poison vs Poison Immunity -> prevented, 'No Effect', no pool touched", () => {
    const r = run({
      profile: "armor-pools",
      defender: { resources: { magicArmor: { value: 2 }, body: { value: 3 } }, defenses: { immunities: [{ type: "poison", label: "Poison Immunity" }] } },
      event: hit(4, "poison"),
    });
    expect(r.prevented).toBe(true);
    expect(r.dealt).toBe(false);
    expect(values(r)).toEqual({ magicArmor: 2, body: 3 });
    expect(r.trace.map((t) => t.step)).toEqual(["immunity"]);
  });

  it("an arm hit for 2 with no pools left makes only an arm wound (004 'one wound')", () => {
    const r = run({ profile: "armor-pools", defender: { resources: { body: { value: 0 } } }, event: hit(2, [], { location: "rightArm" }) });
    expect(r.state.wounds).toEqual({ rightArm: 1 });
  });

  it("4 pierce with 1 body left: body 0 and one torso wound", () => {
    const r = run({ profile: "armor-pools", defender: { resources: { magicArmor: { value: 5 }, body: { value: 1 } } }, event: hit(4, [], { traits: ["pierce"] }) });
    expect(values(r)).toEqual({ magicArmor: 5, body: 0 });
    expect(r.state.wounds).toEqual({ torso: 1 });
  });
});
