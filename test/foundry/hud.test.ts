/**
 * Any system: HP lowered through the token HUD bar (`modifyTokenAttribute`)
 * or a direct actor update becomes an untyped hit, resolved once, written in
 * the caller's own update (ONE write) and announced on ONE card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { drawn } from "./drawn.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const chainFlags = (a: ActorDouble) => a.flags["damage-chain"] as { state: { roundLifeLost: number } };

let world: World;
let ghoul: ActorDouble;
beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  ghoul = world.addActor({
    id: "ghoul",
    name: "Ghoul",
    system: { attributes: { hp: { value: 30, max: 30 } } },
    flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: 3, label: "Tough hide" }] } } },
  });
  await world.connect(world.users.get("gm")!);
});

describe("token HUD damage", () => {
  it("runs the HUD decrease through the chain: one write with the chain's result, one card", async () => {
    await ghoul.modifyTokenAttribute("attributes.hp", -10, true, true);
    await settle();
    // revised-4e (001): Resist physical, limit 3, against an attack removes min(10/2, 3) = 3.
    expect(hp(ghoul)).toBe(23);
    expect(chainFlags(ghoul).state.roundLifeLost).toBe(7);
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    const card = [...world.messages.values()][0]!;
    expect(await drawn(card)).toContain("Tough hide");
    expect(await drawn(card)).toContain("10 → 7");
  });

  it("treats a direct actor update that lowers HP the same way", async () => {
    await ghoul.update({ "system.attributes.hp.value": 20 });
    await settle();
    expect(hp(ghoul)).toBe(30 - (10 - 3));
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
  });

  it("leaves healing and other updates alone", async () => {
    ghoul.system.attributes = { hp: { value: 10, max: 30 } };
    await ghoul.modifyTokenAttribute("attributes.hp", 5, true, true);
    await ghoul.update({ name: "Ghast" });
    await settle();
    expect(hp(ghoul)).toBe(15);
    expect(world.messages.size).toBe(0);
    expect(ghoul.flags["damage-chain"]).toEqual({ schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: 3, label: "Tough hide" }] } });
  });

  it("announces a hit that changes nothing (immunity: No Effect) although Foundry skips the empty write", async () => {
    ghoul.flags["damage-chain"] = { schemaVersion: 1, defenses: { immunities: [{ type: "physical" }] } };
    await ghoul.modifyTokenAttribute("attributes.hp", -8, true, true);
    await settle();
    expect(hp(ghoul)).toBe(30);
    expect(world.messages.size).toBe(1);
    expect(await drawn([...world.messages.values()][0]!)).toContain("No Effect");
  });

  it("applies the damage without the chain when the flags are corrupt, and warns the GM naming actor and field", async () => {
    const corrupt = { schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: "lots" }] } };
    ghoul.flags["damage-chain"] = structuredClone(corrupt);
    await ghoul.modifyTokenAttribute("attributes.hp", -10, true, true);
    await settle();
    expect(hp(ghoul)).toBe(20);
    expect(ghoul.flags["damage-chain"]).toEqual(corrupt);
    const warning = world.clients[0]!.notes.find((n) => n.level === "warn")!;
    expect(warning.text).toContain("Ghoul");
    expect(warning.text).toContain("Resistances, row 1, Limit");
    expect(warning.text).not.toContain("flags.");
    // The card, and its GM part (the note on the bad data) whispered to the GM only.
    const [card, part] = [...world.messages.values()];
    expect(world.messages.size).toBe(2);
    expect(card!.content + JSON.stringify(card!.flags)).not.toContain("flags.damage-chain.defenses");
    expect(part!.whisper).toEqual(["gm"]);
    expect(await drawn(part!)).toContain("Resistances, row 1, Limit");
    expect(await drawn(part!)).not.toContain("flags.damage-chain");
  });
});
