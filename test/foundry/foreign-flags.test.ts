/**
 * Flags that Damage Chain did not write (another module, a macro): null, a
 * BigInt, a `__proto__` key, an unversioned layout. Through the token HUD and
 * the API the hit deals its whole damage without the chain, the GM is told
 * naming the actor and the field, and the flags stay exactly as they were.
 * A HUD decrease larger than the largest number of points a hit may carry
 * does not throw either.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type Client, type ApiLike } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

let world: World;
let ghoul: ActorDouble;
let gm: Client & { api: ApiLike };
beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  ghoul = world.addActor({ id: "ghoul", name: "Ghoul", system: { attributes: { hp: { value: 30, max: 30 } } } });
  gm = await world.connect(world.users.get("gm")!);
});

/** Each blob, and the field and reason the GM reads (named as the tab names it, never as a data path). */
const blobs: [string, () => unknown, string][] = [
  ["null", () => null, "The data as a whole"],
  ["a BigInt", () => ({ schemaVersion: 1, state: { counters: 3n } }), "counters: A BigInt cannot be stored"],
  ["a __proto__ key", () => JSON.parse('{"schemaVersion": 1, "__proto__": {"defenses": {"immunities": [{"type": "physical"}]}}}'), "__proto__: \"__proto__\" is a reserved name"],
  ["an unversioned layout", () => ({ resistances: [{ type: "physical", limit: 3 }] }), "Data version: Missing"],
];

describe.each(blobs)("flags set to %s", (_name, blob, field) => {
  it("the HUD hit deals its damage, the GM is told, the flags are left as they were", async () => {
    const flags = blob();
    ghoul.flags["damage-chain"] = flags;
    await ghoul.modifyTokenAttribute("attributes.hp", -10, true, true);
    await settle();
    expect(hp(ghoul)).toBe(20);
    expect(ghoul.flags["damage-chain"]).toBe(flags);
    const warning = gm.notes.find((n) => n.level === "warn")?.text ?? "";
    expect(warning).toContain("Ghoul");
    expect(warning).toContain(field);
    expect(warning).not.toContain("flags.");
    // One card, and its GM part (the note on the unreadable flags) whispered to the GM.
    expect([...world.messages.values()].filter((m) => m.whisper.length === 0)).toHaveLength(1);
  });

  it("the API hit deals its damage and leaves the flags as they were", async () => {
    const flags = blob();
    ghoul.flags["damage-chain"] = flags;
    await world.as(gm, () => gm.api.applyDamage([ghoul], { parts: [{ amount: 7, types: ["fire"] }] }));
    await settle();
    expect(hp(ghoul)).toBe(23);
    expect(ghoul.flags["damage-chain"]).toBe(flags);
  });
});

describe("a HUD decrease beyond 1,000,000,000 points", () => {
  it("does not throw: the whole decrease is dealt", async () => {
    ghoul.system.attributes = { hp: { value: 2_000_000_000, max: 2_000_000_000 } };
    ghoul.flags["damage-chain"] = { schemaVersion: 1 };
    await ghoul.modifyTokenAttribute("attributes.hp", -1_500_000_000, true, true);
    await settle();
    expect(hp(ghoul)).toBe(500_000_000);
    expect([...world.messages.values()].filter((m) => m.whisper.length === 0)).toHaveLength(1);
  });
});
