/**
 * Conditions as Foundry status effects: the conditions a hit causes turn on
 * the status of `CONFIG.statusEffects` with the same id, else an alias
 * (dying → unconscious, stunned → stun...), through `Actor#toggleStatusEffect`;
 * undo turns off exactly the statuses the hit turned on. The world setting
 * `applyStatusEffects` switches it off. The hit is still ONE actor write and
 * ONE card on every path.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyDamage5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";
import { readCard } from "./drawn.ts";

const conditions = (a: ActorDouble) => (a.flags["damage-chain"] as { state?: { conditions: string[] } }).state?.conditions ?? [];
const effectWrites = (world: World) => world.writes.filter((w) => w.collection === "ActiveEffect").map((w) => w.ids[0]);
/** 12 cold: the triggers fire, and 12 HP reach 0 (dying). */
const frost = { parts: [{ amount: 12, types: ["cold"] }] };

let world: World;
let gm: Awaited<ReturnType<World["connect"]>>;
let imp: ActorDouble;

/** A world of `systemId` (a system's folder is loaded at init, only in worlds of that system) with the imp, the GM connected. */
async function setup(systemId?: string): Promise<void> {
  world = new World();
  if (systemId !== undefined) world.systemId = systemId;
  world.addUser("gm", true);
  imp = world.addActor({
    id: "imp", name: "Imp", type: "npc",
    system: { attributes: { hp: { value: 12, max: 12, temp: 0 } } },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "prone" }, { type: "cold", gains: "stunned" }, { type: "cold", gains: "slowed" }] } } },
  });
  gm = await world.connect(world.users.get("gm")!);
  gm.api.profiles.register({ id: "frost", name: "Frost", steps: [{ step: "life" }, { step: "triggers" }] });
}

beforeEach(() => setup());

describe("conditions as status effects", () => {
  it("turns on the status of each condition (same id or alias), one actor write and one card; undo turns them off", async () => {
    const outcome = await gm.api.applyDamage([{ actor: imp }], frost, { profile: "frost" });
    expect(conditions(imp)).toEqual(["dying", "prone", "stunned", "slowed"]);
    // dying → unconscious, prone → prone, stunned → stun; slowed has no status and stays in the flags only.
    expect([...imp.statuses].sort()).toEqual(["prone", "stun", "unconscious"]);
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    expect(await gm.api.undo(outcome.messageId!)).toBe("reverted");
    expect([...imp.statuses]).toEqual([]);
    expect(conditions(imp)).toEqual([]);
  });

  it("leaves statuses the actor already had alone, on the hit and on undo", async () => {
    await imp.toggleStatusEffect("prone", { active: true });
    const writesBefore = effectWrites(world);
    const outcome = await gm.api.applyDamage([{ actor: imp }], frost, { profile: "frost" });
    expect(effectWrites(world).slice(writesBefore.length).sort()).toEqual(["imp.stun", "imp.unconscious"]);
    await gm.api.undo(outcome.messageId!);
    expect([...imp.statuses]).toEqual(["prone"]);
  });

  it("prefers a status with the condition's own id (dnd5e's incapacitated) over the alias", async () => {
    gm.config.statusEffects.push({ id: "incapacitated", name: "incapacitated" });
    imp.flags["damage-chain"] = { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "incapacitated" }] } };
    await gm.api.applyDamage([{ actor: imp }], { parts: [{ amount: 3, types: ["cold"] }] }, { profile: "frost" });
    expect([...imp.statuses]).toEqual(["incapacitated"]);
  });

  it("does nothing with the setting off: the conditions stay in the flags only", async () => {
    await world.setSetting("damage-chain.applyStatusEffects", false);
    await gm.api.applyDamage([{ actor: imp }], frost, { profile: "frost" });
    expect(conditions(imp)).toContain("prone");
    expect([...imp.statuses]).toEqual([]);
    expect(effectWrites(world)).toEqual([]);
  });

  it("token HUD: the caller's one write, then the statuses, one card; undo turns them off", async () => {
    await world.setSetting("damage-chain.profile", "frost");
    await imp.modifyTokenAttribute("attributes.hp", -12, true, true);
    await settle();
    expect([...imp.statuses]).toEqual(["unconscious"]);
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    await gm.api.undo([...world.messages.keys()][0]!);
    expect([...imp.statuses]).toEqual([]);
  });

  it("dnd5e: the application's one write, then the statuses, one card", async () => {
    await setup("dnd5e");
    await world.setSetting("damage-chain.profile", "frost");
    await world.as(gm, async () => {
      await applyDamage5e(imp, [{ value: 12, type: "cold" }], { originatingMessage: { id: "roll" } });
    });
    await settle();
    expect([...imp.statuses].sort()).toEqual(["prone", "stun", "unconscious"]);
    expect(world.actorWrites()).toHaveLength(1); // the dnd5e hit
    expect(world.messages.size).toBe(1);
  });

  it("reports a status that cannot be set and still writes the hit and posts the card", async () => {
    imp.flags["damage-chain"] = { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "prone" }] } };
    imp.toggleStatusEffect = () => Promise.reject(new Error("refused by the system"));
    const outcome = await gm.api.applyDamage([{ actor: imp }], { parts: [{ amount: 3, types: ["cold"] }] }, { profile: "frost" });
    expect(conditions(imp)).toEqual(["prone"]);
    expect(world.messages.size).toBe(1);
    expect(gm.notes.at(-1)!.text).toBe("Damage Chain: could not change the status effect prone of Imp (refused by the system).");
    expect(readCard(world.messages.get(outcome.messageId!)!).deltas[0]!.statuses).toBeUndefined();
  });
});
