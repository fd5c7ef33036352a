/**
 * RULES.md §4: every worked example, run through the real CLI on the files in
 * `examples/`, must give exactly the numbers the rules state (final damage and
 * pools per example).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonHit } from "../../src/cli/render-json.ts";
import { pools, resolveJson } from "./run.ts";

/** Hits of one example file, resolved once per file. */
function load(file: string): () => JsonHit[] {
  let hits: JsonHit[] = [];
  beforeAll(async () => {
    hits = await resolveJson(file);
  });
  return () => hits;
}

describe("revised-4e (seed 001): examples 1-8", () => {
  describe("examples/revised-4e.yaml", () => {
    const hits = load("examples/revised-4e.yaml");
    it("example 1: 27 Fire without Advantage vs Resist Fire (Advantage), Resist 10 Fire, Resist 5 All -> 17", () => {
      const [ex1] = hits();
      expect(ex1!.label).toMatch(/^Example 1:/);
      expect(ex1!.final).toBe(17);
      expect(pools(ex1!)).toEqual({ hp: 120 - 17 });
    });
    it("example 2: the same with Advantage -> 27 - 13 = 14", () => {
      const ex2 = hits()[1]!;
      expect(ex2.label).toMatch(/^Example 2:/);
      expect(ex2.final).toBe(14);
      expect(pools(ex2)).toEqual({ hp: 120 - 17 - 14 });
    });
  });

  const single: [string, string, number, number][] = [
    ["examples/revised-4e-vulnerable.yaml", "example 3: 17 Fire vs Resist Fire + Vulnerable 5 Fire -> 17 - 8 + 5 = 14", 14, 60],
    ["examples/revised-4e-multitype.yaml", "example 4: 17 Fire+Cold vs Resist Fire + Vulnerable 5 Cold -> 17 - 4 + 2 = 15", 15, 60],
    ["examples/revised-4e-immune.yaml", "example 5: 17 Fire+Cold+Acid vs Immune Fire + Vulnerable 5 Cold + Vulnerable Acid -> 17 - 8 + 6 = 15", 15, 60],
    ["examples/revised-4e-resist-all.yaml", "example 6: 17 Fire+Cold vs Resist Fire + Resist All 5 -> 17 - 6 = 11", 11, 60],
  ];
  for (const [file, title, final, hp] of single) {
    describe(file, () => {
      const hits = load(file);
      it(title, () => {
        expect(hits()).toHaveLength(1);
        expect(hits()[0]!.final).toBe(final);
        expect(pools(hits()[0]!)).toEqual({ hp: hp - final });
      });
    });
  }

  describe("examples/revised-4e-insubstantial.yaml", () => {
    const hits = load("examples/revised-4e-insubstantial.yaml");
    it("example 7: physical without Advantage halves; physical with Advantage unchanged; non-physical with Advantage gains half", () => {
      // Every hit is 20 points: halved 10, unchanged 20, gains half 30; non-physical without Advantage halves (seed 001).
      expect(hits().map((h) => h.final)).toEqual([10, 20, 30, 10]);
      expect(hits().map((h) => pools(h).hp)).toEqual([90, 70, 40, 30]);
    });
  });

  describe("examples/revised-4e-swarm.yaml", () => {
    const hits = load("examples/revised-4e-swarm.yaml");
    it("example 8: non-poison single-target halves; poison single-target unchanged; any burst/blast gains half", () => {
      expect(hits().map((h) => h.final)).toEqual([10, 20, 30, 30]);
      expect(hits().map((h) => pools(h).hp)).toEqual([90, 70, 40, 10]);
    });
  });
});

describe("armor-pools (seed 004): examples 9-12", () => {
  describe("examples/armor-pools.yaml", () => {
    const hits = load("examples/armor-pools.yaml");
    it("example 12: 4 Poison vs Poison Immunity -> prevented, No Effect, nothing else happens", () => {
      const ex12 = hits()[0]!;
      expect(ex12.label).toMatch(/^Example 12:/);
      expect(ex12.prevented).toBe(true);
      expect(ex12.dealt).toBe(false);
      expect(ex12.final).toBe(0);
      expect(ex12.taken).toEqual({});
      expect(pools(ex12)).toEqual({ magicArmor: 2, physicalArmor: 1, body: 3 });
      // The chain stopped at the immunity: no later step ran.
      expect(ex12.trace.map((t) => t.step)).toEqual(["immunity"]);
    });
    it("example 9: 4 damage vs 2 magic armor, 1 physical armor, 3 body -> 0, 0, 2 body", () => {
      const ex9 = hits()[1]!;
      expect(ex9.label).toMatch(/^Example 9:/);
      expect(pools(ex9)).toEqual({ magicArmor: 0, physicalArmor: 0, body: 2 });
      expect(ex9.taken).toEqual({ magicArmor: 2, physicalArmor: 1, body: 1 });
    });
  });

  describe("examples/armor-pools-pierce.yaml", () => {
    const hits = load("examples/armor-pools-pierce.yaml");
    it("example 10: 4 pierce vs 4 monstrous armor, 4 body -> monstrous 4, body 0", () => {
      expect(pools(hits()[0]!)).toEqual({ monstrousArmor: 4, body: 0 });
      expect(hits()[0]!.taken).toEqual({ body: 4 });
    });
  });

  describe("examples/armor-pools-monstrous.yaml", () => {
    const hits = load("examples/armor-pools-monstrous.yaml");
    it("example 11: 4 damage vs 2 magic armor, 3 monstrous armor -> magic 0, monstrous 2", () => {
      expect(pools(hits()[0]!)).toEqual({ magicArmor: 0, monstrousArmor: 2, body: 5 });
      expect(hits()[0]!.taken).toEqual({ magicArmor: 2, monstrousArmor: 1 });
    });
  });
});
