/**
 * Quench wiring: the module listens for Quench's `quenchReady` and only then
 * loads the in-world batches (a dynamic import, a chunk of its own in the
 * build) and registers them with the Quench API it is handed.
 */
import { describe, expect, it, vi } from "vitest";
import { World } from "./double.ts";

describe("Quench batches", () => {
  it("are registered with Quench on quenchReady, every batch once", async () => {
    const world = new World();
    const gm = await world.connect(world.addUser("gm", true));
    const registered: string[] = [];
    gm.hooks.callAll("quenchReady", { registerBatch: (key: string) => void registered.push(key) });
    await vi.waitFor(() => expect(registered).toHaveLength(6));
    expect(registered).toEqual(["damage-chain.hud", "damage-chain.api", "damage-chain.dnd5e", "damage-chain.variableResistance", "damage-chain.statuses", "damage-chain.applyDialog"]);
    expect(gm.hooks.events.quenchReady).toEqual([]); // a listener that ran once and is gone
  });
});
