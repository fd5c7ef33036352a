// @vitest-environment happy-dom
/**
 * The Defenses tab on Starfinder 2e's sheets. SF2e's actor sheets are pf2e's
 * (one code base, `build/build-system.ts`): the NPC sheet's navigation as
 * foundryvtt/pf2e draws it in `static/templates/actors/npc/sheet.hbs`
 * (`nav.sheet-tabs.tabs[data-group=primary]`, `a.item[data-tab]`) gets the tab,
 * and its summary lists the actor's own SF2e immunities, weaknesses and
 * resistances under the system's id.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, type ActorDouble } from "./double.ts";
import { usePf2e } from "./pf2e-double.ts";

let world: World;
let drone: ActorDouble;

beforeEach(async () => {
  world = new World();
  usePf2e(world, "sf2e");
  world.addUser("gm", true);
  drone = world.addActor({
    id: "drone", name: "Drone", type: "npc",
    system: { traits: { value: ["tech"] }, attributes: { hp: { value: 40, max: 40, temp: 0 }, immunities: [{ type: "sonic" }], weaknesses: [{ type: "electricity", value: 5 }], resistances: [] } },
  });
  await world.connect(world.users.get("gm")!);
  const { registerDefensesTab } = await import("../../src/foundry/sheet/index.ts");
  registerDefensesTab();
});

describe("SF2e's NPC sheet", () => {
  it("gets the Defenses tab, whose summary names SF2e's own traits", async () => {
    const npc = document.createElement("div");
    npc.innerHTML = `<header class="window-header"><h4 class="window-title">Drone</h4><a class="header-button control close">Close</a></header><section class="window-content"><form><div class="npc-body"><nav class="sheet-tabs tabs" data-group="primary"><a class="item active" data-tab="main">Main</a></nav><section class="sheet-body"><div class="tab main active" data-tab="main" data-group="primary"></div></section></div></form></section>`;
    Hooks.callAll("renderActorSheet", { actor: drone, element: [npc] } as never, [npc.querySelector("form")!] as never, {} as never);
    expect(npc.querySelectorAll('nav [data-tab="damageChain"]')).toHaveLength(1);
    await expect.poll(() => npc.querySelector("[data-damage-chain-tab]")).not.toBeNull();
    await expect.poll(() => npc.querySelector('.tab[data-tab="damageChain"]')?.textContent ?? "").toMatch(/From sf2e:/);
    const text = npc.querySelector('.tab[data-tab="damageChain"]')!.textContent!.replace(/\s+/g, " ");
    expect(text).toMatch(/immune to sonic/);
    expect(text).toMatch(/weak to electricity 5/);
  });
});
