/** Actor types in the reader's language: `CONFIG.Actor.typeLabels` localized, else the id. */
import { describe, expect, it } from "vitest";
import { World } from "./double.ts";

describe("actor type labels", () => {
  it("localizes the system's label of a type and falls back to the id", async () => {
    const world = new World();
    world.addUser("gm", true);
    const gm = await world.connect(world.users.get("gm")!);
    const { actorTypeLabel } = await import("../../src/foundry/actor/type-label.ts");
    gm.config.Actor.typeLabels.npc = "DAMAGECHAIN.Profile.card-game"; // any key of the lang file stands in for the system's
    world.as(gm, () => {
      expect(actorTypeLabel("npc")).toBe("Card game (002)");
      expect(actorTypeLabel("vehicle")).toBe("vehicle");
    });
  });
});
