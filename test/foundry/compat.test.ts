/**
 * One build for Foundry v13 and v14: module.json declares
 * v13 as the minimum and the v14 build whose API was checked as verified
 * (README "Foundry v13 and v14").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../module.json"), "utf8")) as { compatibility: { minimum: string; verified: string } };

describe("module.json compatibility", () => {
  it("minimum 13, verified a v14 build", () => {
    expect(manifest.compatibility.minimum).toBe("13");
    expect(manifest.compatibility.verified).toMatch(/^14\.\d+$/);
  });
});
