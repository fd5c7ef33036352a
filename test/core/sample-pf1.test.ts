/**
 * The compendium's pf1 sample creature (`packs-src/sample-creatures-pf1/pf1.yml`)
 * does what its text promises under the pf1 profile, its PF1 traits read as
 * the pf1 folder reads them (`importPf1`, live): 12 slashing from a cold iron
 * sword → 7, from a silver sword → 12, 15 fire → 5.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importPf1 } from "../../src/core/import/pf1.ts";
import { run } from "./support.ts";

const doc = parse(readFileSync(new URL("../../packs-src/sample-creatures-pf1/pf1.yml", import.meta.url), "utf8")) as { system: { details: { notes: { value: string } } } };
const taken = (amount: number, type: string, traits: string[] = []) =>
  run({ profile: "pf1", defender: { defenses: importPf1(doc).defenses as never, resources: { hp: { value: 40, max: 40 } } }, event: { parts: [{ amount, types: [type] }], traits } }).final;

describe("sample creature Moonlit Werewolf (pf1)", () => {
  it("takes what its notes say", () => {
    expect(doc.system.details.notes.value).toMatch(/12 slashing from a cold iron sword \(7\), 12 slashing from a silver sword \(12\) and 15 fire \(5\)/);
    expect(importPf1(doc).problems).toEqual([]);
    expect([taken(12, "slashing", ["coldiron"]), taken(12, "slashing", ["alchemicalsilver"]), taken(15, "fire")]).toEqual([7, 12, 5]);
  });
});
