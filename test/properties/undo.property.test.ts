/**
 * Undo sequences through the Foundry double: 100+ mixed hits on
 * a few actors (typed damage, resistances, one-time prevention, shells,
 * triggers, Variable Resistance), then every card undone in reverse order or
 * in random order. Reverse order restores every actor exactly; in random
 * order an older card is refused while a newer hit on one of its actors
 * stands, and undoing the refused ones afterwards, newest first, restores
 * everything. At every step every actor's flags read back. About 0.15 s a
 * case (a hundred writes and cards through the double, one world for all
 * cases): one case each under `npm test`, 10,000 under `npm run fuzz`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readStored } from "../../src/core/stored.ts";
import { World, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { FUZZ_RUNS, FUZZING, SEED } from "./fuzz.ts";

const TYPES = ["poison", "fire", "cold", "acid", "physical", "lightning"];
const snapshot = (a: ActorDouble) => structuredClone({ system: a.system, flags: a.flags });

/** One world and one GM client for every case (loading the module is most of a fresh world's cost); each case gets new actors and an empty chat log. */
let shared: { world: World; gm: Client & { api: ApiLike } } | undefined;
let cases = 0;

async function setUp(hp = 400): Promise<{ world: World; gm: Client & { api: ApiLike }; actors: ActorDouble[] }> {
  if (shared === undefined) {
    const world = new World();
    world.addUser("gm", true);
    const gm = await world.connect(world.users.get("gm")!);
    gm.api.profiles.register({ id: "undo-fuzz", name: "Undo fuzz", steps: [{ step: "prevention" }, { step: "resistance" }, { step: "damageShell" }, { step: "life" }, { step: "triggers" }, { step: "variableResistance" }] });
    shared = { world, gm };
  }
  const { world, gm } = shared;
  world.actors.clear();
  world.messages.clear();
  world.writes.length = 0;
  const n = ++cases;
  const defenses = {
    prevention: [{ id: "ward", kind: "oneTime", uses: 2, types: ["poison"] }],
    shells: [{ id: "last-stand", value: 15, cooldown: 600 }],
    resistances: [{ type: "fire", limit: 4 }],
    triggers: [{ type: "cold", gains: "slowed" }],
    keywords: ["variableResistance"],
  };
  const actors = ["a", "b", "c"].map((id, i) =>
    world.addActor({ id: `${id}${n}`, name: id, type: "npc", system: { attributes: { hp: { value: hp, max: 400 } } }, flags: i === 2 ? {} : { "damage-chain": { schemaVersion: 1, defenses } } }),
  );
  return { world, gm, actors };
}

const hitsArb = fc.array(fc.record({ targets: fc.subarray([0, 1, 2], { minLength: 1 }), amount: fc.integer({ min: 0, max: 12 }), type: fc.constantFrom(...TYPES), advance: fc.boolean() }), { minLength: 100, maxLength: 120 });

async function runSequence(hits: { targets: number[]; amount: number; type: string; advance: boolean }[], order: number[] | "reverse"): Promise<void> {
  const { world, gm, actors } = await setUp();
  const initial = actors.map(snapshot);
  const cards: string[] = [];
  for (const h of hits) {
    if (h.advance) world.worldTime += 60;
    const out = await gm.api.applyDamage(h.targets.map((i) => actors[i]), { parts: [{ amount: h.amount, types: [h.type] }] }, { profile: "undo-fuzz" });
    if (out.messageId !== null) cards.push(out.messageId);
  }
  const undo = async (id: string): Promise<string> => {
    const result = await gm.api.undo(id);
    for (const a of actors) expect(readStored(a.flags["damage-chain"]).ok).toBe(true);
    return result;
  };
  // First the given order (every card once): each undo either restores its hit or is refused.
  const first = order === "reverse" ? [...cards].reverse() : order.map((i) => cards[i % cards.length]!).filter((id, i, all) => all.indexOf(id) === i);
  const done = new Set<string>();
  for (const id of first) {
    const result = await undo(id);
    if (order === "reverse") expect(result).toBe("reverted");
    else expect(["reverted", "refused"]).toContain(result);
    if (result === "reverted") done.add(id);
  }
  // Then the rest, newest first: each is now the newest hit on its actors.
  const pending: string[] = [];
  for (const id of [...cards].reverse()) if (!done.has(id) && (await undo(id)) !== "reverted") pending.push(id);
  expect(pending).toEqual([]);
  expect(actors.map(snapshot)).toEqual(initial.map((s, i) => (i === 2 ? { ...s, flags: actors[2]!.flags } : s)));
  expect((actors[2]!.flags["damage-chain"] as { state?: unknown } | undefined)?.state).toBeUndefined();
}

