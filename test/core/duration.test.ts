/** Durations as a GM types and reads them: "14d", "2w", "1h 30m". */
import { describe, expect, it } from "vitest";
import { ENGLISH_UNITS, formatDuration, parseDuration } from "../../src/core/duration.ts";

const DE = { w: "W", d: "T", h: "Std", m: "Min", s: "s" };

describe("durations", () => {
  it("formats seconds as their largest units", () => {
    expect([1_209_600, 1_296_000, 5_400, 90, 0, 604_800 + 3_600 + 1].map((s) => formatDuration(s, ENGLISH_UNITS))).toEqual(["2w", "2w 1d", "1h 30m", "1m 30s", "0s", "1w 1h 1s"]);
    expect(formatDuration(5_400, DE)).toBe("1Std 30Min");
  });

  it("reads what it writes, plain seconds, English everywhere, and the language's own letters", () => {
    for (const s of [1_209_600, 1_296_000, 5_400, 90, 0, 788_461]) {
      expect(parseDuration(formatDuration(s, ENGLISH_UNITS))).toBe(s);
      expect(parseDuration(formatDuration(s, DE), DE)).toBe(s);
    }
    expect([parseDuration("14d"), parseDuration("1h30m"), parseDuration(" 2W "), parseDuration("600")]).toEqual([1_209_600, 5_400, 1_209_600, 600]);
    expect([parseDuration("3T 2Std.", DE), parseDuration("2d", DE)]).toEqual([3 * 86_400 + 7_200, 172_800]);
  });

  it("refuses anything else", () => {
    for (const bad of ["", "2x", "h", "1.5h", "-2d", "2 weeks", "1h 30"]) expect(parseDuration(bad)).toBeUndefined();
  });
});
