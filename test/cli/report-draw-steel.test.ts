/**
 * `damage-chain report --system draw-steel` on the compendium's Draw Steel
 * sample creature (`packs-src/sample-creatures-draw-steel/`): the system's
 * own immunities and weaknesses are read, the standard hit runs through the
 * `draw-steel` profile unless another is asked for, and the multipliers are
 * Draw Steel's arithmetic (base-actor.mjs 385–397): 20 fire on fire
 * immunity 5, all immunity 1 and fire weakness 3 → 18 (0.9); 20 holy on holy
 * weakness 4 and all immunity 1 → 23 (1.15); 20 cold → 19 (0.95).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Output } from "../../src/cli/commands.ts";
import { reportCommand } from "../../src/cli/report/command.ts";

const PACK = join(import.meta.dirname, "../../packs-src/sample-creatures-draw-steel");

async function report(options: Record<string, unknown>) {
  let out = "";
  const io: Output = { out: (t) => (out += t), err: () => undefined, isTTY: false };
  expect(await reportCommand([PACK], { json: true, lang: "en", amount: "20", ...options }, io, false)).toBe(0);
  return JSON.parse(out) as { profile: string; creatures: number; before: { types: { type: string; meanMultiplier: number; resistant: number; vulnerable: number }[] }; problems: unknown[] };
}

describe("report --system draw-steel", () => {
  it("reads the sample creature's own traits under the draw-steel profile: Draw Steel's multipliers", async () => {
    const r = await report({ system: "draw-steel" });
    expect(r.profile).toBe("draw-steel");
    expect(r.creatures).toBe(1);
    expect(r.problems).toEqual([]);
    const by = Object.fromEntries(r.before.types.map((t) => [t.type, t]));
    expect([by.fire!.meanMultiplier, by.holy!.meanMultiplier, by.cold!.meanMultiplier]).toEqual([0.9, 1.15, 0.95]);
    expect([by.fire!.resistant, by.fire!.vulnerable]).toEqual([1, 1]);
  });

  it("detects the system from the document's _stats, and another profile may be asked for", async () => {
    const r = await report({ profile: "revised-4e" });
    expect(r.profile).toBe("revised-4e");
    expect(r.creatures).toBe(1);
    const fire = r.before.types.find((t) => t.type === "fire");
    expect(fire?.meanMultiplier ?? 1).toBe(1); // revised-4e has no DV or FDR step: Draw Steel's traits do nothing under it
  });
});
