/**
 * Status effects under dnd5e: dnd5e 5.x replaces
 * `CONFIG.statusEffects` with its own ids (`sleeping`, `stunned`,
 * `unconscious`…; dnd5e.mjs `_configureStatusEffects`) and sets
 * `CONFIG.specialStatusEffects` (DEFEATED → `dead`). Conditions map to those
 * ids; dead/defeated go through `CONFIG.specialStatusEffects.DEFEATED`; a v14
 * `CONFIG.statusEffects` (a record keyed by id) is read as well.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DND5E_STATUS_IDS, hp5e, useDnd5e } from "./dnd5e-double.ts";
import { World, type ActorDouble } from "./double.ts";

let world: World;
let gm: Awaited<ReturnType<World["connect"]>>;
let imp: ActorDouble;
const hit = { parts: [{ amount: 12, types: ["cold"] }] };

beforeEach(async () => {
  world = new World();
  useDnd5e(world);
  world.addUser("gm", true);
  imp = world.addActor({
    id: "imp", name: "Imp", type: "npc",
    system: { attributes: { hp: hp5e(12, 12) } },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "asleep" }, { type: "cold", gains: "stunned" }] } } },
  });
  gm = await world.connect(world.users.get("gm")!);
  gm.api.profiles.register({ id: "frost", name: "Frost", steps: [{ step: "life", options: { atZero: "dead" } }, { step: "triggers" }] });
});

describe("status effects under dnd5e", () => {
  it("maps conditions to dnd5e's own ids: asleep → sleeping, stunned → stunned, dead → the DEFEATED special status", async () => {
    await gm.api.applyDamage([{ actor: imp }], hit, { profile: "frost" });
    expect([...imp.statuses].sort()).toEqual(["dead", "sleeping", "stunned"]);
  });

  it("dead follows CONFIG.specialStatusEffects.DEFEATED when a system names it differently", async () => {
    gm.config.statusEffects = [...gm.config.statusEffects.filter((s) => s.id !== "dead"), { id: "defeated-5e", name: "Defeated" }];
    (gm.config as unknown as { specialStatusEffects: Record<string, string> }).specialStatusEffects.DEFEATED = "defeated-5e";
    await gm.api.applyDamage([{ actor: imp }], hit, { profile: "frost" });
    expect([...imp.statuses].sort()).toEqual(["defeated-5e", "sleeping", "stunned"]);
  });

  it("reads Foundry v14's CONFIG.statusEffects, a record keyed by id", async () => {
    (gm.config as unknown as { statusEffects: unknown }).statusEffects = Object.fromEntries(DND5E_STATUS_IDS.map((id) => [id, { id, name: id }]));
    await gm.api.applyDamage([{ actor: imp }], hit, { profile: "frost" });
    expect([...imp.statuses].sort()).toEqual(["dead", "sleeping", "stunned"]);
    expect(gm.notes.filter((n) => n.level !== "info")).toEqual([]);
  });
});
