/**
 * Hits and GM edits after a bulk retrofit: a batch (dnd5e
 * import and 001 templates) on three creatures, then random cold, fire and
 * poison hits on random creatures and GM edits that add entries of the GM's
 * own, then the batch's undo. The undo takes out the batch's entries only:
 * what the hits wrote (state, hit points) is as they left it (an actor that
 * had no flags and that nothing wrote since loses them again), the GM's own
 * entries and those from before the batch are kept, and no entry the batch
 * tagged is left. Quick cases under `npm test`, 10,000 under `npm run fuzz`.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { emptyStored } from "../../src/core/stored.ts";
import { World, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { params } from "./fuzz.ts";

type Batch = typeof import("../../src/foundry/apps/bestiary/batch.ts");
const set = (v: string[]) => ({ value: new Set(v), bypasses: new Set<string>(), custom: "" });
const npc = (type: string, di: string[], dr: string[]) => ({
  attributes: { hp: { value: 60, max: 60 } },
  details: { type: { value: type, subtype: "", swarm: "", custom: "" } },
  traits: { di: set(di), dr: set(dr), dv: set([]), ci: { value: new Set(), custom: "" }, dm: { amount: {}, bypasses: new Set() } },
});

let shared: { world: World; gm: Client & { api: ApiLike }; batch: Batch } | undefined;
let cases = 0;

async function setUp(): Promise<{ world: World; gm: Client & { api: ApiLike }; batch: Batch; actors: ActorDouble[] }> {
  if (shared === undefined) {
    const world = new World();
    world.systemId = "dnd5e";
    world.addUser("gm", true);
    const gm = await world.connect(world.users.get("gm")!);
    shared = { world, gm, batch: await import("../../src/foundry/apps/bestiary/batch.ts") };
  }
  const { world } = shared;
  world.actors.clear();
  world.messages.clear();
  const n = ++cases;
  const actors = [
    world.addActor({ id: `w${n}`, name: "Wight", type: "npc", system: npc("undead", ["poison"], ["necrotic", "cold"]), flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5 }] } } } }),
    world.addActor({ id: `g${n}`, name: "Golem", type: "npc", system: npc("construct", ["poison"], []) }),
    world.addActor({ id: `d${n}`, name: "Demon", type: "npc", system: npc("fiend", [], ["cold"]) }),
  ];
  return { ...shared, actors };
}

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant("hit" as const), target: fc.nat(2), amount: fc.integer({ min: 0, max: 9 }), type: fc.constantFrom("cold", "fire", "poison") }),
  fc.record({ kind: fc.constant("edit" as const), target: fc.nat(2), type: fc.constantFrom("acid", "thunder") }),
);

it("undoing a batch after hits and edits keeps what they wrote and takes out only the batch's entries", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { maxLength: 8 }), fc.boolean(), async (steps, templates) => {
      const { world, gm, batch, actors } = await setUp();
      const as = <T>(fn: () => T): T =>
        world.as(gm, () => {
          (globalThis as unknown as { game: { actors: unknown } }).game.actors = { [Symbol.iterator]: () => world.actors.values() };
          return fn();
        });
      const { rows } = as(() => batch.previewBatch(batch.selectActors(batch.worldActors(), {}), { importSystem: "dnd5e", templates }));
      await as(() => batch.applyBatch(rows));
      const own: Record<string, unknown[]> = {};
      for (const step of steps) {
        const actor = actors[step.target]!;
        if (step.kind === "hit") await world.as(gm, () => gm.api.applyDamage([{ actor }], { parts: [{ amount: step.amount, types: [step.type] }] }));
        else {
          const flags = (actor.flags["damage-chain"] ?? { schemaVersion: 1 }) as { defenses?: { resistances?: unknown[] } };
          const entry = { type: step.type, limit: 1 };
          await world.as(gm, () => actor.update({ "flags.damage-chain.defenses.resistances": [...(flags.defenses?.resistances ?? []), entry], "flags.damage-chain.schemaVersion": 1 }));
          (own[actor.id] ??= []).push(entry);
        }
      }
      const before = actors.map((a) => structuredClone({ system: a.system, state: (a.flags["damage-chain"] as { state?: unknown } | undefined)?.state }));
      await as(() => batch.undoBatch());
      actors.forEach((a, i) => {
        const flags = a.flags["damage-chain"] as { defenses?: Record<string, { template?: string }[]>; state?: unknown } | undefined;
        // An actor that had no flags and that nothing wrote since loses the batch's whole flag object.
        const state = flags === undefined ? emptyStored().state : flags.state;
        expect({ system: a.system, state }).toEqual(before[i]);
        const entries = Object.values(flags?.defenses ?? {}).flat();
        expect(entries.filter((e) => typeof e === "object" && e !== null && typeof e.template === "string")).toEqual([]);
        for (const entry of own[a.id] ?? []) expect(flags?.defenses?.resistances).toContainEqual(entry);
      });
      expect((actors[0]!.flags["damage-chain"] as { defenses: { resistances: unknown[] } }).defenses.resistances).toContainEqual({ type: "fire", limit: 5 });
    }),
    params(30),
  );
}, 3_600_000);
