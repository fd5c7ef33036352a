/**
 * Two midi-qol applications on one creature in the same tick, written by the
 * active GM: both count, also after another GM's token-HUD hit in the same
 * tick as one. The last case is what `same-tick-paths.property.test.ts` met
 * under `npm run fuzz` (seed 20261123): the midi-qol double ran its
 * `dnd5e.applyDamage` after the write with whichever client's globals were
 * installed last (the other GM's), so the GM's hit never left its in-flight
 * list and the next pair was planned from it. A fault of the double (each
 * Foundry client is its own process), fixed there: every step after a wait
 * runs on the GM's client again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { hp5e } from "./dnd5e-double.ts";
import { midiApplyTokenDamage, useMidi } from "./midi-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
let world: World;
let gm: Client & { api: ApiLike };
let golem: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.latency = 3;
  world.systemId = "dnd5e";
  useMidi(world);
  world.addUser("a-gm", true);
  world.addUser("b-gm", true);
  golem = world.addActor({ id: "golem", name: "golem", type: "npc", system: { attributes: { hp: hp5e(200, 200) }, traits: { di: { value: new Set(["slashing"]) } } } });
  gm = (await world.connect(world.users.get("a-gm")!)) as typeof gm;
  await world.connect(world.users.get("b-gm")!);
});

const fire = (n: number) => midiApplyTokenDamage(world, gm, [{ value: n, type: "fire", properties: new Set() }], [golem]);

describe("midi-qol: same-tick applications add up", () => {
  it("two of 1 at 200 leave 198", async () => {
    await Promise.all([fire(1), fire(1)]);
    await settle();
    expect(hp(golem)).toBe(198);
  });

  it("after a first pair, a second pair of 1 still adds up (200 → 196)", async () => {
    await Promise.all([fire(1), fire(1)]);
    await settle();
    await Promise.all([fire(1), fire(1)]);
    await settle();
    expect(hp(golem)).toBe(196);
  });

  it("a HUD hit from the other GM in the same tick as one, then a pair of 1 (200 → 196)", async () => {
    const other = world.clients.find((c) => c.user.id === "b-gm")!;
    await Promise.all([fire(1), world.as(other, () => golem.modifyTokenAttribute("attributes.hp", -1, true, true))]);
    for (let i = 0; i < 100 && hp(golem) !== 198; i++) await new Promise((r) => setTimeout(r, 10));
    await settle();
    expect(hp(golem)).toBe(198);
    await Promise.all([fire(1), fire(1)]);
    await settle();
    expect(hp(golem)).toBe(196);
  });
});