const runs = FUZZING ? FUZZ_RUNS : 1;
const timeout = FUZZING ? 4 * 3_600_000 : 120_000;

describe("undo sequences of 100+ mixed hits", () => {
  it("in reverse order restore every actor exactly", async () => {
    await fc.assert(fc.asyncProperty(hitsArb, (hits) => runSequence(hits, "reverse")), { seed: SEED, numRuns: runs });
  }, timeout);

  it("in random order: older cards are refused until the newer hits are undone, and everything comes back", async () => {
    await fc.assert(fc.asyncProperty(hitsArb, fc.array(fc.nat(), { minLength: 100, maxLength: 200 }), (hits, order) => runSequence(hits, order)), { seed: SEED, numRuns: runs });
  }, timeout);
});

/**
 * Equal values: actors at few or no hit points, so hits leave
 * the same values again and again (HP stays 0, `slowed` comes back, Variable
 * Resistance picks the same type), and the GM's hand edits between hits
 * (clearing the conditions, resetting the state). Whatever the order of the
 * undos, an undo goes through only for a card that is the newest standing
 * hit on every actor it names; a refused one writes nothing.
 */
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("hit" as const), targets: fc.subarray([0, 1, 2], { minLength: 1 }), amount: fc.integer({ min: 0, max: 6 }), type: fc.constantFrom("cold", "fire", "acid") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("edit" as const), target: fc.constantFrom(0, 1), conditions: fc.constantFrom<string[]>([], ["slowed"]) }) },
);

type Step = { kind: "hit"; targets: number[]; amount: number; type: string } | { kind: "edit"; target: number; conditions: string[] };

async function runEqualValues(hp: number, steps: Step[], order: number[]): Promise<void> {
  const { gm, actors } = await setUp(hp);
  const cards: { id: string; targets: Set<number> }[] = [];
  for (const step of steps) {
    if (step.kind === "edit") {
      await actors[step.target]!.update({ "flags.damage-chain.state.conditions": step.conditions });
      continue;
    }
    const out = await gm.api.applyDamage(step.targets.map((i) => actors[i]), { parts: [{ amount: step.amount, types: [step.type] }] }, { profile: "undo-fuzz" });
    if (out.messageId !== null) cards.push({ id: out.messageId, targets: new Set(step.targets) });
  }
  const reverted = new Set<string>();
  for (const i of order) {
    if (cards.length === 0) break;
    const card = cards[i % cards.length]!;
    if (reverted.has(card.id)) continue;
    const before = actors.map(snapshot);
    const result = await gm.api.undo(card.id);
    expect(["reverted", "refused"]).toContain(result);
    const newest = cards.slice(cards.indexOf(card) + 1).every((c) => reverted.has(c.id) || [...c.targets].every((t) => !card.targets.has(t)));
    if (result === "reverted") {
      expect(newest).toBe(true);
      reverted.add(card.id);
    } else expect(actors.map(snapshot)).toEqual(before);
    for (const a of actors) expect(readStored(a.flags["damage-chain"]).ok).toBe(true);
  }
}

describe("undo with equal values and hand edits between hits", () => {
  it("goes through only for the newest standing hit on each of its actors", async () => {
    const steps = fc.array(stepArb, { minLength: 2, maxLength: 30 });
    await fc.assert(fc.asyncProperty(fc.constantFrom(0, 2, 400), steps, fc.array(fc.nat(), { minLength: 10, maxLength: 60 }), runEqualValues), { seed: SEED, numRuns: FUZZING ? FUZZ_RUNS : 60 });
  }, timeout);
});
