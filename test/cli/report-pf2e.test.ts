/**
 * `damage-chain report` on pf2e bestiary files: one JSON
 * document per creature, as in pf2e's `packs/<bestiary>/`. Synthetic
 * creatures; the per-type immune counts equal a count made from the raw
 * fields plus pf2e's trait rule (constructs).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Output } from "../../src/cli/commands.ts";
import { reportCommand } from "../../src/cli/report/command.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-pf2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const creature = (name: string, traits: string[], attributes: Record<string, unknown>) => ({ _id: name, name, type: "npc", system: { attributes: { hp: { value: 10, max: 10 }, ...attributes }, details: { level: { value: 1 } }, traits: { rarity: "common", value: traits } } });
writeFileSync(join(dir, "golem.json"), JSON.stringify(creature("Golem", ["construct", "mindless"], { immunities: [] })));
writeFileSync(join(dir, "ghoul.json"), JSON.stringify(creature("Ghoul", ["undead"], { immunities: [{ type: "poison" }, { type: "death-effects" }], weaknesses: [{ type: "vitality", value: 5 }] })));
writeFileSync(join(dir, "wolf.json"), JSON.stringify(creature("Wolf", ["animal"], {})));

describe("report on pf2e bestiary files", () => {
  it("reads one creature per file, types from traits, immunities from raw fields and construct traits", async () => {
    let out = "";
    const io: Output = { out: (t) => (out += t), err: () => undefined, isTTY: false };
    expect(await reportCommand([dir], { json: true, lang: "en", profile: "revised-4e", amount: "20" }, io, false)).toBe(0);
    const report = JSON.parse(out) as { creatures: number; before: { types: { type: string; immune: number }[] }; creatureTypes: { type: string; count: number }[] };
    expect(report.creatures).toBe(3);
    const immune = Object.fromEntries(report.before.types.filter((t) => t.immune > 0).map((t) => [t.type, t.immune]));
    expect(immune).toEqual({ poison: 2, bleed: 1, spirit: 1, vitality: 1, void: 1, mental: 1 });
    expect(report.creatureTypes.map((c) => [c.type, c.count]).sort()).toEqual([["animal", 1], ["construct", 1], ["undead", 1]]);
  });

  it("counts a category under each of its types (bleed too) and honours exceptions by damage type: the ghost does not resist force", async () => {
    const sub = mkdtempSync(join(tmpdir(), "damage-chain-pf2e-exc-"));
    try {
      writeFileSync(join(sub, "ghost.json"), JSON.stringify(creature("Ghost", ["undead", "spirit"], { resistances: [{ type: "all-damage", value: 5, exceptions: ["force", "ghost-touch", "spirit", "vitality"] }] })));
      writeFileSync(join(sub, "gargoyle.json"), JSON.stringify(creature("Gargoyle", ["earth"], { resistances: [{ type: "physical", value: 5, exceptions: ["adamantine"] }] })));
      let out = "";
      const io: Output = { out: (t) => (out += t), err: () => undefined, isTTY: false };
      expect(await reportCommand([sub], { json: true, lang: "en", profile: "pf2e", amount: "20" }, io, false)).toBe(0);
      const report = JSON.parse(out) as { before: { types: { type: string; resistant: number }[] } };
      const resistant = Object.fromEntries(report.before.types.map((t) => [t.type, t.resistant]));
      expect([resistant.bludgeoning, resistant.piercing, resistant.slashing, resistant.bleed]).toEqual([2, 2, 2, 2]);
      expect([resistant.force, resistant.spirit, resistant.vitality, resistant.fire]).toEqual([0, 0, 0, 1]);
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  });

  it("--system pf2e: the pf2e profile by default, pf2e's damage types only, immunities to effects counted apart and not problems, totals, --by-creature", async () => {
    let out = "";
    let err = "";
    const io: Output = { out: (t) => (out += t), err: (t) => (err += t), isTTY: false };
    expect(await reportCommand([dir], { json: true, lang: "en", amount: "20", system: "pf2e", byCreature: true }, io, false)).toBe(0);
    const report = JSON.parse(out) as {
      profile: string;
      problems: unknown[];
      before: { types: { type: string; meanMultiplier: number }[] };
      totals: { anyImmunity: number; anyWeakness: number; anyResistance: number; anyEffectImmunity: number; effectImmunities: { type: string; creatures: number }[] };
      byCreature: { name: string; immune: string[]; weak: { type: string; value: number }[]; effects: string[] }[];
    };
    expect(report.profile).toBe("pf2e");
    expect(report.before.types.map((t) => t.type).sort()).toEqual(["acid", "bleed", "bludgeoning", "cold", "electricity", "fire", "force", "mental", "piercing", "poison", "slashing", "sonic", "spirit", "vitality", "void"]);
    // The ghoul's weakness vitality 5 is applied: 20 vitality deals 25 to it, 0 to the unaffected wolf and golem → mean 25/3.
    expect(report.before.types.find((t) => t.type === "vitality")!.meanMultiplier).toBeCloseTo(25 / 60, 5);
    expect(report.problems).toEqual([]);
    expect(err).toBe("");
    expect(report.totals).toMatchObject({ anyImmunity: 2, anyWeakness: 1, anyResistance: 0, anyEffectImmunity: 2 });
    expect(report.totals.effectImmunities).toContainEqual({ type: "death-effects", creatures: 2 });
    const ghoul = report.byCreature.find((c) => c.name === "Ghoul")!;
    expect(ghoul).toMatchObject({ immune: ["poison"], weak: [{ type: "vitality", value: 5 }], effects: ["death-effects"] });
    out = "";
    expect(await reportCommand([dir], { lang: "en", amount: "20", system: "pf2e", byCreature: true }, { ...io, out: (t) => (out += t) }, false)).toBe(0);
    expect(out).toMatch(/^3 creatures, profile pf2e/);
    expect(out).toContain("Of 3 creatures, 2 have an immunity to damage, 1 a weakness, 0 a resistance.");
    expect(out).toMatch(/Immune to effects or conditions \(counted apart from damage\): 2 creatures; .*death-effects 2/);
    expect(out).toContain("Per creature");
    expect(out).not.toMatch(/Lightning|Necrotic|Radiant|Thunder|Psychic|Physical|Energy/);
  });

  it("counts weaknesses and resistances to holy, unholy, area damage and materials as applied by the chain, apart from those it does not apply", async () => {
    const sub = mkdtempSync(join(tmpdir(), "damage-chain-pf2e-words-"));
    try {
      writeFileSync(join(sub, "devil.json"), JSON.stringify(creature("Devil", ["fiend"], { weaknesses: [{ type: "holy", value: 5 }, { type: "axe-vulnerability", value: 3 }] })));
      writeFileSync(join(sub, "swarm.json"), JSON.stringify(creature("Swarm", ["animal", "swarm"], { weaknesses: [{ type: "area-damage", value: 5 }, { type: "cold-iron", value: 2 }] })));
      let out = "";
      const io: Output = { out: (t) => (out += t), err: () => undefined, isTTY: false };
      expect(await reportCommand([sub], { json: true, lang: "en", amount: "20", system: "pf2e" }, io, false)).toBe(0);
      const report = JSON.parse(out) as { totals: { otherEntries: { entry: string; creatures: number }[]; appliedEntries: { entry: string; creatures: number }[] } };
      expect(report.totals.otherEntries).toEqual([{ entry: "weaknesses:axe-vulnerability", creatures: 1 }]);
      expect(report.totals.appliedEntries).toEqual([
        { entry: "weaknesses:area-damage", creatures: 1 },
        { entry: "weaknesses:cold-iron", creatures: 1 },
        { entry: "weaknesses:holy", creatures: 1 },
      ]);
      out = "";
      expect(await reportCommand([sub], { lang: "en", amount: "20", system: "pf2e" }, { ...io, out: (t) => (out += t) }, false)).toBe(0);
      expect(out).toMatch(/applied by the chain to the hits that carry them .*: weaknesses:area-damage 1, weaknesses:cold-iron 1, weaknesses:holy 1\./);
      expect(out).toContain("not applied by the chain: weaknesses:axe-vulnerability 1.");
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  });
});

