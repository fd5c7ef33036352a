/**
 * Flag blobs through the adapter, with two GM clients connected: any value in
 * an actor's `flags["damage-chain"]` (fast-check `anything`, BigInts and
 * `__proto__` keys included, and valid defenders) under a token HUD hit and an
 * API hit. Nothing throws; each hit makes at most one actor write and exactly
 * one public card; unreadable flags stay exactly as they were while the hit
 * deals its whole damage; readable flags still read back after the hit.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { readStored } from "../../src/core/stored.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { defenderArb } from "./arbitraries.ts";
import { FUZZING, SEED } from "./fuzz.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

const blobArb = fc.oneof(
  fc.anything({ withBigInt: true, withNullPrototype: true, withDate: true }),
  defenderArb().map(({ defenses, state, traits }) => ({ schemaVersion: 1, defenses, state, traits })),
  fc.jsonValue().map((v) => JSON.parse(`{"__proto__": ${JSON.stringify(v) ?? "null"}, "schemaVersion": 1}`) as unknown),
);

let world: World;
let gm: Client & { api: ApiLike };
let actor: ActorDouble;

beforeAll(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("gm2", true);
  actor = world.addActor({ id: "target", name: "Target", type: "npc", system: { attributes: { hp: { value: 100, max: 100 } } } });
  gm = await world.connect(world.users.get("gm")!);
  await world.connect(world.users.get("gm2")!);
});

async function hitOnce(blob: unknown, via: "hud" | "api"): Promise<void> {
  actor.system.attributes = { hp: { value: 100, max: 100 } };
  actor.flags["damage-chain"] = blob;
  const readable = readStored(blob).ok;
  world.writes.length = 0;
  world.messages.clear();
  world.activate(gm);
  if (via === "hud") await world.as(gm, () => actor.modifyTokenAttribute("attributes.hp", -5, true, true));
  else await world.as(gm, () => gm.api.applyDamage([actor], { parts: [{ amount: 5, types: ["fire"] }] }));
  await settle();
  expect(hp(actor)).toBeLessThanOrEqual(100);
  if (!readable) {
    expect(hp(actor)).toBe(95);
    expect(actor.flags["damage-chain"]).toBe(blob);
  } else {
    expect(readStored(actor.flags["damage-chain"]).ok).toBe(true);
  }
  expect(world.actorWrites().length).toBeLessThanOrEqual(1);
  expect([...world.messages.values()].filter((m) => m.whisper.length === 0)).toHaveLength(1);
}

describe("flag blobs through the adapter (two GMs connected)", () => {
  it("token HUD and API hits: at most one write, one card, unreadable flags untouched, readable ones read back", async () => {
    await fc.assert(fc.asyncProperty(blobArb, fc.constantFrom<"hud" | "api">("hud", "api"), hitOnce), { seed: SEED, numRuns: FUZZING ? 10_000 : 60 });
  }, FUZZING ? 3_600_000 : 120_000);
});
