/**
 * `damage-chain report` on pf2e bestiary files (issue 22 §2): one JSON
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
});
