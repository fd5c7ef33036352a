/**
 * `damage-chain report --system sf2e` on Starfinder 2e actor files: the
 * compendium's SF2e sample (`packs-src/sample-creatures-sf2e/`) and a creature
 * in the shape of foundryvtt/pf2e `packs/sf2e/alien-core-bestiary/
 * Cybernetic_Zombie_dxbr3LNg0R66Aj1n.json` (2ea34c3c), read by the SF2e
 * importer (pf2e's, with the creature reported as sf2e).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Output } from "../../src/cli/commands.ts";
import { reportCommand } from "../../src/cli/report/command.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-sf2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const drone = parse(readFileSync(new URL("../../packs-src/sample-creatures-sf2e/sf2e.yml", import.meta.url), "utf8")) as object;
const zombie = {
  _id: "dxbr3LNg0R66Aj1n", name: "Cybernetic Zombie", type: "npc",
  system: {
    attributes: { hp: { value: 40, max: 40 }, immunities: [{ type: "mental" }, { type: "poison" }], weaknesses: [{ type: "electricity", value: 10 }, { type: "slashing", value: 10 }] },
    details: { level: { value: -1 } },
    traits: { value: ["mindless", "tech", "undead", "zombie"] },
  },
};
writeFileSync(join(dir, "drone.json"), JSON.stringify(drone));
writeFileSync(join(dir, "zombie.json"), JSON.stringify(zombie));

describe("report --system sf2e", () => {
  it("reads SF2e creatures with the SF2e importer: immunities, weaknesses and resistances by damage type", async () => {
    let out = "";
    const io: Output = { out: (t) => (out += t), err: () => undefined, isTTY: false };
    expect(await reportCommand([dir], { json: true, lang: "en", profile: "pf2e", amount: "20", system: "sf2e" }, io, false)).toBe(0);
    const report = JSON.parse(out) as { creatures: number; before: { types: { type: string; immune: number; resistant: number }[] }; creatureTypes: { type: string; count: number }[] };
    expect(report.creatures).toBe(2);
    const by = Object.fromEntries(report.before.types.map((t) => [t.type, t]));
    // The undead zombie is unaffected by void, which the report does not count as an immunity (report.ts).
    expect([by.sonic!.immune, by.poison!.immune, by.mental!.immune, by.void!.immune]).toEqual([1, 1, 1, 0]);
    expect([by.slashing!.resistant, by.bleed!.resistant, by.fire!.resistant]).toEqual([1, 1, 0]);
    expect(report.creatureTypes.map((c) => [c.type, c.count]).sort()).toEqual([["", 1], ["undead", 1]]); // the drone has no creature-type trait ("tech" is none)
  });
});
