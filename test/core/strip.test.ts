/**
 * The chain strip (src/core/strip.ts) for hits resolved by the real chain,
 * written out in English and German: the steps that changed the damage with
 * their defense and signed amount, and the resource bar.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "../../src/cli/i18n.ts";
import type { Localizer } from "../../src/core/explain.ts";
import { chainStrip, signed } from "../../src/core/strip.ts";
import { run } from "./support.ts";

const langFile = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../../lang", name), "utf8")) as Parameters<typeof translator>[0];
const en: Localizer = translator(langFile("en.json"));
const de: Localizer = translator(langFile("de.json"));

const fourE = (defenses: object, event: object) => run({ profile: "revised-4e", defender: { resources: { hp: { value: 30, max: 40 } }, defenses }, event } as Parameters<typeof run>[0]);

describe("chain strip", () => {
  const r = fourE({ resistances: [{ type: "fire", limit: 5, label: "Fire ward" }], vulnerabilities: [{ type: "cold", limit: 3 }] }, { parts: [{ amount: 12, types: ["fire"] }, { amount: 5, types: ["cold"] }] });
  const changes = [{ key: "hp", before: 30, after: 30 - r.final, max: 40 }];

  it("shows incoming, each step that changed the damage with its defenses and signed amount, and dealt", () => {
    const s = chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes }, en);
    expect(s.incoming).toBe(17);
    expect(s.dealt).toBe(r.final);
    expect(s.steps).toHaveLength(1);
    expect(s.steps[0]!.defense).toContain("Fire ward");
    expect(s.steps[0]!.change).toBe(r.final - 17);
    expect(s.steps[0]!.delta).toBe(signed(r.final - 17));
    expect(s.steps.reduce((n, x) => n + x.change, s.incoming)).toBe(s.dealt);
  });

  it("draws the HP bar as percent of max, and what the hit took off", () => {
    const s = chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes }, de);
    expect(s.resource).toEqual({ label: de.format("DAMAGECHAIN.Resource.hp"), before: 30, after: 30 - r.final, percent: Math.round(((30 - r.final) / 40) * 100), lost: 75 - Math.round(((30 - r.final) / 40) * 100) });
  });

  it("names a step without a named defense by the step, and writes signs with a real minus", () => {
    expect(signed(-5)).toBe("\u22125");
    expect(signed(3)).toBe("+3");
    const s = chainStrip({ incoming: 10, dealt: 4, trace: [{ step: "damageLimit", in: 10, out: 4, key: "x", params: {}, defenses: [] }], changes: [] }, en);
    expect(s.steps).toEqual([{ defense: en.format("DAMAGECHAIN.Step.damageLimit"), change: -6, after: 4, delta: "\u22126", up: false }]);
    expect(s.resource).toBeUndefined();
  });

  // dnd5e's tray multiplier and the traits are one step with one rounding (dnd5e 5.3.3 actor.mjs lines 851-880); the reader gets the save apart.
  const dnd5e = (traits: object, multiplier: number) => run({ profile: "dnd5e", defender: { resources: { hp: { value: 59, max: 59 } }, dnd5e: traits }, event: { parts: [{ amount: 27, types: ["fire"] }], dnd5e: { multiplier } } });
  const line = (s: ReturnType<typeof chainStrip>) => s.steps.map((x) => `${x.defense} → ${x.after}`).join(", ");

  it("shows a saved, fire-resistant ogre's save apart from its resistance, with dnd5e's final figure: Saved ×½ → 13, Resist Fire → 6", () => {
    const r = dnd5e({ dr: { value: ["fire"] } }, 0.5);
    expect(r.final).toBe(6); // 27 × ½ = 13.5, halved: 6.75, rounded toward 0 once
    const s = chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, en);
    expect(line(s)).toBe("Saved ×½ → 13, Resist Fire → 6");
    expect(s.steps.map((x) => x.delta)).toEqual(["\u221214", "\u22127"]);
    expect(line(chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, de))).toBe("Gerettet ×½ → 13, Resistenz gegen Feuer → 6");
  });

  it("shows a saved goblin without traits as its save alone, not as a resistance step", () => {
    const r = dnd5e({}, 0.5);
    const s = chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, en);
    expect(line(s)).toBe("Saved ×½ → 13");
    expect(s.steps.map((x) => x.delta)).toEqual(["\u221214"]);
  });

  it("names a doubling by the tray, then the vulnerability", () => {
    const r = dnd5e({ dv: { value: ["fire"] } }, 2);
    expect(r.final).toBe(108);
    expect(line(chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, en))).toBe("Damage tray ×2 → 54, Vulnerable Fire → 108");
  });

  it("reads a halving reaction (Uncanny Dodge, a factor of dnd5e's multiplier) as its own line between the save and the resistance", () => {
    const rogue = { resources: { hp: { value: 59, max: 59 } }, dnd5e: { dr: { value: ["fire"] } }, defenses: { reactions: [{ id: "uncanny", effect: "halve" as const, label: "Uncanny Dodge" }] } };
    const r = run({ profile: "dnd5e", defender: rogue, event: { parts: [{ amount: 27, types: ["fire"] }], traits: ["attack"], reactions: ["uncanny"], dnd5e: { multiplier: 0.5 } } });
    expect(r.final).toBe(3); // 27 × ½ × ½ = 6.75, halved toward 0: 3
    expect(line(chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, en))).toBe("Saved ×½ → 13, Uncanny Dodge → 6, Resist Fire → 3");
    const alone = run({ profile: "dnd5e", defender: rogue, event: { parts: [{ amount: 27, types: ["cold"] }], traits: ["attack"], reactions: ["uncanny"] } });
    expect(line(chainStrip({ incoming: alone.incoming, dealt: alone.final, trace: alone.trace, changes: [] }, en))).toBe("Uncanny Dodge → 13");
  });

  it("keeps the figures adding up: from incoming, each step's change, to dealt, whatever the tray and the traits", () => {
    for (const multiplier of [0, 0.25, 0.5, 1, 2])
      for (const traits of [{}, { dr: { value: ["fire"] } }, { dv: { value: ["fire"] } }, { dr: { value: ["fire"] }, dv: { value: ["cold"] } }]) {
        const r = run({ profile: "dnd5e", defender: { resources: { hp: { value: 99, max: 99 } }, dnd5e: traits }, event: { parts: [{ amount: 9, types: ["cold"] }, { amount: 13, types: ["fire"] }], dnd5e: { multiplier } } });
        const s = chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, en);
        expect(s.steps.reduce((n, x) => n + x.change, s.incoming), `×${multiplier} ${JSON.stringify(traits)}`).toBe(s.dealt);
        expect(s.steps.at(-1)?.after ?? s.incoming).toBe(s.dealt);
      }
  });

  it("never draws a bar wider than 100% or narrower than 0, even for odd figures", () => {
    const s = chainStrip({ incoming: 5, dealt: 5, trace: [], changes: [{ key: "hp", before: 50, after: -10, max: 20 }] }, en);
    expect(s.resource).toMatchObject({ percent: 0, lost: 100 });
  });
});
